import type { Queryable } from '../../platform/db/database';

/** The database answers: the health check. */
export async function databaseAnswers(db: Queryable): Promise<void> {
  await db.query('SELECT 1');
}
