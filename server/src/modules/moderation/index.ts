/**
 * Moderation: the owner and the team hide an event's media from every place they show and show
 * them again, and may have new photos wait for their approval before the wall shows them.
 */
export { moderationRoutes } from './http/moderationRoutes';
