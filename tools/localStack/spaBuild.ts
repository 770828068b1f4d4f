import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { startProcess } from './processes';

/** What the SPA's build depends on; a change to any of them makes `npm start` rebuild. */
const INPUTS = [
  'src',
  'contract',
  'public',
  'webpack.config.ts',
  'scripts/build.ts',
  'package-lock.json',
  'tsconfig.json',
];
const STAMP = 'build-stamp.json';

/**
 * The build holds no environment's settings (the server writes them into each page it serves),
 * so one build serves every environment and a second start with other ports reuses it as it is.
 */
export const PORTABLE_SPA_ENV: Readonly<Record<string, string>> = {
  FIREBASE_PROJECT_ID: '',
  FIREBASE_API_KEY: '',
  FIREBASE_AUTH_DOMAIN: '',
  FIREBASE_AUTH_EMULATOR_URL: '',
  MERCADOPAGO_PUBLIC_KEY: '',
  API_BASE: '',
};

/** Every file under `entry` (or `entry` itself), sorted: what a hash of the build's sources reads. */
export function listFiles(entry: string): string[] {
  if (!fs.existsSync(entry)) return [];
  if (fs.statSync(entry).isFile()) return [entry];
  return fs
    .readdirSync(entry, { withFileTypes: true })
    .flatMap((d) => listFiles(path.join(entry, d.name)))
    .sort();
}

/** A fingerprint of the sources and of the public build configuration. */
function buildFingerprint(root: string, env: Record<string, string>): string {
  const hash = crypto.createHash('sha256');
  for (const input of INPUTS) {
    for (const file of listFiles(path.join(root, input))) {
      hash.update(path.relative(root, file));
      hash.update(fs.readFileSync(file));
    }
  }
  hash.update(JSON.stringify(Object.entries(env).sort()));
  return hash.digest('hex');
}

/** Builds the SPA into distDir unless the build there already matches the sources and env. */
export async function ensureSpaBuilt(
  root: string,
  distDir: string,
  env: Record<string, string>,
  log: (line: string) => void,
): Promise<boolean> {
  const fingerprint = buildFingerprint(root, env);
  const stampFile = path.join(distDir, STAMP);
  try {
    if (
      JSON.parse(fs.readFileSync(stampFile, 'utf8')).fingerprint === fingerprint &&
      fs.existsSync(path.join(distDir, 'index.html'))
    ) {
      return false;
    }
  } catch {
    // no build yet
  }
  log('building the web app (first start or changed sources)...');
  const build = startProcess(
    process.execPath,
    [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'scripts/build.ts', '--output-path', distDir, '--spa-only'],
    {
      cwd: root,
      env: { ...process.env, ...env },
      // In our process group, so that a Ctrl-C during the build stops it too.
      ownGroup: false,
    },
  );
  const code = await new Promise<number | null>((resolve) => build.child.once('exit', resolve));
  if (code !== 0) throw new Error(`the web app build failed:\n${build.output()}`);
  fs.writeFileSync(stampFile, JSON.stringify({ fingerprint }));
  return true;
}

/**
 * Marks a build made elsewhere from these sources with `env` (the tests' shared one) as
 * ensureSpaBuilt's own, so that a stack started on it serves it as it is.
 */
export function markSpaBuilt(root: string, distDir: string, env: Record<string, string>): void {
  fs.writeFileSync(path.join(distDir, STAMP), JSON.stringify({ fingerprint: buildFingerprint(root, env) }));
}
