/**
 * The loader of a page that arrives with a photo in it, the collect page's or a booth gallery's
 * first (contract/firstPaint/photoFirst.ts), or with the events list's empty state: its own tiny entry, with
 * no runtime and no imports but the rules, so that it arrives at once and asks for the app once
 * the photo is in, or the words are painted.
 */
import { EVENTS_SHELL_ATTRIBUTE } from '../../contract/eventsList';
import { GALLERY_SHELL_ATTRIBUTE } from '../../contract/galleryRows';
import {
  afterFirstFrame,
  afterPhoto,
  scriptList,
  SHELL_PHOTO_SELECTOR,
  type LoadingPhoto,
  type PhotoFirstClock,
} from '../../contract/firstPaint/photoFirst';
import { removeWhenAppRenders } from './shellRemoval';

/**
 * Loaded is not yet shown: a large photo is decoded, then painted, then presented. Where the
 * browser reports its largest paints, the photo's own entry says it is on the screen; elsewhere,
 * the frame after its decode.
 */
function whenShownInBrowser(photo: LoadingPhoto, callback: () => void): void {
  if (
    typeof PerformanceObserver !== 'undefined' &&
    PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint')
  ) {
    // A gallery's first photos are alike: whichever of them (or of their backdrops) is painted
    // first is the page's largest paint.
    const gallery = photo instanceof Element ? photo.closest(`[${GALLERY_SHELL_ATTRIBUTE}]`) : null;
    const observer = new PerformanceObserver((list) => {
      // The photo's own pixels, not its thumbnail: that is painted first, as its background.
      const shown = list.getEntries().some((entry) => {
        const paint = entry as PerformanceEntry & { element?: unknown; url?: string };
        if (paint.element === photo && paint.url === photo.src) return true;
        return (
          gallery !== null && paint.element instanceof Element && gallery.contains(paint.element) && Boolean(paint.url)
        );
      });
      if (!shown) return;
      observer.disconnect();
      callback();
    });
    observer.observe({ type: 'largest-contentful-paint', buffered: true });
    return;
  }
  const afterFrame = () => requestAnimationFrame(() => setTimeout(callback, 0));
  const image = photo as LoadingPhoto & { decode?: () => Promise<void> };
  if (image.decode) image.decode().then(afterFrame, afterFrame);
  else afterFrame();
}

const browserClock: PhotoFirstClock = {
  setTimer: (callback, ms) => setTimeout(callback, ms),
  whenShown: whenShownInBrowser,
};

const loader = document.currentScript as HTMLScriptElement | null;
const scripts = scriptList(loader?.dataset.scripts);

const photo = document.querySelector<HTMLImageElement>(SHELL_PHOTO_SELECTOR);

function startApp(): void {
  for (const src of scripts) {
    const script = document.createElement('script');
    script.src = src;
    // Inserted scripts run as they arrive unless told otherwise: the runtime must run first.
    script.async = false;
    document.head.appendChild(script);
  }
}

if (!photo && document.querySelector(`[${EVENTS_SHELL_ATTRIBUTE}]`)) {
  removeWhenAppRenders(document.getElementById('root'), () => document.querySelectorAll(`[${EVENTS_SHELL_ATTRIBUTE}]`));
  // Words are painted with the first frame: the app's code is asked for after it, so that neither
  // its bytes nor its run come before that paint.
  afterFirstFrame(startApp, (callback) => requestAnimationFrame(() => setTimeout(callback, 0)), browserClock.setTimer);
} else {
  afterPhoto(
    // A photo the page does not show is not waited for: it would never be painted (a booth
    // gallery's first photos are drawn for phones only: server/src/modules/firstPaint/http/galleryShell.ts).
    photo && photo.getClientRects().length > 0 ? photo : null,
    startApp,
    browserClock,
  );
}
