/** The print icon of an image, its pack chooser and its success overlay (SPEC section 2, "Print widget"). */
export { PrintWidget } from './PrintWidget';
/** What a gallery offers per item: share or download it, print it with a pack. */
export { MediaActions } from './MediaActions';
/** A gallery's item opened in full with those actions (its own chunk). */
export { OpenedItem, preloadItemViewer } from './OpenedItem';
/** How a print of the offline queue reaches the server (wired by app/store.ts). */
export { sendQueuedPrint } from './sendQueuedPrint';
