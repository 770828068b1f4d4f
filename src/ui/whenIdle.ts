import { useEffect } from 'react';

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
