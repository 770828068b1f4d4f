/**
 * The collect page's loader (src/lib/photoFirst.ts): its own tiny entry, with no runtime and no
 * imports but the rule, so that it arrives at once and asks for the app once the photo is in.
 */
import { afterPhoto, scriptList, SHELL_PHOTO_SELECTOR } from '../lib/photoFirst';

const loader = document.currentScript as HTMLScriptElement | null;
const scripts = scriptList(loader?.dataset.scripts);

afterPhoto(document.querySelector<HTMLImageElement>(SHELL_PHOTO_SELECTOR), () => {
  for (const src of scripts) {
    const script = document.createElement('script');
    script.src = src;
    // Inserted scripts run as they arrive unless told otherwise: the runtime must run first.
    script.async = false;
    document.head.appendChild(script);
  }
});
