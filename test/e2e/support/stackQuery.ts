import { connectStackDatabase } from '../../../scripts/lib/stackDatabase';

/** One statement on the journey's stack's database (what a journey sets up, or reads back to check). */
export async function stackQuery<T extends object>(sql: string, values: unknown[]): Promise<T[]> {
  const db = await connectStackDatabase(process.env.E2E_DATA_DIR ?? '');
  try {
    return (await db.query<T>(sql, values)).rows;
  } finally {
    await db.end();
  }
}
