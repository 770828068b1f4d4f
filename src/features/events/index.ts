import { lazy } from 'react';
import { ROUTES } from '../../lib/routePaths';

/** The events a visitor attended, an event's booths, and each booth's gallery: each screen its own chunk. */
export const EventsListPage = lazy(() => import(/* webpackChunkName: "route-eventos" */ './EventsListPage'));
const loadGallery = () => import(/* webpackChunkName: "route-evento-galeria" */ './BoothGalleryPage');

/** A booth's gallery opened directly (a reload, a shared address): its code comes with the event's, not after it. */
function opensGallery(pathname: string): boolean {
  const mode = pathname.startsWith(`${ROUTES.event}/`) ? pathname.slice(ROUTES.event.length + 1).replace(/\/$/, '') : '';
  return mode !== '' && mode !== 'nulo' && !mode.includes('/');
}

export const EventPage = lazy(() => {
  // A failure here is met again, and shown, when the gallery itself asks for its code.
  if (typeof location !== 'undefined' && opensGallery(location.pathname)) loadGallery().catch(() => undefined);
  return import(/* webpackChunkName: "route-evento" */ './EventPage');
});
export const BoothGalleryPage = lazy(loadGallery);
export const NuloPage = lazy(() => import(/* webpackChunkName: "route-evento-nulo" */ './NuloPage'));
