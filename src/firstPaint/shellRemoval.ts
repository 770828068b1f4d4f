/**
 * The copy of a first screen the server draws before the page's root (the events list's empty
 * state: server/src/modules/firstPaint/http/eventsListShell.ts) stands over the top of the page until the app has
 * a screen of its own. It goes with the app's first render into its root, whichever screen that
 * is (the list, a redirect to /account, an error): a mutation observer's callback runs before the
 * browser paints again, so nothing flashes and nothing is left over another page. Watched from
 * the page's own loader (src/firstPaint/photoFirstLoader.ts), so the app's entry chunk carries none of it.
 */
export function removeWhenAppRenders(root: Element | null, copies: () => Iterable<Element>): void {
  if (!root) return;
  const observer = new MutationObserver(() => {
    if (!root.hasChildNodes()) return;
    observer.disconnect();
    for (const copy of [...copies()]) copy.remove();
  });
  observer.observe(root, { childList: true });
}
