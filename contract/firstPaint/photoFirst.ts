/**
 * Photo first (the collect page, a booth gallery): on slow venue Wi-Fi the app's scripts and the
 * guest's photo share one thin connection, and the photo is what the guest came for. When the
 * server has put the photo in the page (server/src/modules/firstPaint/http/collectPreload.ts; a gallery's first
 * photos, server/src/modules/firstPaint/http/galleryShell.ts), it replaces the app's script tags
 * with one small loader (src/firstPaint/photoFirstLoader.ts) that asks for them once the photo has arrived,
 * failed, or taken too long.
 */

/** The loader, at the root of the build (revalidated on every visit, like the pages). */
export const PHOTO_FIRST_SCRIPT = '/photo-first.js';

/** The early photo the server draws before the app root, found by this attribute. */
export const SHELL_PHOTO_SELECTOR = 'img[data-shell-preview]';

/** The longest the scripts wait for the photo: a huge original on a dead link must not keep the page inert. */
const PHOTO_FIRST_WAIT_MS = 3000;

/** What the loader needs of the early photo: whether it is there already, and its two endings. */
export interface LoadingPhoto {
  readonly complete: boolean;
  /** 0 for a photo that failed (a failed image is `complete` too). */
  readonly naturalWidth: number;
  /** Its address, absolute (as the browser's paint entries name it). */
  readonly src: string;
  addEventListener(type: 'load' | 'error', listener: () => void, options: { once: true }): void;
}

/** How the loader waits: a timer, and the moment a loaded photo is on the screen. */
export interface PhotoFirstClock {
  setTimer(callback: () => void, ms: number): unknown;
  whenShown(photo: LoadingPhoto, callback: () => void): void;
}

/**
 * Calls `start` once: at once when there is no photo or it failed; else once the photo is on the
 * screen, or has failed, or after `waitMs`, whichever comes first.
 */
export function afterPhoto(
  photo: LoadingPhoto | null,
  start: () => void,
  clock: PhotoFirstClock,
  waitMs: number = PHOTO_FIRST_WAIT_MS,
): void {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    start();
  };
  if (!photo || (photo.complete && photo.naturalWidth === 0)) return once();
  // Arrived before the loader ran is not yet shown either.
  if (photo.complete) clock.whenShown(photo, once);
  else {
    photo.addEventListener('load', () => clock.whenShown(photo, once), { once: true });
    photo.addEventListener('error', once, { once: true });
  }
  clock.setTimer(once, waitMs);
}

/**
 * Calls `start` once the page's first frame is painted (`nextFrame`: the browser's next frame, then
 * a task after it), or after `waitMs` (a tab in the background paints no frame): for words the
 * server drew into the page (the events list's empty state, server/src/modules/firstPaint/http/eventsListShell.ts),
 * which are painted with that frame, as soon as the stylesheet is in.
 */
export function afterFirstFrame(
  start: () => void,
  nextFrame: (callback: () => void) => void,
  setTimer: PhotoFirstClock['setTimer'],
  waitMs = PHOTO_FIRST_WAIT_MS,
): void {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    start();
  };
  nextFrame(once);
  setTimer(once, waitMs);
}

/** The script URLs the loader is given, in order (a space-separated attribute value). */
export function scriptList(value: string | undefined | null): string[] {
  return (value ?? '').split(/\s+/).filter((src) => src.startsWith('/') && !src.startsWith('//'));
}
