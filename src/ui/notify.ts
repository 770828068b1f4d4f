/**
 * The spec's alerts (SPEC sections 2, 5 and 8) go through here: one place to replace the native
 * dialog, and one place for tests to observe.
 */
export function notify(message: string): void {
  window.alert(message);
}
