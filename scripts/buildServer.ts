/**
 * The server's production build (part of `npm run build`): server/src compiled to JavaScript with
 * source maps, one file per entry, into DIR/server beside the SPA. Packages stay outside the
 * bundle and are required from node_modules at run time, so production installs them with
 * `npm ci --omit=dev`; the build refuses to finish if the server would require anything else
 * (a devDependency, an undeclared package), or if a runtime dependency is one the server never
 * requires (the SPA's packages are bundled by webpack at build time: they are devDependencies).
 */
import { builtinModules } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import { build, type Metafile } from 'esbuild';

const ROOT = path.resolve(__dirname, '..');

/** The production entries: the server, and the seed command of a production operator. */
export const SERVER_ENTRIES = {
  main: 'server/src/main.ts',
  seed: 'server/src/modules/seed/command/seedCommand.ts',
  /**
   * The face worker's thread (server/src/modules/faces/model/faceEngine.ts starts it from beside the server's
   * bundle).
   */
  faceWorker: 'server/src/modules/faces/model/faceWorker.ts',
} as const;

/** Where the build puts the server, under the build's folder (the static files never serve it). */
export const SERVER_BUILD_DIR = 'server';

const MIGRATIONS = 'server/src/platform/db/migrations';

/** `pg`, `@fastify/static`, `mercadopago/dist/x` -> the package's name; null for a relative path. */
function packageName(specifier: string): string | null {
  if (specifier.startsWith('.') || specifier.startsWith('/')) return null;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** The packages the bundles require at run time (Node's built-ins left out). */
function requiredPackages(metafile: Metafile): Set<string> {
  const builtins = new Set(builtinModules);
  const required = new Set<string>();
  for (const output of Object.values(metafile.outputs)) {
    for (const imported of output.imports) {
      if (!imported.external || imported.path.startsWith('node:')) continue;
      const name = packageName(imported.path);
      if (name !== null && !builtins.has(name)) required.add(name);
    }
  }
  return required;
}

/**
 * What the bundles require at run time that is neither a Node built-in nor a runtime dependency
 * of package.json: with `--omit=dev` each of them would be missing.
 */
export function requiresBeyondDependencies(metafile: Metafile, dependencies: readonly string[]): string[] {
  const allowed = new Set(dependencies);
  return [...requiredPackages(metafile)].filter((name) => !allowed.has(name)).sort();
}

/** The runtime dependencies of package.json the bundles never require: `--omit=dev` would install them for nothing. */
export function dependenciesNeverRequired(metafile: Metafile, dependencies: readonly string[]): string[] {
  const required = requiredPackages(metafile);
  return dependencies.filter((name) => !required.has(name)).sort();
}

/** Compiles the server into outputDir/server (emptied first); resolves with the files written. */
export async function buildServer(outputDir: string): Promise<string[]> {
  const serverDir = path.join(outputDir, SERVER_BUILD_DIR);
  fs.rmSync(serverDir, { recursive: true, force: true });
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: SERVER_ENTRIES,
    outdir: serverDir,
    bundle: true,
    // Every package stays a require() of node_modules: runtime dependencies are installed, not copied.
    packages: 'external',
    platform: 'node',
    // CommonJS, as tsx runs the sources today: __dirname finds the migrations beside the bundle.
    format: 'cjs',
    // The Node.js line production runs (.nvmrc, package.json's engines, docs/operations.md).
    target: 'node24',
    // Read by `node --enable-source-maps`; the sources themselves are not needed for stack traces.
    sourcemap: 'linked',
    sourcesContent: false,
    // Function and class names stay as written: logs and stack traces name them.
    keepNames: true,
    tsconfig: 'server/tsconfig.json',
    metafile: true,
    logLevel: 'warning',
  });
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  const dependencies = Object.keys(pkg.dependencies ?? {});
  const missing = requiresBeyondDependencies(result.metafile, dependencies);
  if (missing.length > 0) {
    throw new Error(
      `the production server would require ${missing.join(', ')}, not among package.json's dependencies: npm ` +
        `ci --omit=dev would not install it`,
    );
  }
  const unused = dependenciesNeverRequired(result.metafile, dependencies);
  if (unused.length > 0) {
    throw new Error(
      `the production server never requires ${unused.join(', ')}: move them to devDependencies (npm ci ` +
        `--omit=dev installs every dependency)`,
    );
  }
  // migrate.ts reads its SQL files from the folder beside it: beside the bundle, once built.
  fs.cpSync(path.join(ROOT, MIGRATIONS), path.join(serverDir, 'migrations'), { recursive: true });
  return Object.keys(result.metafile.outputs).map((file) => path.resolve(ROOT, file));
}
