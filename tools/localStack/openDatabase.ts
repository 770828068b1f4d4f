import fs from 'node:fs';
import path from 'node:path';
import type { ServerConfig } from '../../server/src/platform/config';
import { connectDatabase, type Database } from '../../server/src/platform/db/database';
import { startEmbeddedPostgres } from './embeddedPostgres';
import { migrate } from '../../server/src/platform/db/migrate';
import { processRunning } from './processAlive';

export interface OpenedDatabase {
  db: Database;
  /** How it was reached, for the start banner. */
  description: string;
  /** Closes the pool and, when this process started it, stops the embedded server. */
  close(): Promise<void>;
}

const DATABASE = 'cabine';

interface Lock {
  pid: number;
  port: number;
}

function readLock(file: string): Lock | null {
  try {
    const lock = JSON.parse(fs.readFileSync(file, 'utf8')) as Lock;
    return Number.isInteger(lock.pid) && Number.isInteger(lock.port) ? lock : null;
  } catch {
    return null;
  }
}

/**
 * The database of DATABASE_URL, or the embedded PostgreSQL in DATA_DIR. A second process on the
 * same data folder (`npm run seed` beside `npm start`) joins the running server instead of
 * starting another; a lock left by a killed process is cleaned up.
 */
export async function openDatabase(
  config: ServerConfig,
  log: (line: string) => void = () => undefined,
): Promise<OpenedDatabase> {
  if (config.databaseUrl) {
    const db = connectDatabase(config.databaseUrl);
    await migrate(db);
    return { db, description: 'external PostgreSQL (DATABASE_URL)', close: () => db.close() };
  }

  const dir = path.join(config.dataDir, 'db');
  const lockFile = path.join(dir, 'owner.json');
  const password = () => fs.readFileSync(path.join(dir, 'pg-password'), 'utf8').trim();
  const lock = readLock(lockFile);
  if (lock && lock.pid !== process.pid && processRunning(lock.pid)) {
    const db = connectDatabase(
      `postgres://postgres:${encodeURIComponent(password())}@127.0.0.1:${lock.port}/${DATABASE}`,
    );
    await migrate(db);
    return { db, description: `embedded PostgreSQL of process ${lock.pid}`, close: () => db.close() };
  }

  // startEmbeddedPostgres stops a server the last start left running, wherever its cluster is.
  if (lock) log('the last start did not stop cleanly; cleaning up');
  const cluster = await startEmbeddedPostgres({ dir, log });
  fs.writeFileSync(lockFile, JSON.stringify({ pid: process.pid, port: cluster.port } satisfies Lock));
  await cluster.createDatabase(DATABASE);
  const db = connectDatabase(cluster.url(DATABASE));
  await migrate(db);
  return {
    db,
    description: `embedded PostgreSQL in ${dir}`,
    async close() {
      await db.close();
      await cluster.stop();
      fs.rmSync(lockFile, { force: true });
    },
  };
}
