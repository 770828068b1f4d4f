import type { Queryable } from '../db/database';

/**
 * The seeds that finished loading into this database (table seed_runs): `npm start` loads the
 * demo seed only into a database no seed has finished loading into, so a load cut short resumes.
 */

/** Notes that the seed file of this fingerprint finished loading; noting it twice changes nothing. */
export async function noteSeedRun(db: Queryable, fingerprint: string, file: string): Promise<void> {
  await db.query('INSERT INTO seed_runs (fingerprint, file) VALUES ($1, $2) ON CONFLICT DO NOTHING', [fingerprint, file]);
}

/** Whether any seed has finished loading into this database. */
export async function anySeedLoaded(db: Queryable): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM seed_runs LIMIT 1');
  return (rowCount ?? 0) > 0;
}
