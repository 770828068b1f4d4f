/** Reloads the page; one place, so that tests can observe it. */
export function reloadPage(): void {
  window.location.reload();
}
