/**
 * Which app server is which job instance, read from the database as the servers record it (server/src/platform/db/
 * jobHolders.ts): for a bench to kill a server while it holds a job of a given queue, not at a moment when it
 * happens to hold none (job_holders names the instance of each active job).
 */
import type { Client } from 'pg';
import { HOLDER_NAME_PREFIX } from '../../server/src/platform/db/jobHolders';

/** The job instances alive now: one per app server (each server's holding connection names its instance). */
export async function liveInstances(db: Client): Promise<Set<string>> {
  const { rows } = await db.query<{ instance: string }>(
    `SELECT substr(application_name, length($1) + 1) AS instance FROM pg_stat_activity
      WHERE datname = current_database() AND starts_with(application_name, $1)`,
    [HOLDER_NAME_PREFIX],
  );
  return new Set(rows.map((row) => row.instance));
}
