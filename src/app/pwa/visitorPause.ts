/** The visitor's own doing: any of these puts off what waits for a pause. */
const ACTIVITY = ['pointerdown', 'keydown', 'wheel', 'touchstart', 'scroll'];

/** How long the visitor does nothing before it counts as a pause. */
export const PAUSE_MS = 3000;

/**
 * Runs `task` once the visitor pauses: PAUSE_MS with no tap, key or scroll. For background work
 * that can wait and is heavy on a cheap phone, such as the service worker's first install (it
 * downloads every screen's code and the browser compiles it): started while the guest taps an
 * event and scrolls its gallery, it made the first thumbnails half a second later. Returns a
 * cancel function.
 */
export function whenVisitorPauses(task: () => void): () => void {
  let last = performance.now();
  const active = () => {
    last = performance.now();
  };
  let timer: ReturnType<typeof setTimeout>;
  const stop = () => {
    clearTimeout(timer);
    for (const type of ACTIVITY) removeEventListener(type, active, true);
  };
  // One timer, moved on when it fires too early, rather than a new one at every scroll event.
  const check = () => {
    const quiet = performance.now() - last;
    if (quiet < PAUSE_MS) timer = setTimeout(check, PAUSE_MS - quiet);
    else {
      stop();
      task();
    }
  };
  for (const type of ACTIVITY) addEventListener(type, active, { capture: true, passive: true });
  timer = setTimeout(check, PAUSE_MS);
  return stop;
}
