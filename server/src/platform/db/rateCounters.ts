import type { Database, Queryable } from './database';

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
 * counts the same requests (docs/operations.md#rate-limits-across-servers: stateless app servers on one PostgreSQL).
 * Counts one request in every bucket and answers true, or answers false and counts nothing when
 * any bucket already holds its limit within the last `windowSeconds`.
 */
export async function takeRateSlot(
  db: Database,
  buckets: readonly RateBucket[],
  windowSeconds: number,
): Promise<boolean> {
  const ordered = [...buckets].sort((a, b) => a.key.localeCompare(b.key));
  return db.transaction(async (client) => {
    // One request of a bucket at a time, so that concurrent ones cannot all slip under its limit.
    for (const bucket of ordered)
      await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`rate:${bucket.key}`]);
    for (const bucket of ordered) {
      const { rows } = await client.query<{ hits: number }>(
        `SELECT count(*)::int AS hits FROM rate_hits WHERE bucket = $1 AND at > clock_timestamp() - ` +
          `make_interval(secs => $2)`,
        [bucket.key, windowSeconds],
      );
      if (rows[0].hits >= bucket.limit) return false;
    }
    await client.query(`INSERT INTO rate_hits (bucket) SELECT unnest($1::text[])`, [
      ordered.map((bucket) => bucket.key),
    ]);
    await forgetOldRateHits(client);
    return true;
  });
}

/**
 * A key's total in its window after a settlement, the window's end as the database's clock has it, and the milliseconds
 * left.
 */
export interface SettledCount {
  key: string;
  hits: number;
  /** The window's end (epoch ms): two totals of one window say the same. */
  resetsAt: number;
  ttl: number;
}

/**
 * Adds each key's hits to its fixed window of `windowMs` (a new window when the last one ended)
 * and answers the totals: one statement for a whole batch (platform/db/windowCounts.ts). The keys go in
 * one order, so that two servers settling the same keys at once wait on each other instead of
 * deadlocking.
 */
export async function settleCounts(
  db: Queryable,
  counts: ReadonlyArray<{ key: string; hits: number; windowMs: number }>,
): Promise<SettledCount[]> {
  const ordered = [...counts].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const { rows } = await db.query<{ key: string; hits: number; resets_at: string; ttl: number }>(
    `INSERT INTO rate_counters (key, hits, resets_at)
     SELECT key, hits, clock_timestamp() + make_interval(secs => window_ms / 1000)
       FROM unnest($1::text[], $2::int[], $3::float8[]) WITH ORDINALITY AS given(key, hits, window_ms, n)
      ORDER BY n
     ON CONFLICT (key) DO UPDATE SET
       hits = CASE WHEN rate_counters.resets_at <= clock_timestamp() THEN EXCLUDED.hits ELSE rate_counters.hits +
         EXCLUDED.hits END,
       resets_at = CASE WHEN rate_counters.resets_at <= clock_timestamp() THEN EXCLUDED.resets_at ELSE
         rate_counters.resets_at END
     RETURNING key, hits, (extract(epoch FROM resets_at) * 1000)::float8::text AS resets_at,
       greatest(0, ceil(extract(epoch FROM resets_at - clock_timestamp()) * 1000))::int AS ttl`,
    [ordered.map((count) => count.key), ordered.map((count) => count.hits), ordered.map((count) => count.windowMs)],
  );
  return rows.map((row) => ({ key: row.key, hits: row.hits, resetsAt: Number(row.resets_at), ttl: row.ttl }));
}

/** Drops the windows that ended (their next request starts a new one anyway). */
export async function forgetEndedWindows(db: Queryable): Promise<void> {
  await db.query('DELETE FROM rate_counters WHERE resets_at < clock_timestamp()');
}
