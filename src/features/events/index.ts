import { lazy } from 'react';
import { preloadableLazy } from '../../ui/preloadableLazy';

/** The events a visitor attended, an event's booths, and each booth's gallery: each screen its own chunk. */
const eventsList = preloadableLazy(() => import(/* webpackChunkName: "route-eventos" */ './EventsListPage'));
export const EventsListPage = eventsList.Screen;
export const preloadEventsListPage = eventsList.preload;
export { BoothGalleryPage, EventPage, preloadEventPage } from './eventScreens';
/** A link to an event's galleries, and its card, for screens of other features that name an event. */
export { EventLink, useEventCard } from './eventLink';
export const NuloPage = lazy(() => import(/* webpackChunkName: "route-evento-nulo" */ './NuloPage'));
