/**
 * What the offline banner and the update prompt listen to, behind small interfaces so that tests
 * can drive them (going offline, a new release waiting) without a browser or a service worker.
 */

export interface ConnectionSource {
  isOnline(): boolean;
  /** Calls back with the new state on every change; returns the unsubscribe. */
  subscribe(listener: (online: boolean) => void): () => void;
}

export interface UpdateSource {
  /** Calls back when a new release is installed and waiting to take over; returns the unsubscribe. */
  onWaiting(listener: () => void): () => void;
  /** Lets the waiting release take over; the page reloads once it controls the page. */
  activate(): void;
}

/** The browser's own online/offline events. */
export function browserConnection(target: Window = window): ConnectionSource {
  return {
    isOnline: () => target.navigator.onLine,
    subscribe(listener) {
      const online = () => listener(true);
      const offline = () => listener(false);
      target.addEventListener('online', online);
      target.addEventListener('offline', offline);
      return () => {
        target.removeEventListener('online', online);
        target.removeEventListener('offline', offline);
      };
    },
  };
}

/**
 * An UpdateSource for whoever learns of the waiting worker (updateFlow.ts, in startPwa.tsx): it
 * remembers a release that was already waiting before anyone listened.
 */
export function updateChannel(activate: () => void): UpdateSource & { announceWaiting(): void } {
  const listeners = new Set<() => void>();
  let waiting = false;
  return {
    announceWaiting() {
      waiting = true;
      listeners.forEach((listener) => listener());
    },
    onWaiting(listener) {
      listeners.add(listener);
      if (waiting) listener();
      return () => listeners.delete(listener);
    },
    activate,
  };
}
