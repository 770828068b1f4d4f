import fs from 'node:fs';
import path from 'node:path';
import type { Database } from './database';
import { checkOut } from './checkOut';
import { installJobQueue } from './jobQueue';

const MIGRATIONS_DIR = path.join(__dirname, 'migrations');
// Any constant: serialises concurrent migrators (several app servers starting at once).
const LOCK_KEY = 7_311_904;

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** The files `NNNN_name.sql` of the migrations folder, in order. */
export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return fs
    .readdirSync(dir)
    .filter((file) => /^\d{4}_[a-z0-9_]+\.sql$/.test(file))
    .sort()
    .map((file) => ({
      version: Number(file.slice(0, 4)),
      name: file.slice(5, -4),
      sql: fs.readFileSync(path.join(dir, file), 'utf8'),
    }));
}

/** Applies the pending migrations, each in its own transaction; returns the versions applied. */
export async function migrate(db: Database, migrations = readMigrations()): Promise<number[]> {
  const applied = await applyMigrations(db, migrations);
  // The job queue's tables are its library's, migrated by its own versions under its own lock
  // (after ours, whose connection is given back: a pool of one must serve it).
  await installJobQueue(db);
  return applied;
}

async function applyMigrations(db: Database, migrations: Migration[]): Promise<number[]> {
  const connection = await checkOut(db.pool);
  const { client } = connection;
  try {
    await client.query('SELECT pg_advisory_lock($1)', [LOCK_KEY]);
    await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const done = new Set(
      (await client.query<{ version: number }>('SELECT version FROM schema_migrations')).rows.map((r) => r.version),
    );
    const applied: number[] = [];
    for (const migration of migrations) {
      if (done.has(migration.version)) continue;
      await client.query('BEGIN');
      try {
        await client.query(migration.sql);
        await client.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
          migration.version,
          migration.name,
        ]);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw new Error(`migration ${migration.version}_${migration.name} failed: ${(error as Error).message}`, {
          cause: error,
        });
      }
      applied.push(migration.version);
    }
    return applied;
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [LOCK_KEY]).catch(() => undefined);
    connection.release();
  }
}
