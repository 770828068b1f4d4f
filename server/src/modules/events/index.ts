/**
 * Events (the parties): their records, titles and visibility, the team's list, the owner's media
 * access settings, and an event as a visitor opens it (http/openEvent.ts).
 */
export {
  cardsForViewer,
  type EventCardRow,
  eventCardRows,
  eventDetails,
  type EventRow,
  eventVisibility,
  findEvent,
  findEventByPublicId,
  isEventImage,
} from './events';
export { eventTitleRoutes } from './http/eventTitleRoutes';
export { mediaAccessRoutes } from './http/mediaAccessRoutes';
export { openEvent } from './http/openEvent';
export { ownersEvent } from './http/ownersEvent';
export { teamEventRoutes } from './http/teamEventRoutes';
