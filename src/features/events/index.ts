import { lazy } from 'react';
import { firstScreenChunks } from '../../../contract/firstScreens';
import { preloadableLazy } from '../../ui/preloadableLazy';

/** The events a visitor attended, an event's booths, and each booth's gallery: each screen its own chunk. */
const eventsList = preloadableLazy(() => import(/* webpackChunkName: "route-eventos" */ './EventsListPage'));
export const EventsListPage = eventsList.Screen;
export const preloadEventsListPage = eventsList.preload;
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
/** A link to an event's galleries, and its card, for screens of other features that name an event. */
export { EventLink, useEventCard } from './eventLink';
export const NuloPage = lazy(() => import(/* webpackChunkName: "route-evento-nulo" */ './NuloPage'));
