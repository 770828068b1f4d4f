import path from 'node:path';
import { freePort } from '../../../tools/localStack/freePort';
import { startStackProcess, type StackProcess, stackFolder } from '../../../scripts/lib/stackProcess';
import { sharedProductionBuild } from '../../support/sharedBuild';

declare global {
  var __e2eStack: StackProcess | undefined;
  var __e2eDir: string | undefined;
}

/**
 * Starts the whole product as `npm start` does (Auth emulator, embedded PostgreSQL, demo seed),
 * on free ports and in a temporary data folder, serving the run's shared production build (which
 * `npm start`'s build check finds up to date). Every journey file shares this one stack.
 */
export default async function globalSetup(): Promise<void> {
  const dir = stackFolder('e2e-');
  globalThis.__e2eDir = dir;
  const { distDir } = await sharedProductionBuild();
  const stack = await startStackProcess({
    DATA_DIR: path.join(dir, 'data'),
    DIST_DIR: distDir,
    AUTH_EMULATOR_PORT: String(await freePort()),
    SKIP_BUILD: '0',
    FIREBASE_AUTH_EMULATOR_HOST: '',
    TEAM_EMAILS: '',
  });
  globalThis.__e2eStack = stack;
  const emulator = /Firebase Auth emulator: (http:\/\/\S+)/.exec(stack.output())?.[1] ?? '';
  process.env.E2E_BASE_URL = stack.url;
  process.env.E2E_AUTH_EMULATOR_URL = emulator;
  process.env.E2E_DATA_DIR = path.join(dir, 'data');
  process.env.E2E_DIST_DIR = distDir;
}
