/**
 * The service worker: the app shell and every route chunk precached, so the app opens
 * with no connection; thumbnails, display renditions and photos kept as they are seen, within
 * bounds; the few API replies a guest needs offline (their account, the events they attended, a
 * booth's gallery) fetched network first and kept. Nothing that changes something is ever
 * answered from a cache.
 */
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, type StrategyOptions } from 'workbox-strategies';
import {
  API_BOUND,
  API_NETWORK_TIMEOUT_S,
  apiCacheOf,
  type CacheBound,
  DISPLAY_BOUND,
  fitsBound,
  MEDIA_BOUND,
  OFFLINE_CACHES,
  offlineRouteOf,
  pageRouteOf,
  readableFetchInit,
  sharedMediaCacheable,
  THUMBS_BOUND,
} from '../lib/offlineCaches';
import { SKIP_WAITING_MESSAGE } from '../lib/serviceWorkerMessages';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

// A new release waits until the page says so ('Atualizar'), so no open page runs against
// chunks it did not ship with; the very first install takes the open page at once.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === SKIP_WAITING_MESSAGE) void self.skipWaiting();
});
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

// Every page is the same shell (the server answers app.html to any page path but '/', which the
// precache above already serves as index.html, the landing page). A page is told by its path
// alone (contract/pagePaths.ts): a collect link's id or an opened item ends in '.jpg' in the
// query, and it is a page all the same, which a reload offline must find.
const shell = createHandlerBoundToURL('/app.html');

/** The collect page from the server while it answers (its photo and its collect), else the shell. */
const networkThenShell: typeof shell = async (options) => {
  try {
    return await fetch(options.request);
  } catch {
    return shell(options);
  }
};

registerRoute(
  ({ request, url }) => request.mode === 'navigate' && pageRouteOf(url, self.location.origin) !== null,
  (options) =>
    pageRouteOf(options.url, self.location.origin) === 'networkThenShell' ? networkThenShell(options) : shell(options),
);

type WorkboxPlugin = NonNullable<StrategyOptions['plugins']>[number];

/** Keeps a reply only when it is no bigger than the cache's bound allows. */
function sizeBound(bound: CacheBound): WorkboxPlugin {
  return {
    cacheWillUpdate: async ({ response }) =>
      fitsBound(response.headers.get('Content-Length'), bound) ? response : null,
  };
}

function boundedPlugins(bound: CacheBound): WorkboxPlugin[] {
  return [
    // Same origin only: a real 200, never an error page or a partial (ranged) video reply.
    new CacheableResponsePlugin({ statuses: [200] }),
    sizeBound(bound),
    new ExpirationPlugin({ maxEntries: bound.maxEntries, maxAgeSeconds: bound.maxAgeSeconds, purgeOnQuotaError: true }),
  ];
}

/** A gated file (a private event's, opened with the login's cookie) is shown but never kept. */
const notGated: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) =>
    sharedMediaCacheable(response.headers.get('Cache-Control')) ? response : null,
};

/**
 * A picture fetched so that it can be read, and kept, even when it comes from the CDN
 * (lib/offlineCaches.ts). Should that fail (a CDN that does not allow it), the page's own request
 * still shows the picture, unkept.
 */
const readable: WorkboxPlugin = {
  requestWillFetch: async ({ request }) => {
    const init = readableFetchInit(request.mode, request.headers.has('Range'));
    return init ? new Request(request, init) : request;
  },
  handlerDidError: async ({ request }) =>
    readableFetchInit(request.mode, request.headers.has('Range')) ? fetch(request).catch(() => undefined) : undefined,
};

// Media never changes under a name (the server serves it immutable): the cache is as good as the network.
const thumbs = new CacheFirst({
  cacheName: OFFLINE_CACHES.thumbs,
  plugins: [readable, notGated, ...boundedPlugins(THUMBS_BOUND)],
});
const display = new CacheFirst({
  cacheName: OFFLINE_CACHES.display,
  plugins: [readable, notGated, ...boundedPlugins(DISPLAY_BOUND)],
});
const media = new CacheFirst({
  cacheName: OFFLINE_CACHES.media,
  plugins: [readable, notGated, ...boundedPlugins(MEDIA_BOUND)],
});

/**
 * An open gallery asks again every few seconds and mostly hears the same list (same ETag): the
 * saved copy is left alone rather than rewritten on every poll.
 */
function unchangedNotRewritten(cacheName: string): WorkboxPlugin {
  return {
    cacheWillUpdate: async ({ request, response }) => {
      const etag = response.headers.get('ETag');
      if (!etag) return response;
      const saved = await (await caches.open(cacheName)).match(request, { ignoreVary: true });
      return saved?.headers.get('ETag') === etag ? null : response;
    },
  };
}

// The token changes every hour and the reply may name it in Vary: a saved reply is found by its URL.
const apiStrategy = (cacheName: string) =>
  new NetworkFirst({
    cacheName,
    networkTimeoutSeconds: API_NETWORK_TIMEOUT_S,
    matchOptions: { ignoreVary: true },
    plugins: [...boundedPlugins(API_BOUND), unchangedNotRewritten(cacheName)],
  });
const publicApi = apiStrategy(OFFLINE_CACHES.publicApi);
const userApi = apiStrategy(OFFLINE_CACHES.userApi);

registerRoute(
  ({ request, url }) => offlineRouteOf(request.method, url, self.location.origin) !== null,
  (options) => {
    const { request, url } = options;
    switch (offlineRouteOf(request.method, url, self.location.origin)) {
      case 'thumbs':
        return thumbs.handle(options);
      case 'display':
        return display.handle(options);
      case 'media':
        return media.handle(options);
      default:
        // A reply read with the user's token goes in the cache the page empties at logout.
        return (apiCacheOf(request.headers) === OFFLINE_CACHES.userApi ? userApi : publicApi).handle(options);
    }
  },
);
