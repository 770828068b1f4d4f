import { GALLERY_SHELL_ATTRIBUTE } from '../../contract/galleryRows';

/**
 * A booth gallery's page may arrive with its first photos drawn over the top by the server
 * (server/src/modules/firstPaint/http/galleryShell.ts), where the app then draws the same photos: the app removes
 * that copy once its own photos are on the screen, so nothing flashes, or as soon as it shows
 * anything else (another screen, an error, an empty gallery).
 */

const SELECTOR = `[${GALLERY_SHELL_ATTRIBUTE}]`;

/**
 * The longest the copy stays once the app's photos are drawn: a photo that never arrives must not keep the page
 * covered.
 */
const SHOWN_WAIT_MS = 3000;

export function hasGalleryShell(): boolean {
  return typeof document !== 'undefined' && document.querySelector(SELECTOR) !== null;
}

export function removeGalleryShell(): void {
  if (typeof document === 'undefined') return;
  for (const shell of document.querySelectorAll(SELECTOR)) shell.remove();
}

/** Settles once the image has arrived and can be painted at once (or has failed). */
function decoded(image: HTMLImageElement): Promise<unknown> {
  if (typeof image.decode === 'function') return image.decode().catch(() => undefined);
  if (image.complete) return Promise.resolve();
  return new Promise((resolve) => {
    image.addEventListener('load', resolve, { once: true });
    image.addEventListener('error', resolve, { once: true });
  });
}

/**
 * Removes the copy in the frame after the app's own `images` are ready to paint (or after
 * SHOWN_WAIT_MS); the returned function calls that off (the gallery drew other photos meanwhile).
 */
export function removeGalleryShellOnceShown(images: readonly HTMLImageElement[]): () => void {
  let settled = false;
  const remove = () => {
    if (settled) return;
    settled = true;
    clearTimeout(timer);
    requestAnimationFrame(removeGalleryShell);
  };
  const timer = setTimeout(remove, SHOWN_WAIT_MS);
  void Promise.all(images.map(decoded)).then(remove);
  return () => {
    settled = true;
    clearTimeout(timer);
  };
}
