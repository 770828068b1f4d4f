/**
 * A guest's gallery: the events list, an event's photos and their live updates, the last photo of
 * a device, packs, prints asked for by guests, the landing form, and downloads (a zip of photos).
 */
export { downloadRoutes } from './http/downloadRoutes';
export { guestRoutes } from './http/guestRoutes';
