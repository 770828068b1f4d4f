/**
 * `npm run seed:prod -- FILE.json` (dist/server/seed.js, made by `npm run build`): loads a seed
 * file (docs/seed-format.md) into the PostgreSQL of DATABASE_URL, migrating it first, with the
 * runtime dependencies alone, beside app servers running on it or not. Idempotent. Exits 0 once
 * loaded, 1 with one line saying why when it could not finish (docs/operations.md). The local
 * stack's `npm run seed` (tools/cli/seed.ts) also joins the embedded database and creates the
 * demo logins in the emulator.
 */
import path from 'node:path';
import { ConfigError, loadConfig, type ServerConfig } from '../../../platform/config';
import { connectDatabase } from '../../../platform/db/database';
import { migrate } from '../../../platform/db/migrate';
import { loadSeedFile, seedDeviceKeys } from './loadSeed';
import { seedFailureMessage } from './seedFailure';
import { checkSeedStorage, seedMediaStorage } from './seedStorage';

let config: ServerConfig | null = null;

async function main(): Promise<number> {
  const file = process.argv[2];
  if (!file) {
    console.error('Uso: npm run seed:prod -- ARQUIVO.json');
    return 2;
  }
  config = loadConfig();
  if (!config.databaseUrl)
    throw new ConfigError('DATABASE_URL é obrigatória: o seed é carregado num PostgreSQL externo.');
  const db = connectDatabase(config.databaseUrl, 2);
  try {
    await migrate(db);
    const storage = seedMediaStorage(config, db);
    await checkSeedStorage(storage, config);
    const summary = await loadSeedFile(db, storage, path.resolve(file), await seedDeviceKeys(config));
    console.info('seed carregado:', summary);
    return 0;
  } finally {
    await db.close();
  }
}

// Exits as soon as it is done: nothing left open (a bucket's idle connection, a timer) keeps it.
main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(seedFailureMessage(error, config));
    process.exit(1);
  },
);
