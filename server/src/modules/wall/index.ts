/**
 * The wall: an event's photos on a screen, its codes and links, and its live stream.
 */
export { wallRoutes } from './http/wallRoutes';
export { grantByWallCode, wallCodeKey } from './wallCodes';
