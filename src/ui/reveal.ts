/**
 * Brings what a tap just made into view and gives it the focus: on a phone it may open below the
 * fold, or far from the button that was tapped, where nobody would see it. The focus then does
 * not scroll again; the element's scroll-margin keeps it clear of the sticky header.
 */
export function reveal(
  target: HTMLElement,
  options: { block?: ScrollLogicalPosition; focus?: HTMLElement } = {},
): void {
  target.scrollIntoView({ block: options.block ?? 'nearest' });
  (options.focus ?? target).focus({ preventScroll: true });
}
