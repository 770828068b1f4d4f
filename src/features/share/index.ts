import { preloadableLazy } from '../../ui/preloadableLazy';

/** Sharing or downloading a media item, with its print widget beside: what a gallery offers per item. */
export { MediaActions } from './MediaActions';

/**
 * An item of a gallery opened in full, with its actions: code of its own (the print widget, the
 * modal), so that a gallery draws its photos without it; asked for on the first tap, or sooner
 * with `preloadItemViewer` once the page is idle.
 */
const itemViewer = preloadableLazy(() => import(/* webpackChunkName: "item-viewer" */ './ItemViewer'));
export const ItemViewer = itemViewer.Screen;
export const preloadItemViewer = itemViewer.preload;
