import { firstScreenChunks } from '../../../contract/firstPaint/firstScreens';
import { preloadableLazy } from '../../ui/preloadableLazy';

/**
 * An event's page and its booths' gallery, each its own chunk, asked for ahead of time where the
 * guest will likely go next: with the event's when the address names a gallery (a reload), and
 * from the events list while it is idle, so a tap on a card waits for neither.
 */
const gallery = preloadableLazy(() => import(/* webpackChunkName: "route-evento-galeria" */ './BoothGalleryPage'));

/** A booth's gallery opened directly (a reload, a shared address): its code comes with the event's, not after it. */
function opensGallery(pathname: string): boolean {
  return firstScreenChunks(pathname).includes('route-evento-galeria');
}

const event = preloadableLazy(() => {
  // A failure here is met again, and shown, when the gallery itself asks for its code.
  if (typeof location !== 'undefined' && opensGallery(location.pathname)) gallery.preload().catch(() => undefined);
  return import(/* webpackChunkName: "route-evento" */ './EventPage');
});

export const EventPage = event.Screen;
/** The event's code, and its gallery's when the address names one. */
export const preloadEventPage = event.preload;
export const BoothGalleryPage = gallery.Screen;

/** The code of an event's page and of a gallery, both: what a tap on an event's card opens. */
export function preloadEventAndGallery(): Promise<unknown> {
  return Promise.all([event.preload(), gallery.preload()]);
}
