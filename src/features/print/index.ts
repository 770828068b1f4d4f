/** The print icon of an image, its pack chooser and its success overlay (SPEC section 2, "Print widget"). */
export { PrintWidget } from './PrintWidget';
