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
