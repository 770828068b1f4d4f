/**
 * The pages' first paint, drawn by the server: the SPA's pages with this environment's settings
 * and their route chunks, the collect link's, the gallery's and the events list's first screen
 * written into the page, and the static and media files beside them. The SPA's side of the same
 * subsystem is src/boot (docs/architecture.md).
 */
export { collectOnServe } from './http/collectOnServe';
export { collectPageHead, escapeAttribute, firstPageHead } from './http/collectPreload';
export { eventsListPageHead, isEventsListPage } from './http/eventsListShell';
export { galleryPageHead } from './http/galleryShell';
export { registerStaticFiles } from './http/staticFiles';
