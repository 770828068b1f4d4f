/**
 * `npm run seed -- FILE`: loads a seed file (docs/seed-format.md) into the configured
 * database. Idempotent. Beside a running `npm start` it joins that server's database.
 */
import path from 'node:path';
import { loadConfig } from '../../server/src/config';
import { openDatabase } from '../localStack/openDatabase';
import { loadSeedFile, seedDeviceKeys } from '../../server/src/seed/loadSeed';
import { ensureEmulatorUser } from '../localStack/authEmulator';
import { validateSeed } from '../../server/src/seed/seedFormat';
import { configuredMediaStorage } from '../../server/src/storage/mediaStorage';
import fs from 'node:fs';

async function main(): Promise<void> {
  const file = process.argv[2];
  if (!file) {
    console.error('Uso: npm run seed -- ARQUIVO.json');
    process.exit(2);
  }
  const config = loadConfig();
  const database = await openDatabase(config, (line) => console.info(line));
  try {
    const summary = await loadSeedFile(database.db, configuredMediaStorage(config), path.resolve(file), await seedDeviceKeys(config));
    console.info(`seed carregado (${database.description}):`, summary);
    const emulatorHost = config.authEmulatorHost ?? (config.production ? null : `127.0.0.1:${process.env.AUTH_EMULATOR_PORT ?? 9099}`);
    const seed = validateSeed(JSON.parse(fs.readFileSync(file, 'utf8')));
    const logins = (seed.accounts ?? []).filter((a) => a.password);
    if (emulatorHost && logins.length > 0) {
      const emulator = { url: `http://${emulatorHost}`, projectId: config.firebaseProjectId };
      try {
        for (const a of logins) await ensureEmulatorUser(emulator, { uid: a.uid, email: a.email, password: a.password ?? '', displayName: a.displayName });
        console.info(`${logins.length} logins criados no emulador ${emulatorHost}`);
      } catch {
        // npm start makes the logins of its own seed alone (SEED_FILE, or the demo seed), not this file's.
        console.info(
          `emulador de login fora do ar em ${emulatorHost}: os logins não foram criados. ` + 'Rode este comando de novo com o npm start no ar para criá-los.',
        );
      }
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
