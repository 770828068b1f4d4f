/**
 * `npm run seed:prod -- FILE.json` (dist/server/seed.js, made by `npm run build`): loads a seed
 * file (docs/seed-format.md) into the PostgreSQL of DATABASE_URL, migrating it first, with the
 * runtime dependencies alone. Idempotent. The local stack's `npm run seed` (tools/cli/seed.ts)
 * also joins the embedded database and creates the demo logins in the emulator.
 */
import path from 'node:path';
import { ConfigError, loadConfig } from '../config';
import { connectDatabase } from '../db/database';
import { migrate } from '../db/migrate';
import { countEventMedia } from '../domain/media';
import { configuredMediaStorage } from '../storage/mediaStorage';
import { loadSeedFile, seedDeviceKeys } from './loadSeed';

async function main(): Promise<number> {
  const file = process.argv[2];
  if (!file) {
    console.error('Uso: npm run seed:prod -- ARQUIVO.json');
    return 2;
  }
  const config = loadConfig();
  if (!config.databaseUrl) throw new ConfigError('DATABASE_URL is required: the seed goes into an external PostgreSQL.');
  const db = connectDatabase(config.databaseUrl, 2);
  try {
    await migrate(db);
    // An event's files counted by its rows, as the server does: a bucket's keys listed for every file would take long.
    const storage = configuredMediaStorage(config, { maxEventFiles: config.maxEventMediaFiles, countEventFiles: (bname) => countEventMedia(db, bname) });
    const summary = await loadSeedFile(db, storage, path.resolve(file), await seedDeviceKeys(config));
    console.info('seed carregado:', summary);
    return 0;
  } finally {
    await db.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
