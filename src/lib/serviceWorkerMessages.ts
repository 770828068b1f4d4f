/** What the page tells the service worker: take over now (src/app/pwa/serviceWorkerLifecycle.ts sends it). */
export const SKIP_WAITING_MESSAGE = 'SKIP_WAITING';
