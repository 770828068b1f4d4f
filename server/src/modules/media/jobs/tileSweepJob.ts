import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../../platform/db/database';
import { listStaleAwaitingTile } from '../mediaTiles';
import { runPeriodically } from '../../../platform/periodic';

/** How often a server looks for uploads that waited long enough for their tile. */
const SWEEP_MS = 1_000;

/**
 * The bound on an upload's wait for its tile (TILE_WAIT_SECONDS): one whose job has not made it
 * in time joins its galleries all the same, without it, and the first phone to ask for its
 * thumbnail makes it. Its job is normally done long before; this is for a queue fallen behind (a
 * burst of uploads past what the workers make, the work a killed server left, a job lost in a
 * way no retry or dead letter saw), which would otherwise hide every photo behind it. Also once
 * as the server starts.
 */
export function scheduleTileSweep(app: FastifyInstance, db: Queryable, waitSeconds: number, every = SWEEP_MS): void {
  runPeriodically(
    app,
    'tile sweep',
    every,
    async () => {
      const listed = await listStaleAwaitingTile(db, waitSeconds);
      if (listed > 0)
        app.log.info(`${listed} uploads listed before their job made their tile (waited ${waitSeconds} s)`);
    },
    { atStart: true },
  );
}
