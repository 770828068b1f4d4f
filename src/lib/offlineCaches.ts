import { isPagePath } from '../../contract/pagePaths';
import { ROUTES } from '../../contract/routePaths';

/**
 * What the service worker keeps so that a guest on venue Wi-Fi still sees their photos:
 * the caches' names and bounds, and which request goes where. Shared by the worker (src/sw) and
 * the page, which drops the replies tied to a user when they log out.
 */

/** Versioned names: a release that changes what a cache holds renames it, and the worker drops the old one. */
export const OFFLINE_CACHES = {
  thumbs: 'cabine-thumbs-v1',
  /** The collect screen's photos (display renditions, /display/...). */
  display: 'cabine-display-v1',
  media: 'cabine-media-v1',
  /** Replies anyone could read (no token sent): an anonymous guest's events and galleries. */
  publicApi: 'cabine-api-v1',
  /** Replies to a request that carried the user's token: dropped at logout. */
  userApi: 'cabine-api-user-v1',
} as const;

export type OfflineCacheName = (typeof OFFLINE_CACHES)[keyof typeof OFFLINE_CACHES];

export interface CacheBound {
  maxEntries: number;
  maxAgeSeconds: number;
  /** A larger reply is served but not kept: with maxEntries it bounds the cache's size. */
  maxEntryBytes: number;
}

const DAY_S = 24 * 60 * 60;

/** WebP thumbnails are ~10-60 KB: 600 of them stay under 300 MB even at the per-entry cap. */
export const THUMBS_BOUND: CacheBound = { maxEntries: 600, maxAgeSeconds: 60 * DAY_S, maxEntryBytes: 512 * 1024 };

/**
 * Display renditions (the collect screen's photos) are WebP of at most 720 x 1280, tens of KB: a
 * guest's whole party fits, and 200 stay under 200 MB even at the per-entry cap.
 */
export const DISPLAY_BOUND: CacheBound = { maxEntries: 200, maxAgeSeconds: 60 * DAY_S, maxEntryBytes: 1024 * 1024 };

/** Full photos (a video is fetched in ranges and never lands here whole): at most 60 x 6 MB. */
export const MEDIA_BOUND: CacheBound = { maxEntries: 60, maxAgeSeconds: 60 * DAY_S, maxEntryBytes: 6 * 1024 * 1024 };

/** API replies are small lists; a month later a guest's party is long over. */
export const API_BOUND: CacheBound = { maxEntries: 60, maxAgeSeconds: 30 * DAY_S, maxEntryBytes: 1024 * 1024 };

/**
 * How long an API call waits for the network before the saved reply is shown: venue Wi-Fi often
 * hangs rather than fails, and a guest should not stare at 'Carregando...' for a minute.
 */
export const API_NETWORK_TIMEOUT_S = 4;

/** The header the SPA sends its token in (src/api/apiSlice.ts): its presence makes a reply the user's. */
const TOKEN_HEADER = 'idToken';

export type OfflineRoute = 'thumbs' | 'display' | 'media' | 'api';

/**
 * Which runtime cache a request belongs to, or null for the network alone. Only same-origin GETs:
 * anything that changes something (collect, print, payments) and everything about partners, the
 * team or the devices goes to the network every time.
 */
export function offlineRouteOf(method: string, url: URL, origin: string): OfflineRoute | null {
  if (method !== 'GET' || url.origin !== origin) return null;
  const path = url.pathname;
  if (path.startsWith('/thumbs/')) return 'thumbs';
  if (path.startsWith('/display/')) return 'display';
  if (path.startsWith('/media/')) return 'media';
  // The collection (the account), the events a guest attended, and a booth's gallery.
  if (path === '/api/account' || path.startsWith('/api/eventos/') || path.startsWith('/api/all/')) return 'api';
  return null;
}

/**
 * How the worker answers a navigation (a link followed, a reload, an address typed), or null for
 * the network alone (a photo opened in a tab of its own, an asset, the API: no page).
 * - 'shell': the precached app shell, whatever the query says (an opened item's `?item=...jpg`).
 * - 'networkThenShell': the collect page, whose server page carries its photo and its collect
 *   (server/src/modules/firstPaint/http/collectPreload.ts, collectOnServe.ts): from the network while there is one,
 *   the shell when there is none (the app then shows what it kept).
 */
export type PageRoute = 'shell' | 'networkThenShell';

export function pageRouteOf(url: URL, origin: string): PageRoute | null {
  if (url.origin !== origin || !isPagePath(url.pathname)) return null;
  return url.pathname === ROUTES.collect ? 'networkThenShell' : 'shell';
}

/** The API cache of a request: a reply read with the user's token is theirs alone. */
export function apiCacheOf(headers: { has(name: string): boolean }): OfflineCacheName {
  return headers.has(TOKEN_HEADER) ? OFFLINE_CACHES.userApi : OFFLINE_CACHES.publicApi;
}

/** Whether a reply of this declared length may be kept (an unknown length is judged by its body later). */
export function fitsBound(contentLength: string | null, bound: CacheBound): boolean {
  if (contentLength === null || contentLength === '') return true;
  const bytes = Number(contentLength);
  return Number.isFinite(bytes) && bytes >= 0 && bytes <= bound.maxEntryBytes;
}

/**
 * How the worker fetches a picture it means to keep, or null to fetch it as the page asked. A
 * page's `<img>` asks in no-cors mode: a public event's file redirected to the CDN
 * (MEDIA_PUBLIC_BASE) would come back opaque, unreadable and never kept. Asked in CORS mode it
 * comes back readable (the CDN's copy says `Access-Control-Allow-Origin: *`), without cookies
 * beyond our own origin (a `*` answer accepts none), which still carries them to the gate. A
 * ranged request (a video's seek) is left alone: a range other than one span would need a
 * preflight the CDN need not answer.
 */
export function readableFetchInit(mode: RequestMode, ranged: boolean): RequestInit | null {
  if (mode !== 'no-cors' || ranged) return null;
  return { mode: 'cors', credentials: 'same-origin' };
}

/**
 * Whether a media reply may join the device's shared media caches. A file of a link-only or
 * private event opened with the login's media cookie comes back `private` (server/src/modules/access/http/
 * mediaGate.ts): kept here it would outlive the logout and open for whoever holds the phone next.
 */
export function sharedMediaCacheable(cacheControl: string | null): boolean {
  return !/(^|[,\s])private($|[,\s=])/i.test(cacheControl ?? '');
}
