import type { BoothMode } from './modes';
import { boothRoute, withQuery } from './routePaths';
import type { EventName } from './names';

/**
 * The query naming the event a booth's gallery shows (beyond the original design, docs/product.md#event-page, where the
 * event travels in the navigation's state): a gallery's address is then enough to open it again, on a
 * reload, in another tab, or from a shared link, and the server can draw its first photos into
 * the page (server/src/modules/firstPaint/http/galleryShell.ts). A module of its own, out of the landing page's code.
 */
export const EVENT_QUERY = 'evento';

/** A booth of the event `bname` (its gallery, or nulo's placeholder), by its address. */
export function boothAddress(mode: BoothMode, eventName: EventName): string {
  return withQuery(boothRoute(mode), { [EVENT_QUERY]: eventName });
}
