import { mediaSource } from '../../api/mediaSource';
import { parseMediaPath, thumbUrl } from '../../../contract/mediaPath';

/** Asked for and not yet arrived: held, so that no collector cancels them on the way. */
const arriving = new Set<HTMLImageElement>();
/** Asked for once in this page: the browser keeps them, a second ask would add nothing. */
const warmed = new Set<string>();
/** A page never asks ahead for more than a few screens' worth of small pictures. */
const MOST_WARMED = 60;

/**
 * Asks, at low priority, for the thumbnails of these media URLs (newest first, as a gallery's
 * first row shows them): once arrived and decoded, a gallery opened later draws them in its
 * first frame, from the browser's memory, instead of asking for them after the tap.
 */
export function warmThumbnails(urls: readonly string[]): void {
  for (const url of urls) {
    const ref = parseMediaPath(url);
    if (!ref || warmed.size >= MOST_WARMED) continue;
    const src = mediaSource(thumbUrl(ref));
    if (warmed.has(src)) continue;
    warmed.add(src);
    const image = new Image();
    image.decoding = 'async';
    image.fetchPriority = 'low';
    const done = () => arriving.delete(image);
    image.addEventListener('load', done, { once: true });
    image.addEventListener('error', done, { once: true });
    arriving.add(image);
    image.src = src;
  }
}
