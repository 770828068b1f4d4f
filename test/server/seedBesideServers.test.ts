import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { s3Env, startAppServer, stopAll, type RunningProcess } from '../../scripts/lib/appCluster';
import { startLocalS3, type LocalS3 } from '../../scripts/lib/localS3';
import { loadConfig } from '../../server/src/platform/config';
import { seedFailureMessage } from '../../server/src/modules/seed/command/seedFailure';
import type { SeedFile } from '../../server/src/modules/seed/seedFormat';
import { isSilenceTimeout, s3ObjectStore } from '../../server/src/platform/storage/s3ObjectStore';
import { gif, jpeg } from './support/fixtures';
import { startTestServer, type TestServer } from './support/testServer';

/**
 * Seeding beside running servers: two app servers on one PostgreSQL and one bucket
 * (s3rver, in a process of its own), and the seed commands run as an operator runs them, as
 * child processes. Each command exits once done; the servers answer all along and serve what it
 * loaded; a bucket that does not answer ends a command with a line that says so.
 */
const ROOT = path.resolve(__dirname, '../..');
const SECRET = crypto.randomBytes(32).toString('hex');
const PEPPER = crypto.randomBytes(32).toString('hex');

let s3: LocalS3;
let db: TestServer;
let work: string;
const servers: RunningProcess[] = [];
/** A TCP listener that takes connections and never answers: a bucket that stopped answering. */
let silent: net.Server;
const held: net.Socket[] = [];

/** What the servers and the seed commands share: the database, the bucket, the pepper of device keys. */
function sharedEnv(): Record<string, string> {
  return {
    DATABASE_URL: String(db.config.databaseUrl),
    MEDIA_SESSION_SECRET: SECRET,
    DEVICE_KEY_PEPPER: PEPPER,
    FIREBASE_PROJECT_ID: process.env.TEST_FIREBASE_PROJECT_ID ?? '',
    FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '',
    ...s3Env(s3.settings),
  };
}

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'seed-beside-'));
  s3 = await startLocalS3();
  // Only its database is used here (migrated); it takes no job.
  db = await startTestServer({
    ...s3Env(s3.settings),
    DEVICE_KEY_PEPPER: PEPPER,
    MEDIA_SESSION_SECRET: SECRET,
    JOB_WORKERS: '0',
  });
  for (const [name, env] of [
    ['a', { JOB_WORKERS: '0' }],
    ['b', {}],
  ] as const) {
    servers.push(
      await startAppServer({
        ...sharedEnv(),
        ...env,
        DATA_DIR: fs.mkdtempSync(path.join(work, `${name}-`)),
        DIST_DIR: path.join(work, 'no-dist'),
      }),
    );
  }
  silent = net.createServer((socket) => held.push(socket)).listen(0, '127.0.0.1');
  await new Promise((resolve) => silent.once('listening', resolve));
}, 120_000);

afterAll(async () => {
  for (const socket of held) socket.destroy();
  await new Promise((resolve) => silent?.close(resolve));
  await stopAll(servers);
  await db?.close();
  await s3?.stop();
  fs.rmSync(work, { recursive: true, force: true });
}, 60_000);

interface SeedFiles {
  file: string;
  photos: Record<string, Buffer>;
  catalogue: { file: string; bytes: Buffer };
}

/** A seed of its own event (public), with photos, a GIF and a catalogue image, in a folder of its own. */
async function writeSeed(name: string): Promise<SeedFiles> {
  const dir = fs.mkdtempSync(path.join(work, `${name}-`));
  const photos: Record<string, Buffer> = {
    'foto-1.jpg': await jpeg(640, 480, '#0ea5e9'),
    'foto-2.jpg': await jpeg(480, 640, '#f97316'),
    'anima.gif': await gif(),
  };
  for (const [file, bytes] of Object.entries(photos)) fs.writeFileSync(path.join(dir, file), bytes);
  const catalogue = { file: `${name}-produto.jpg`, bytes: await jpeg(200, 200, '#22c55e') };
  fs.writeFileSync(path.join(dir, 'produto.jpg'), catalogue.bytes);
  const seed: SeedFile = {
    events: [{ name, title: `Festa ${name}`, visibility: 'public', devices: ['pad'] }],
    media: Object.keys(photos).map((file) => ({ event: name, mode: 'pad' as const, file, source: file })),
    catalogue: [{ file: catalogue.file, source: 'produto.jpg' }],
  };
  const file = path.join(dir, 'seed.json');
  fs.writeFileSync(file, JSON.stringify(seed));
  return { file, photos, catalogue };
}

interface Exit {
  code: number | null;
  output: string;
}

/**
 * Runs a seed command as a child and resolves when it exits (a command that never exits fails the test by its timeout).
 */
function runSeed(command: string[], env: Record<string, string> = {}): Promise<Exit> {
  const child = spawn(command[0], command.slice(1), {
    cwd: ROOT,
    env: { PATH: process.env.PATH, ...sharedEnv(), DATA_DIR: fs.mkdtempSync(path.join(work, 'seed-data-')), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, output })));
}

const NPM_RUN_SEED = (file: string) => ['npm', 'run', 'seed', '--', file];
/** seed:prod's entry from its source (dist/server/seed.js is this file built). */
const SEED_PROD = (file: string) => [
  process.execPath,
  '--import',
  'tsx',
  'server/src/modules/seed/command/seedCommand.ts',
  file,
];

async function galleryOf(base: string, event: string): Promise<string[]> {
  const response = await fetch(`${base}/api/all/${event}/pad`);
  return response.ok ? ((await response.json()) as { product: string[] }).product : [];
}

/** Both servers list the seed's media and send its files, thumbnails and catalogue image from the bucket. */
async function expectServedByBoth(event: string, seeded: SeedFiles): Promise<void> {
  for (const server of servers) {
    expect((await galleryOf(server.url, event)).sort()).toEqual(
      Object.keys(seeded.photos)
        .map((file) => `/media/${event}/pad/${file}`)
        .sort(),
    );
    for (const [file, bytes] of Object.entries(seeded.photos)) {
      const media = await fetch(`${server.url}/media/${event}/pad/${file}`);
      expect({ file, status: media.status, same: Buffer.from(await media.arrayBuffer()).equals(bytes) }).toEqual({
        file,
        status: 200,
        same: true,
      });
      const thumb = await fetch(`${server.url}/thumbs/${event}/pad/${file}.webp`);
      expect({ file, thumb: thumb.status, type: thumb.headers.get('content-type') }).toEqual({
        file,
        thumb: 200,
        type: 'image/webp',
      });
    }
    const image = await fetch(`${server.url}/catalogo/${seeded.catalogue.file}`);
    expect({
      status: image.status,
      same: Buffer.from(await image.arrayBuffer()).equals(seeded.catalogue.bytes),
    }).toEqual({ status: 200, same: true });
  }
}

describe('a seed command beside two running servers, one database and a bucket', () => {
  it('npm run seed loads, exits 0, and both servers answer while it runs and serve what it loaded', async () => {
    const seeded = await writeSeed('semente_npm');
    const finished = runSeed(NPM_RUN_SEED(seeded.file));
    // Both servers are asked, one request after the other, until the command has exited: twice a
    // second, as a balancer's probes at most (`/readyz` is rate limited, 120 a minute per server).
    let done = false;
    void finished.then(() => (done = true));
    const answers: number[] = [];
    while (!done) {
      for (const server of servers) answers.push((await fetch(`${server.url}/readyz`)).status);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const exit = await finished;
    expect({ code: exit.code, loaded: exit.output.includes('seed carregado') }).toEqual({ code: 0, loaded: true });
    expect(answers.length).toBeGreaterThanOrEqual(2);
    expect(answers.filter((status) => status !== 200)).toEqual([]);
    await expectServedByBoth('semente_npm', seeded);
    for (const server of servers) expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
  }, 120_000);

  it(`seed:prod exits 0 even when its caller waits synchronously (the bucket runs in a process of its own), and both \
servers serve what it loaded`, async () => {
    const seeded = await writeSeed('semente_prod');
    // As an operator's script, or the production test, runs it: this process waits, blocked.
    const exit = spawnSync(SEED_PROD(seeded.file)[0], SEED_PROD(seeded.file).slice(1), {
      cwd: ROOT,
      env: { PATH: process.env.PATH, ...sharedEnv(), DATA_DIR: fs.mkdtempSync(path.join(work, 'seed-data-')) },
      encoding: 'utf8',
      timeout: 100_000,
    });
    expect({ status: exit.status, loaded: exit.stdout.includes('seed carregado') }).toEqual({
      status: 0,
      loaded: true,
    });
    await expectServedByBoth('semente_prod', seeded);
    for (const server of servers) expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
  }, 120_000);

  it(`each command exits 1 with a line saying so, and loads nothing, when the bucket does not answer; the servers go \
on`, async () => {
    const seeded = await writeSeed('semente_muda');
    const { port } = silent.address() as net.AddressInfo;
    const exits = await Promise.all(
      [NPM_RUN_SEED(seeded.file), SEED_PROD(seeded.file)].map((command) =>
        runSeed(command, { S3_ENDPOINT: `http://127.0.0.1:${port}` }),
      ),
    );
    for (const exit of exits) {
      expect({
        code: exit.code,
        said: /o bucket "cabine-teste" \(http:\/\/127\.0\.0\.1:\d+\) não respondeu em \d+ s\. Nada foi carregado/.test(
          exit.output,
        ),
      }).toEqual({
        code: 1,
        said: true,
      });
    }
    expect((await db.db.query("SELECT name FROM events WHERE name = 'semente_muda'")).rows).toEqual([]);
    for (const server of servers) expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
  }, 120_000);

  it('seed:prod without DATABASE_URL exits 1 with one line in Portuguese naming it', async () => {
    const seeded = await writeSeed('semente_sem_banco');
    expect(await runSeed(SEED_PROD(seeded.file), { DATABASE_URL: '' })).toEqual({
      code: 1,
      output: 'DATABASE_URL é obrigatória: o seed é carregado num PostgreSQL externo.\n',
    });
  }, 60_000);
});

describe('a bucket that goes silent halfway through a seed', () => {
  it(`fails the seed's request instead of waiting for ever, and the command says where and that running it again is \
safe`, async () => {
    const { port } = silent.address() as net.AddressInfo;
    const settings = { ...s3.settings, endpoint: `http://127.0.0.1:${port}`, silenceTimeoutMs: 300 };
    const failure = await s3ObjectStore(settings)
      .put('media/x/pad/a.jpg', Buffer.from('x'))
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(isSilenceTimeout(failure)).toBe(true);
    const config = loadConfig(s3Env(settings));
    expect(seedFailureMessage(failure, config)).toMatch(
      new RegExp(
        String.raw`^o bucket "cabine-teste" \(http://127\.0\.0\.1:\d+\) ficou \d+ s sem responder: ` +
          String.raw`o seed parou no meio\. Rodar o comando de novo é seguro`,
      ),
    );
  }, 30_000);
});
