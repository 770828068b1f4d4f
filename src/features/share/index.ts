/** Sharing or downloading a media item, with its print widget beside: what a gallery offers per item. */
export { MediaActions } from './MediaActions';
/** A gallery's item opened in full with those actions (its own chunk). */
export { OpenedItem, preloadItemViewer } from './OpenedItem';
