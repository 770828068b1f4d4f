import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether the screen matches a CSS media query, kept current as it turns or resizes: for a layout
 * that differs in its markup, not only its styles (a table on a computer, cards on a phone). False
 * where there is no `matchMedia` (the build's pre-render).
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (changed: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', changed);
      return () => list.removeEventListener('change', changed);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches,
    () => false,
  );
}
