/** The print icon of an image, its pack chooser and its success overlay (docs/product.md#print). */
export { PrintWidget } from './PrintWidget';
/** What a gallery offers per item: share or download it, print it with a pack. */
export { MediaActions } from './MediaActions';
/** A gallery's item opened in full with those actions (its own chunk). */
export { OpenedItem, preloadItemViewer } from './OpenedItem';
/** How a print of the offline queue reaches the server (wired by app/store.ts). */
export { sendQueuedPrint } from './sendQueuedPrint';
