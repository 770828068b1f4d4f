/**
 * The product's alerts (docs/product.md#texts-kept-as-written) go through here: one place to replace the native
 * dialog, and one place for tests to observe.
 */
export function notify(message: string): void {
  window.alert(message);
}
