/**
 * 'A festa em números' (docs/product.md#the-party-in-numbers): the append-only record of what guests do that no other
 * table keeps (collects, shares, downloads, wall views, face searches), written by each action's own route, and an
 * event's figures read from it and from the tables that record the rest (media, print jobs, packs).
 */
export { type ActionKind, recordEventAction, recordMediaAction } from './actionLog';
export { COUNTS_AGAINST_CAP_D, deliveryFigures } from './deliveryNumbers';
export { eventNumbers } from './eventNumbers';
export { wallViewCounter } from './wallViews';
export { countedAgent } from './http/countedAgent';
export { insightsRoutes } from './http/insightsRoutes';
