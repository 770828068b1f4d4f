import pg from 'pg';
import type { Database } from './database';

/** The channel migration 0011's triggers notify: payloads `event:{name}`, `pack:{hash}` or `*`. */
const CACHE_CHANNEL = 'cache_changed';
/** The payload that means "everything may have changed" (a TRUNCATE, a feed that was down). */
export const EVERYTHING = '*';
/** How the listening connection names itself in pg_stat_activity. */
export const FEED_APPLICATION_NAME = 'cache-change-feed';

/**
 * Changes to what app servers keep in memory, as PostgreSQL announces them at commit, from any
 * writer. While the feed is down nobody can know what changed: `live` is false, and whoever
 * keeps anything must keep nothing (platform/db/liveCache.ts) until it is back and has said EVERYTHING.
 */
export interface ChangeFeed {
  readonly live: boolean;
  /** Settles once the first attempt to listen is over, whether it succeeded or not. */
  readonly ready: Promise<void>;
  /** `listener` hears each changed key, and EVERYTHING when the feed goes down or comes back. */
  onChange(listener: (key: string) => void): () => void;
  close(): Promise<void>;
}

export interface ChangeFeedOptions {
  /** First wait before reconnecting; doubled on each failure up to `maxRetryMs`. */
  retryMs?: number;
  maxRetryMs?: number;
  /** How often the listening connection is asked to answer, so a silent dead one is noticed. */
  heartbeatMs?: number;
  onError?: (message: string) => void;
}

/** Listens on its own connection (not one of the pool's), reconnecting while the app runs. */
export function listenForChanges(
  db: Database,
  { retryMs = 500, maxRetryMs = 30_000, heartbeatMs = 15_000, onError }: ChangeFeedOptions = {},
): ChangeFeed {
  const listeners = new Set<(key: string) => void>();
  let live = false;
  let closed = false;
  let client: pg.Client | null = null;
  let retryTimer: NodeJS.Timeout | null = null;
  let heartbeat: NodeJS.Timeout | null = null;
  let nextRetryMs = retryMs;

  const tell = (key: string) => {
    for (const listener of listeners) listener(key);
  };

  const down = (reason: string) => {
    if (heartbeat) clearInterval(heartbeat);
    heartbeat = null;
    const wasLive = live;
    live = false;
    // Whatever was kept may have changed unseen from now on.
    if (wasLive) tell(EVERYTHING);
    const dead = client;
    client = null;
    dead?.removeAllListeners();
    // Its errors after this are of no interest, but an unheard 'error' would crash the process.
    dead?.on('error', () => undefined);
    void dead?.end().catch(() => undefined);
    if (closed) return;
    onError?.(`cache change feed down (${reason}); retrying in ${nextRetryMs} ms`);
    retryTimer = setTimeout(connect, nextRetryMs);
    retryTimer.unref();
    nextRetryMs = Math.min(nextRetryMs * 2, maxRetryMs);
  };

  async function connect(): Promise<void> {
    retryTimer = null;
    if (closed) return;
    // A heartbeat that gets no answer in time counts as a dead connection.
    const candidate = new pg.Client({
      connectionString: db.pool.options.connectionString,
      keepAlive: true,
      query_timeout: heartbeatMs,
      application_name: FEED_APPLICATION_NAME,
    });
    client = candidate;
    candidate.on('error', (error) => {
      if (client === candidate) down(error.message);
    });
    candidate.on('end', () => {
      if (client === candidate) down('connection ended');
    });
    candidate.on('notification', (message) => {
      if (message.channel === CACHE_CHANNEL && typeof message.payload === 'string') tell(message.payload);
    });
    try {
      await candidate.connect();
      await candidate.query(`LISTEN ${CACHE_CHANNEL}`);
    } catch (error) {
      if (client === candidate) down((error as Error).message);
      return;
    }
    if (client !== candidate || closed) return;
    nextRetryMs = retryMs;
    // Anything may have changed while nobody listened: forget it all, then keep again.
    tell(EVERYTHING);
    live = true;
    heartbeat = setInterval(() => {
      candidate.query('SELECT 1').catch((error: Error) => {
        if (client === candidate) down(error.message);
      });
    }, heartbeatMs);
    heartbeat.unref();
  }

  const ready = connect();

  return {
    ready,
    get live() {
      return live;
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      if (heartbeat) clearInterval(heartbeat);
      live = false;
      const last = client;
      client = null;
      last?.removeAllListeners();
      last?.on('error', () => undefined);
      await last?.end().catch(() => undefined);
    },
  };
}
