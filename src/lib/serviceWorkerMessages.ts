/** What the page tells the service worker: the message workbox-window's messageSkipWaiting() sends. */
export const SKIP_WAITING_MESSAGE = 'SKIP_WAITING';
