/** The print icon of an image, its pack chooser and its success overlay (SPEC section 2, "Print widget"). */
export { PrintWidget } from './PrintWidget';
/** How a print of the offline queue reaches the server (wired by app/store.ts). */
export { sendQueuedPrint } from './sendQueuedPrint';
