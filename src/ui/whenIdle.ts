import { useEffect, useState } from 'react';

/**
 * Runs `task` once the browser has nothing more urgent to do (at the latest after `timeoutMs`):
 * for what a screen will want soon but not for its first paint. Returns a cancel function.
 */
export function whenIdle(task: () => void, timeoutMs = 5000): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(task, { timeout: timeoutMs });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(task, 1);
  return () => clearTimeout(timer);
}

/** Asks for code a screen will likely want (`preload`) once the page is idle; a failure waits for the real ask. */
export function usePreloadWhenIdle(preload: () => Promise<unknown>): void {
  useEffect(() => whenIdle(() => void preload().catch(() => undefined)), [preload]);
}

/** False until the browser has first been idle since the component appeared: for work that waits for that moment. */
export function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  return idle;
}
