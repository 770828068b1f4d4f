import { lazy } from 'react';

/** The events a visitor attended, an event's booths, and each booth's gallery: each screen its own chunk. */
export const EventsListPage = lazy(() => import(/* webpackChunkName: "route-eventos" */ './EventsListPage'));
export const EventPage = lazy(() => import(/* webpackChunkName: "route-evento" */ './EventPage'));
export const BoothGalleryPage = lazy(() => import(/* webpackChunkName: "route-evento-galeria" */ './BoothGalleryPage'));
export const NuloPage = lazy(() => import(/* webpackChunkName: "route-evento-nulo" */ './NuloPage'));
