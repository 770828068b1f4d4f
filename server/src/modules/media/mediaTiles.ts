import type { MediaRef } from '../../../../contract/mediaPath';
import type { Queryable } from '../../platform/db/database';

/**
 * A stored file's tile as its job makes it (jobs/mediaDerivativesJob.ts): the item joins its galleries once it is made,
 * or given up.
 */

/**
 * What a file's job made (jobs/mediaDerivativesJob.ts): its thumbnail, and a video's size read from
 * its poster; the item joins its galleries. Written only when it changes something, so a job run
 * again tells no cache anything.
 */
export async function recordDerivatives(
  db: Queryable,
  ref: MediaRef,
  made: { hasThumb: boolean; width: number | null; height: number | null },
): Promise<void> {
  await db.query(
    `UPDATE media SET has_thumb = $4, width = COALESCE(width, $5), height = COALESCE(height, $6), awaiting_tile = false
      WHERE event_name = $1 AND mode = $2 AND file = $3
        AND (has_thumb <> $4 OR awaiting_tile OR (width IS NULL AND $5::integer IS NOT NULL) OR (height IS NULL AND
          $6::integer IS NOT NULL))`,
    [ref.eventName, ref.mode, ref.file, made.hasThumb, made.width, made.height],
  );
}

/** Lists the uploads still waiting for a tile after `seconds` (jobs/tileSweepJob.ts); answers how many. */
export async function listStaleAwaitingTile(db: Queryable, seconds: number): Promise<number> {
  // Asked first (the partial index, a probe): a sweep with nothing to list writes nothing, for a
  // statement that writes to media makes this server's caches forget everything.
  const due = await db.query(
    'SELECT 1 FROM media WHERE awaiting_tile AND created_at < now() - make_interval(secs => $1) LIMIT 1',
    [seconds],
  );
  if (due.rowCount === 0) return 0;
  const { rowCount } = await db.query(
    'UPDATE media SET awaiting_tile = false WHERE awaiting_tile AND created_at < now() - make_interval(secs => $1)',
    [seconds],
  );
  return rowCount ?? 0;
}

/**
 * The item joins its galleries without a tile made by its job: its file never decodes, or the
 * job gave up (its tile is tried again when a phone asks for it).
 */
export async function listWithoutTile(db: Queryable, ref: MediaRef): Promise<void> {
  await db.query(
    'UPDATE media SET awaiting_tile = false WHERE event_name = $1 AND mode = $2 AND file = $3 AND awaiting_tile',
    [ref.eventName, ref.mode, ref.file],
  );
}
