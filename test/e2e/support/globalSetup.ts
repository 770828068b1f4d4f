import path from 'node:path';
import type { BrowserServer } from 'playwright-core';
import { launchBrowserServer } from '../../../scripts/lib/browser';
import { freePort } from '../../../tools/localStack/freePort';
import { startStackProcess, type StackProcess, stackFolder } from '../../../scripts/lib/stackProcess';
import { sharedBuildDir, sharedProductionBuild } from '../../support/sharedBuild';
import { failJourneyStacks, publishStack, stackDir } from './journeyStacks';

declare global {
  var __e2eStacks: Promise<StackProcess | null>[] | undefined;
  var __e2eDir: string | undefined;
  var __e2eBrowser: BrowserServer | undefined;
}

/**
 * Starts the whole product as `npm start` does (Auth emulator, embedded PostgreSQL, demo seed),
 * on free ports and in a temporary data folder, serving the run's shared production build (which
 * `npm start`'s build check finds up to date), and one Chromium. A whole run starts two stacks,
 * so that two workers run journeys at once (each file on a stack of its own,
 * test/e2e/support/journeyEnvironment.ts); a run of chosen files, or on one worker, needs only one.
 * `E2E_STACKS` sets the number. The browser is shared (in contexts of each journey's own).
 *
 * The setup does not wait for the build nor the stacks: they are made while the other projects'
 * files already run, and a journey waits for a stack to be published (a webpack build keeps
 * about one core busy for half a minute; the run's other files use the other).
 */
export default async function globalSetup(globalConfig: RunConfig): Promise<void> {
  const runDir = stackFolder('e2e-');
  globalThis.__e2eDir = runDir;
  process.env.E2E_RUN_DIR = runDir;
  const distDir = sharedBuildDir();
  process.env.E2E_DIST_DIR = distDir;
  globalThis.__e2eBrowser = await launchBrowserServer('shell');
  process.env.E2E_BROWSER_WS = globalThis.__e2eBrowser.wsEndpoint();
  const built = sharedProductionBuild();
  const first = built
    .then(() => startJourneyStack(runDir, 0, distDir))
    .catch((error: unknown) => {
      // The journeys waiting for a stack fail with this instead of waiting for ever.
      failJourneyStacks(runDir, `The journeys' stack did not start.\n${String(error)}`);
      return null;
    });
  const rest = Array.from({ length: stackCount(globalConfig) - 1 }, (_, index) =>
    // A stack that does not start leaves its journeys to the others; the run says why.
    built
      .then(() => startJourneyStack(runDir, index + 1, distDir))
      .catch((error: unknown) => {
        console.warn(`A second journey stack did not start; the journeys take turns on one.\n${String(error)}`);
        return null;
      }),
  );
  globalThis.__e2eStacks = [first, ...rest];
}

/** What the setup reads of jest's global config. */
interface RunConfig {
  maxWorkers: number;
  testPathPatterns: { isSet(): boolean };
}

const MAX_STACKS = 2;

function stackCount(globalConfig: RunConfig): number {
  const chosen = Number(process.env.E2E_STACKS);
  if (Number.isInteger(chosen) && chosen >= 1) return chosen;
  const wholeRun = !globalConfig.testPathPatterns.isSet();
  // Two: a third, on three workers, made the whole run slower (three journeys at once keep both
  // cores busy, and each one waits longer).
  return wholeRun && globalConfig.maxWorkers >= 2 ? MAX_STACKS : 1;
}

async function startJourneyStack(runDir: string, index: number, distDir: string): Promise<StackProcess> {
  const dataDir = path.join(stackDir(runDir, index), 'data');
  const stack = await startStackProcess({
    DATA_DIR: dataDir,
    DIST_DIR: distDir,
    AUTH_EMULATOR_PORT: String(await freePort()),
    SKIP_BUILD: '0',
    FIREBASE_AUTH_EMULATOR_HOST: '',
    TEAM_EMAILS: '',
  });
  // What the journeys reach besides the site, as `npm start`'s banner names it.
  const banner = (pattern: RegExp) => pattern.exec(stack.output())?.[1] ?? '';
  publishStack(runDir, index, {
    E2E_BASE_URL: stack.url,
    E2E_AUTH_EMULATOR_URL: banner(/Firebase Auth emulator: (http:\/\/\S+)/),
    E2E_DATA_DIR: dataDir,
    E2E_WHATSAPP_URL: banner(/WhatsApp \(stand-in local da API da Meta\): (http:\/\/\S+)/),
  });
  return stack;
}
