import { useSyncExternalStore } from 'react';

const unchanging = () => () => undefined;

/**
 * False while the page rendered at build time (src/prerender.tsx) is being hydrated, and in that
 * render itself; true in every other render. What only the browser knows (its cookies, its
 * storage) may change what is drawn only once hydration is over: the first render in the browser
 * must be the pre-rendered page, or React throws it away (error #418). React draws again at once
 * after hydrating, with true.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    unchanging,
    () => true,
    () => false,
  );
}
