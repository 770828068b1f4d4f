import path from 'node:path';
import type { BrowserServer } from 'playwright-core';
import { launchBrowserServer } from '../../../scripts/lib/browser';
import { freePort } from '../../../tools/localStack/freePort';
import { startStackProcess, type StackProcess, stackFolder } from '../../../scripts/lib/stackProcess';
import { sharedProductionBuild } from '../../support/sharedBuild';

declare global {
  var __e2eStack: StackProcess | undefined;
  var __e2eDir: string | undefined;
  var __e2eBrowser: BrowserServer | undefined;
}

/**
 * Starts the whole product as `npm start` does (Auth emulator, embedded PostgreSQL, demo seed),
 * on free ports and in a temporary data folder, serving the run's shared production build (which
 * `npm start`'s build check finds up to date), and one Chromium. Every journey file shares this
 * one stack, and the browser (in contexts of its own).
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
  globalThis.__e2eBrowser = await launchBrowserServer();
  process.env.E2E_BROWSER_WS = globalThis.__e2eBrowser.wsEndpoint();
}
