/**
 * The collect page's loader (contract/photoFirst.ts): its own tiny entry, with no runtime and no
 * imports but the rule, so that it arrives at once and asks for the app once the photo is in.
 */
import { afterPhoto, scriptList, SHELL_PHOTO_SELECTOR, type LoadingPhoto, type PhotoFirstClock } from '../../contract/photoFirst';

/**
 * Loaded is not yet shown: a large photo is decoded, then painted, then presented. Where the
 * browser reports its largest paints, the photo's own entry says it is on the screen; elsewhere,
 * the frame after its decode.
 */
function whenShownInBrowser(photo: LoadingPhoto, callback: () => void): void {
  if (typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint')) {
    const observer = new PerformanceObserver((list) => {
      // The photo's own pixels, not its thumbnail: that is painted first, as its background.
      const shown = list.getEntries().some((entry) => {
        const paint = entry as PerformanceEntry & { element?: unknown; url?: string };
        return paint.element === photo && paint.url === photo.src;
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

afterPhoto(
  document.querySelector<HTMLImageElement>(SHELL_PHOTO_SELECTOR),
  () => {
    for (const src of scripts) {
      const script = document.createElement('script');
      script.src = src;
      // Inserted scripts run as they arrive unless told otherwise: the runtime must run first.
      script.async = false;
      document.head.appendChild(script);
    }
  },
  browserClock,
);
