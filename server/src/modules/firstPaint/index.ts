export { collectOnServe } from './http/collectOnServe';
export { collectPageHead, escapeAttribute, firstPageHead } from './http/collectPreload';
export { eventsListPageHead, isEventsListPage } from './http/eventsListShell';
export { galleryPageHead } from './http/galleryShell';
export { registerStaticFiles } from './http/staticFiles';
