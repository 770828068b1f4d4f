import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { StatsCompilation } from 'webpack';
import { processRunning } from '../../tools/localStack/processAlive';
import { listFiles, markSpaBuilt, PORTABLE_SPA_ENV } from '../../tools/localStack/spaBuild';

/**
 * The production build (`npm run build`: the SPA and the compiled server) that every test needing
 * one shares: the browser journeys' stack serves it, the bundle checks read it, the production
 * test runs its server. A webpack build costs a core for half a minute or more, so it is made
 * once per state of the sources (a folder named by their hash, in the OS temp dir, kept for the
 * next run) by whichever test asks first; the others, in other jest workers, wait for it.
 */

const ROOT = path.resolve(__dirname, '../..');

/** What the build reads: a change to any of them makes a new build. */
const INPUTS = [
  'src',
  'contract',
  'public',
  'server/src',
  'scripts/build.ts',
  'scripts/buildServer.ts',
  'scripts/lib/earlyScriptPlugin.ts',
  'scripts/lib/pwaAssets.ts',
  'scripts/lib/routeChunksPlugin.ts',
  'webpack.config.ts',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'server/tsconfig.json',
];

const BUILD_TIMEOUT_MS = 600_000;
/** How long a test may wait for the build, made by itself or by another worker. */
export const SHARED_BUILD_WAIT_MS = BUILD_TIMEOUT_MS + 60_000;
/** Builds of other sources are removed once this old: a run still using one has long finished. */
const STALE_MS = 60 * 60_000;

export interface SharedBuild {
  /** The build's folder, as `npm run build` fills it (the server in `server/`). */
  distDir: string;
  /** The browser build's webpack stats. */
  stats(): StatsCompilation;
}

function sourcesHash(): string {
  const hash = crypto.createHash('sha256');
  for (const input of INPUTS) {
    for (const file of listFiles(path.join(ROOT, input))) {
      hash.update(path.relative(ROOT, file));
      hash.update(fs.readFileSync(file));
    }
  }
  return hash.digest('hex').slice(0, 16);
}

/** This checkout's builds: another clone's, on the same machine, are its own. */
function buildsFolder(): string {
  const checkout = crypto.createHash('sha256').update(ROOT).digest('hex').slice(0, 12);
  return path.join(os.tmpdir(), `cabine-test-build-${checkout}`);
}

function runBuild(distDir: string, statsFile: string): Promise<void> {
  const child = spawn(
    process.execPath,
    [
      path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'),
      'scripts/build.ts',
      '--output-path',
      distDir,
      '--stats',
      statsFile,
    ],
    { cwd: ROOT, env: { ...process.env, ...PORTABLE_SPA_ENV }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), BUILD_TIMEOUT_MS);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`npm run build failed (${code ?? signal}):\n${output}`));
    });
  });
}

function removeStaleBuilds(folder: string, keep: string): void {
  for (const name of fs.readdirSync(folder)) {
    const done = path.join(folder, name, 'done');
    if (name === keep || !fs.existsSync(done)) continue;
    if (Date.now() - fs.statSync(done).mtimeMs > STALE_MS) fs.rmSync(path.join(folder, name), { recursive: true });
  }
}

/**
 * Takes the build's lock (a folder: made or not, atomically), or says who holds it. A lock
 * whose holder died (a run cut short) is taken over.
 */
function tryLock(lock: string): boolean {
  try {
    fs.mkdirSync(lock);
    fs.writeFileSync(path.join(lock, 'pid'), String(process.pid));
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  let holder: number;
  try {
    holder = Number(fs.readFileSync(path.join(lock, 'pid'), 'utf8'));
  } catch {
    // just made, its pid not written yet: its holder is alive
    return false;
  }
  if (Number.isInteger(holder) && processRunning(holder)) return false;
  fs.rmSync(lock, { recursive: true, force: true });
  return tryLock(lock);
}

/** Where the build of the sources as they are now is (or will be) kept: known before it is made. */
export function sharedBuildDir(): string {
  return path.join(buildsFolder(), sourcesHash(), 'dist');
}

/** The production build of the sources as they are now: made by the first to ask, waited for by the others. */
export async function sharedProductionBuild(): Promise<SharedBuild> {
  const folder = buildsFolder();
  const key = sourcesHash();
  const dir = path.join(folder, key);
  const distDir = path.join(dir, 'dist');
  const statsFile = path.join(dir, 'stats.json');
  const done = path.join(dir, 'done');
  const build: SharedBuild = {
    distDir,
    stats: () => JSON.parse(fs.readFileSync(statsFile, 'utf8')) as StatsCompilation,
  };
  fs.mkdirSync(folder, { recursive: true });
  const deadline = Date.now() + SHARED_BUILD_WAIT_MS;
  while (!fs.existsSync(done)) {
    if (tryLock(`${dir}.lock`)) {
      try {
        if (fs.existsSync(done)) break;
        fs.rmSync(dir, { recursive: true, force: true });
        fs.mkdirSync(dir);
        await runBuild(distDir, statsFile);
        markSpaBuilt(ROOT, distDir, { ...PORTABLE_SPA_ENV });
        fs.writeFileSync(done, new Date().toISOString());
        removeStaleBuilds(folder, key);
      } finally {
        fs.rmSync(`${dir}.lock`, { recursive: true, force: true });
      }
      break;
    }
    if (Date.now() > deadline) throw new Error(`the shared build in ${dir} was not made in time`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  // Touched: a build in use is not stale.
  fs.utimesSync(done, new Date(), new Date());
  return build;
}
