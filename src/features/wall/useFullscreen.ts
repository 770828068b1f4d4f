import { useCallback, useEffect, useState } from 'react';

/**
 * Whether the page fills the screen, and a way to ask for it (a TV's browser shows its own bars otherwise); null where
 * the browser cannot.
 */
export function useFullscreen(): { full: boolean; enter: (() => void) | null } {
  const [full, setFull] = useState(() => typeof document !== 'undefined' && document.fullscreenElement !== null);
  useEffect(() => {
    const changed = () => setFull(document.fullscreenElement !== null);
    document.addEventListener('fullscreenchange', changed);
    return () => document.removeEventListener('fullscreenchange', changed);
  }, []);
  const enter = useCallback(() => void document.documentElement.requestFullscreen?.().catch(() => undefined), []);
  return { full, enter: typeof document !== 'undefined' && document.fullscreenEnabled ? enter : null };
}
