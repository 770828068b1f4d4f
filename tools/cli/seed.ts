/**
 * `npm run seed -- FILE`: loads a seed file (docs/seed-format.md) into the configured database.
 * Idempotent. Beside a running `npm start` it joins that server's database; beside app servers
 * on DATABASE_URL it writes where they read. Exits 0 once loaded, 1 with one line saying why
 * when it could not finish (docs/operations.md).
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig, type ServerConfig } from '../../server/src/platform/config';
import {
  loadSeedFile,
  seedDeviceKeys,
  seedFailureMessage,
  validateSeed,
  checkSeedStorage,
  seedMediaStorage,
} from '../../server/src/modules/seed';
import { ensureEmulatorUser } from '../localStack/authEmulator';
import { openDatabase } from '../localStack/openDatabase';

/** The emulator answers each login within this, or counts as down (an address where nothing answers). */
const EMULATOR_ANSWER_MS = 10_000;

let config: ServerConfig | null = null;

function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** The seed's accounts with a password get their login in the emulator, when one answers. */
async function makeLogins(settings: ServerConfig, file: string): Promise<void> {
  const emulatorHost =
    settings.authEmulatorHost ?? (settings.production ? null : `127.0.0.1:${process.env.AUTH_EMULATOR_PORT ?? 9099}`);
  const seed = validateSeed(JSON.parse(fs.readFileSync(file, 'utf8')));
  const logins = (seed.accounts ?? []).filter((a) => a.password);
  if (!emulatorHost || logins.length === 0) return;
  const emulator = { url: `http://${emulatorHost}`, projectId: settings.firebaseProjectId };
  try {
    for (const a of logins) {
      await within(
        ensureEmulatorUser(emulator, {
          uid: a.uid,
          email: a.email,
          password: a.password ?? '',
          displayName: a.displayName,
        }),
        EMULATOR_ANSWER_MS,
      );
    }
    console.info(`${logins.length} logins criados no emulador ${emulatorHost}`);
  } catch {
    // npm start makes the logins of its own seed alone (SEED_FILE, or the demo seed), not this file's.
    console.info(
      `emulador de login fora do ar em ${emulatorHost}: os logins não foram criados. ` +
        'Rode este comando de novo com o npm start no ar para criá-los.',
    );
  }
}

async function main(): Promise<number> {
  const file = process.argv[2];
  if (!file) {
    console.error('Uso: npm run seed -- ARQUIVO.json');
    return 2;
  }
  config = loadConfig();
  const database = await openDatabase(config, (line) => console.info(line));
  try {
    const storage = seedMediaStorage(config, database.db);
    await checkSeedStorage(storage, config);
    const summary = await loadSeedFile(database.db, storage, path.resolve(file), await seedDeviceKeys(config));
    console.info(`seed carregado (${database.description}):`, summary);
    await makeLogins(config, file);
    return 0;
  } finally {
    await database.close();
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
