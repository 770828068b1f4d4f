import type { Database, Queryable } from '../db/database';

export interface RateBucket {
  /** What is counted, e.g. `face:agent:{agent}` or `face:ip:{ip}`. */
  key: string;
  /** At most this many requests in the window. */
  limit: number;
}

/** Rows older than this are nobody's window any more. */
const FORGET_AFTER = '1 hour';

/** Drops the rows of rate_hits no window counts any more (every writer of the table calls it). */
export async function forgetOldRateHits(db: Queryable): Promise<void> {
  await db.query(`DELETE FROM rate_hits WHERE at < clock_timestamp() - interval '${FORGET_AFTER}'`);
}

/**
 * A sliding-window rate limit kept in the database, so every app server behind the load balancer
 * counts the same requests (ARCHITECTURE section 4: stateless app servers on one PostgreSQL).
 * Counts one request in every bucket and answers true, or answers false and counts nothing when
 * any bucket already holds its limit within the last `windowSeconds`.
 */
export async function takeRateSlot(db: Database, buckets: readonly RateBucket[], windowSeconds: number): Promise<boolean> {
  const ordered = [...buckets].sort((a, b) => a.key.localeCompare(b.key));
  return db.transaction(async (client) => {
    // One request of a bucket at a time, so that concurrent ones cannot all slip under its limit.
    for (const bucket of ordered) await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`rate:${bucket.key}`]);
    for (const bucket of ordered) {
      const { rows } = await client.query<{ hits: number }>(
        `SELECT count(*)::int AS hits FROM rate_hits WHERE bucket = $1 AND at > clock_timestamp() - make_interval(secs => $2)`,
        [bucket.key, windowSeconds],
      );
      if (rows[0].hits >= bucket.limit) return false;
    }
    await client.query(`INSERT INTO rate_hits (bucket) SELECT unnest($1::text[])`, [ordered.map((bucket) => bucket.key)]);
    await forgetOldRateHits(client);
    return true;
  });
}

/**
 * Counts one request of a route's client (`key`) in its fixed window of `windowMs`, starting a new
 * window when the last one ended; answers the count and the milliseconds left. One statement:
 * concurrent requests of one client queue on its row, so every app server sees every count.
 */
export async function countInWindow(db: Queryable, key: string, windowMs: number): Promise<{ current: number; ttl: number }> {
  const { rows } = await db.query<{ hits: number; ttl: number }>(
    `INSERT INTO rate_counters (key, hits, resets_at) VALUES ($1, 1, clock_timestamp() + make_interval(secs => $2::float8 / 1000))
     ON CONFLICT (key) DO UPDATE SET
       hits = CASE WHEN rate_counters.resets_at <= clock_timestamp() THEN 1 ELSE rate_counters.hits + 1 END,
       resets_at = CASE WHEN rate_counters.resets_at <= clock_timestamp() THEN EXCLUDED.resets_at ELSE rate_counters.resets_at END
     RETURNING hits, greatest(0, ceil(extract(epoch FROM resets_at - clock_timestamp()) * 1000))::int AS ttl`,
    [key, windowMs],
  );
  return { current: rows[0].hits, ttl: rows[0].ttl };
}

/** Drops the windows that ended (their next request starts a new one anyway). */
export async function forgetEndedWindows(db: Queryable): Promise<void> {
  await db.query('DELETE FROM rate_counters WHERE resets_at < clock_timestamp()');
}
