import { lazy } from 'react';
import { preloadableLazy } from '../../ui/preloadableLazy';

/** The events a visitor attended, an event's booths, and each booth's gallery: each screen its own chunk. */
const eventsList = preloadableLazy(() => import(/* webpackChunkName: "route-eventos" */ './EventsListPage'));
export const EventsListPage = eventsList.Screen;
export const preloadEventsListPage = eventsList.preload;
export { BoothGalleryPage, EventPage, preloadEventPage } from './eventScreens';
export const NuloPage = lazy(() => import(/* webpackChunkName: "route-evento-nulo" */ './NuloPage'));
