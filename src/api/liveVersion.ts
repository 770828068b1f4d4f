import { apiExtraOf } from './apiSlice';
import { followEventStream } from './eventStream';

/**
 * A list followed live: whether its stream is open, its version as the server last said, and whether the server said it
 * closed.
 */
export interface LiveVersion {
  live: boolean;
  version: string | null;
  /** The server ended the stream as no longer open to this viewer: the list, asked again, says why. */
  closed: boolean;
}

export const NOT_LIVE: LiveVersion = { live: false, version: null, closed: false };

/** What RTK Query hands an `onCacheEntryAdded` of a LiveVersion query. */
export interface LiveCacheEntry {
  updateCachedData: (recipe: (draft: LiveVersion) => void) => void;
  cacheDataLoaded: Promise<unknown>;
  cacheEntryRemoved: Promise<unknown>;
  extra: unknown;
}

const isVersion = (data: unknown): data is { version: string } =>
  typeof data === 'object' && data !== null && 'version' in data && typeof data.version === 'string';

/**
 * Holds the stream at `url` (server-sent events of a list's version: a booth gallery's, a wall's)
 * for as long as the query's cache entry lives, writing each version into it. The login's token
 * goes with each connection: a private event's stream needs it, as its list does.
 */
export async function followLiveVersion(
  url: string,
  { updateCachedData, cacheDataLoaded, cacheEntryRemoved, extra }: LiveCacheEntry,
): Promise<void> {
  await cacheDataLoaded;
  const stop = new AbortController();
  const following = followEventStream(url, {
    headers: async (): Promise<Record<string, string>> => {
      const token = await apiExtraOf(extra)
        ?.getIdToken()
        .catch(() => null);
      return token ? { idToken: token } : {};
    },
    onEvent: (event, data) => {
      if (event === 'gallery' && isVersion(data)) updateCachedData((draft) => void (draft.version = data.version));
      if (event === 'closed') updateCachedData((draft) => void (draft.closed = true));
    },
    onLive: (live) => updateCachedData((draft) => void (draft.live = live)),
    signal: stop.signal,
  });
  await cacheEntryRemoved;
  stop.abort();
  await following;
}
