import { EVERYTHING, type ChangeFeed } from './changeFeed';
import type { Database } from './database';

/**
 * Rows that guests poll, kept in memory for as long as they stand: a gallery's version asked
 * every few seconds by every phone at a party, event cards, packs. Nothing is ever stale by more
 * than the time a notification takes to arrive:
 * - a change by anyone reaches every app server over the change feed (migration 0011's triggers);
 * - a change by this process is forgotten when its statement or transaction is done, before
 *   its reply is sent, so whoever wrote reads what they wrote;
 * - a load that was running while something changed is answered but not kept (the generation);
 * - while the feed is down, nothing is kept and every read goes to the database.
 * Concurrent misses of one key share one load: after a change, a crowd makes one query, not
 * one each.
 */
export interface LiveCache<V> {
  read(key: string, load: () => Promise<V>): Promise<V>;
  /** The values of `keys`; those not kept are loaded together in one call of `load`, which answers each of them. */
  readMany(keys: readonly string[], load: (missing: string[]) => Promise<Map<string, V>>): Promise<Map<string, V>>;
  readonly size: number;
  /** Stops hearing the feed and the writes. */
  close(): void;
}

export interface LiveCacheOptions {
  feed: ChangeFeed;
  db: Pick<Database, 'onWrite'>;
  /** The feed key (`event:{name}`, `pack:{hash}`) whose change makes the entry `key` stale. */
  feedKeyOf: (key: string) => string;
  /** The tables this process writes to that make entries stale (all of them: a statement does not say which rows). */
  tables: readonly string[];
  /** The least recently used go first beyond this. */
  maxEntries?: number;
}

export function liveCache<V>({ feed, db, feedKeyOf, tables, maxEntries = 20_000 }: LiveCacheOptions): LiveCache<V> {
  // Map order is recency order: a hit moves to the end, the first is the next to go.
  const entries = new Map<string, V>();
  const byFeedKey = new Map<string, Set<string>>();
  const loading = new Map<string, { generation: number; value: Promise<Map<string, V>> }>();
  let generation = 0;

  const drop = (key: string) => {
    entries.delete(key);
    const feedKey = feedKeyOf(key);
    const keys = byFeedKey.get(feedKey);
    keys?.delete(key);
    if (keys?.size === 0) byFeedKey.delete(feedKey);
  };

  const forget = (feedKey: string) => {
    generation += 1;
    if (feedKey === EVERYTHING) {
      entries.clear();
      byFeedKey.clear();
      loading.clear();
      return;
    }
    for (const key of byFeedKey.get(feedKey) ?? []) entries.delete(key);
    byFeedKey.delete(feedKey);
  };

  const keep = (key: string, value: V) => {
    drop(key);
    entries.set(key, value);
    const feedKey = feedKeyOf(key);
    let keys = byFeedKey.get(feedKey);
    if (!keys) byFeedKey.set(feedKey, (keys = new Set()));
    keys.add(key);
    for (const oldest of entries.keys()) {
      if (entries.size <= maxEntries) break;
      drop(oldest);
    }
  };

  const stopFeed = feed.onChange(forget);
  const stopWrites = db.onWrite((written) => {
    if (tables.some((table) => written.has(table))) forget(EVERYTHING);
  });

  async function readMany(
    keys: readonly string[],
    load: (missing: string[]) => Promise<Map<string, V>>,
  ): Promise<Map<string, V>> {
    if (!feed.live) return load([...keys]);
    const found = new Map<string, V>();
    const waiting: Array<[string, Promise<Map<string, V>>]> = [];
    const missing: string[] = [];
    for (const key of keys) {
      if (entries.has(key)) {
        const value = entries.get(key) as V;
        entries.delete(key);
        entries.set(key, value);
        found.set(key, value);
        continue;
      }
      const pending = loading.get(key);
      if (pending && pending.generation === generation) waiting.push([key, pending.value]);
      else if (!missing.includes(key)) missing.push(key);
    }
    if (missing.length > 0) {
      const started = generation;
      const value = load(missing).then((loaded) => {
        // Kept only when nothing changed while it ran: it may have read a row from before the change.
        if (feed.live && generation === started) {
          for (const key of missing) if (loaded.has(key)) keep(key, loaded.get(key) as V);
        }
        return loaded;
      });
      const settled = () => {
        for (const key of missing) if (loading.get(key)?.value === value) loading.delete(key);
      };
      value.then(settled, settled);
      for (const key of missing) {
        loading.set(key, { generation: started, value });
        waiting.push([key, value]);
      }
    }
    for (const [key, value] of waiting) {
      const loaded = await value;
      if (loaded.has(key)) found.set(key, loaded.get(key) as V);
    }
    return found;
  }

  return {
    readMany,
    async read(key, load) {
      const found = await readMany([key], async () => new Map([[key, await load()]]));
      return found.get(key) as V;
    },
    get size() {
      return entries.size;
    },
    close() {
      stopFeed();
      stopWrites();
      forget(EVERYTHING);
    },
  };
}
