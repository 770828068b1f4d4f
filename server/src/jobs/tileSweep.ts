import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db/database';
import { listStaleAwaitingTile } from '../domain/media';
import { runPeriodically } from './periodic';

/** How often a server looks for uploads still out of their galleries. */
const SWEEP_MS = 5 * 60_000;
/** Past this, an upload's job is not coming (its runs and retries take a few minutes at most). */
export const TILE_GIVEN_UP_MINUTES = 15;

/**
 * The last word on an upload's listing: one whose tile never came (its job lost in a way no
 * retry or dead letter saw, say a job finished by a server of an older version during a deploy)
 * joins its galleries all the same, without one.
 */
export function scheduleTileSweep(app: FastifyInstance, db: Queryable, every = SWEEP_MS): void {
  runPeriodically(app, 'tile sweep', every, async () => {
    const listed = await listStaleAwaitingTile(db, TILE_GIVEN_UP_MINUTES);
    if (listed > 0) app.log.warn(`${listed} uploads listed without the tile their job never made`);
  });
}
