import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { SeedFile } from '../../../server/src/modules/seed/seedFormat';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../../..');

/**
 * `npm run seed -- FILE` beside the running stack, as docs/seed-format.md says, the seed file
 * written as `{name}.json` in `dir`: the folder of the media files it names.
 */
export async function seedIn(dir: string, content: SeedFile, name = 'seed'): Promise<void> {
  const file = path.join(dir, `${name}.json`);
  fs.writeFileSync(file, JSON.stringify(content));
  const emulatorPort = new URL(process.env.E2E_AUTH_EMULATOR_URL ?? 'http://127.0.0.1:9099').port;
  await run(process.execPath, [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'tools/cli/seed.ts', file], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATA_DIR: process.env.E2E_DATA_DIR,
      AUTH_EMULATOR_PORT: emulatorPort,
      FIREBASE_AUTH_EMULATOR_HOST: '',
    },
    timeout: 60_000,
  });
}

/** The same, for a seed of accounts, orders and events alone (no media files beside it). */
export async function seedBeside(content: SeedFile): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-seed-'));
  try {
    await seedIn(dir, content);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
