/**
 * `npm run bench:api`: the guest API under a crowd. Starts the product as `npm start` does, seeds
 * an event with 3,000 media items straight into its database, and runs autocannon at 200
 * connections for 10 s each against the gallery (`/api/all/{bname}/pad`: the full list, the
 * same list compressed as a browser asks for it, and the 304 of a gallery that polls with its
 * ETag), the event cards (`/api/eventos/{events}/{agent}`) and the pack check (`/api/validatePacks/{hashes}`), and
 * against a bare Fastify JSON route in a
 * process of its own, run first and last. Prints p50, p99, requests per second, their ratio to the
 * bare route and the replies that were not the expected status, against the aim
 * (p99 under 50 ms, at least half the bare route's throughput).
 *
 * BENCH_SECONDS (10), BENCH_CONNECTIONS (200) and BENCH_ITEMS (3000) change the run.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { newPackHash } from '../server/src/modules/print/packs';
import {
  AIM,
  formatApiTable,
  judgeRoute,
  bareRequestsPerSecond,
  type ApiRow,
  type LoadFigures,
} from './lib/benchReport';
import { connectStackDatabase } from './lib/stackDatabase';
import { startStackProcess, type StackProcess, stackFolder } from './lib/stackProcess';

const ROOT = path.resolve(__dirname, '..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 200);
const ITEMS = Number(process.env.BENCH_ITEMS ?? 3000);
const WARM_UP_SECONDS = 2;
const EVENT = 'bench';
const AGENT = 'benchagent0001';
/** A guest's cookie holds a few packs: the call asks about five. */
const PACKS_ASKED = 5;
/** Far above what 200 connections send in a run, so that the limiter (still in the path) refuses nothing. */
const RATE_LIMIT_SCALE = 1_000_000;

/** What the bench reads of autocannon (it ships no types). */
interface AutocannonOptions {
  url: string;
  connections: number;
  duration: number;
  headers?: Record<string, string>;
}
interface AutocannonResult {
  latency: { p50: number; p99: number };
  requests: { average: number; total: number };
  statusCodeStats: Record<string, { count: number }>;
  errors: number;
  timeouts: number;
}
type Autocannon = (options: AutocannonOptions) => Promise<AutocannonResult>;
const autocannon = createRequire(__filename)('autocannon') as Autocannon;

interface Target {
  route: string;
  url: string;
  headers?: Record<string, string>;
  expectedStatus: number;
  bare?: boolean;
}

async function load(target: Target): Promise<LoadFigures> {
  // A short run first: the JIT and the database's caches warm up outside the figures.
  await autocannon({
    url: target.url,
    connections: Math.min(50, CONNECTIONS),
    duration: WARM_UP_SECONDS,
    headers: target.headers,
  });
  const result = await autocannon({
    url: target.url,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: target.headers,
  });
  const answered = Object.entries(result.statusCodeStats);
  const unexpected = answered
    .filter(([status]) => Number(status) !== target.expectedStatus)
    .reduce((n, [, stat]) => n + Number(stat.count), 0);
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    requestsPerSecond: result.requests.average,
    unexpected,
    errors: result.errors + result.timeouts,
  };
}

/** The bare Fastify app in a process of its own, as the product's server is. */
async function startBare(): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts/lib/bareFastify.ts')], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /bare: (http:\/\/\S+)/.exec(output);
      if (match) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`the bare app exited (${code}) before it listened`)));
  });
  return { url, child };
}

async function seed(dir: string): Promise<{ seedFile: string; packs: string[] }> {
  const packs = Array.from({ length: PACKS_ASKED }, () => newPackHash());
  const seedFile = path.join(dir, 'seed.json');
  fs.writeFileSync(
    seedFile,
    JSON.stringify({
      events: [{ name: EVENT, title: 'Festa do Bench', publicId: 'bench-2026', devices: ['pad', 'polaroid'] }],
      packs: packs.map((hash) => ({ hash, event: EVENT, copies: 5 })),
    }),
  );
  return { seedFile, packs };
}

/** 3,000 photos straight into the database: the routes measured read rows, never the files. */
async function seedMedia(dataDir: string): Promise<void> {
  const db = await connectStackDatabase(dataDir);
  try {
    await db.query(
      `INSERT INTO media (event_name, mode, file, kind, width, height, has_thumb, created_at)
       SELECT $1, 'pad', 'foto-' || lpad(g::text, 5, '0') || '.jpg', 'image', 900, 1200, true, now() -
         make_interval(secs => $2 - g)
         FROM generate_series(0, $2 - 1) AS g`,
      [EVENT, ITEMS],
    );
    await db.query('ANALYZE media');
  } finally {
    await db.end();
  }
}

/** Each route answers what a guest expects before it is measured: a fast wrong answer measures nothing. */
async function checkTargets(base: string, packs: string[]): Promise<string> {
  const gallery = await fetch(`${base}/api/all/${EVENT}/pad`);
  const list = (await gallery.json()) as { product: string[] };
  if (gallery.status !== 200 || list.product.length !== ITEMS)
    throw new Error(`/all answered ${gallery.status} with ${list.product?.length} items, not ${ITEMS}`);
  const etag = gallery.headers.get('etag');
  if (!etag) throw new Error('/all answered no ETag');
  // fetch asks for compressed replies, as browsers do, and decompresses them.
  if (!gallery.headers.get('content-encoding')) throw new Error('/all answered a browser-like request uncompressed');
  const again = await fetch(`${base}/api/all/${EVENT}/pad`, { headers: { 'If-None-Match': etag } });
  if (again.status !== 304) throw new Error(`/all with its ETag answered ${again.status}, not 304`);
  const cards = (await (await fetch(`${base}/api/eventos/${EVENT}/${AGENT}`)).json()) as { photos: number }[];
  if (cards[0]?.photos !== ITEMS) throw new Error(`/eventos counted ${cards[0]?.photos} photos, not ${ITEMS}`);
  const literals = (await (await fetch(`${base}/api/validatePacks/${packs.join(',')}`)).json()) as string[];
  if (literals.length !== packs.length)
    throw new Error(`/validatePacks answered ${literals.length} packs, not ${packs.length}`);
  return etag;
}

const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

async function main(): Promise<void> {
  const dir = stackFolder('bench-api-');
  const dataDir = path.join(dir, 'data');
  let stack: StackProcess | null = null;
  let bare: ChildProcess | null = null;
  try {
    const { seedFile, packs } = await seed(dir);
    stack = await startStackProcess({
      DATA_DIR: dataDir,
      DIST_DIR: path.join(dir, 'no-dist'),
      SEED_FILE: seedFile,
      RATE_LIMIT_SCALE: String(RATE_LIMIT_SCALE),
      // No route measured takes a token: no Auth emulator is started (an address where none answers).
      FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9',
    });
    await seedMedia(dataDir);
    const etag = await checkTargets(stack.url, packs);
    const started = await startBare();
    bare = started.child;

    const api = `${stack.url}/api`;
    const targets: Target[] = [
      { route: 'bare Fastify { hello: world } (first)', url: `${started.url}/hello`, expectedStatus: 200, bare: true },
      { route: `/api/all/${EVENT}/pad (200, ${ITEMS} items)`, url: `${api}/all/${EVENT}/pad`, expectedStatus: 200 },
      // What a browser gets: it always says it takes compressed replies.
      {
        route: `/api/all/${EVENT}/pad (200, br as browsers ask)`,
        url: `${api}/all/${EVENT}/pad`,
        headers: { 'Accept-Encoding': 'gzip, deflate, br' },
        expectedStatus: 200,
      },
      {
        route: `/api/all/${EVENT}/pad (304, If-None-Match)`,
        url: `${api}/all/${EVENT}/pad`,
        headers: { 'If-None-Match': etag },
        expectedStatus: 304,
      },
      { route: `/api/eventos/${EVENT}/{agent}`, url: `${api}/eventos/${EVENT}/${AGENT}`, expectedStatus: 200 },
      {
        route: `/api/validatePacks/{${PACKS_ASKED} hashes}`,
        url: `${api}/validatePacks/${packs.join(',')}`,
        expectedStatus: 200,
      },
      { route: 'bare Fastify { hello: world } (last)', url: `${started.url}/hello`, expectedStatus: 200, bare: true },
    ];

    console.log(
      `bench:api: ${CONNECTIONS} connections, ${SECONDS} s a route (after ${WARM_UP_SECONDS} s of warm-up), an ` +
        `event of ${ITEMS} media items`,
    );
    console.log(
      `the server runs as npm start runs it (LOG_LEVEL=warn), its rate limits raised x${RATE_LIMIT_SCALE} ` +
        `(RATE_LIMIT_SCALE): the limiter runs but refuses nothing`,
    );
    console.log(
      `${os.cpus().length} CPUs shared by the server, its PostgreSQL, the bare app and autocannon; load ` +
        `average before ${loadAverage()}`,
    );
    const rows: ApiRow[] = [];
    for (const target of targets) {
      const figures = await load(target);
      rows.push({ route: target.route, figures, bare: target.bare });
      console.log(
        `  ${target.route}: p99 ${figures.p99} ms, ${figures.requestsPerSecond.toFixed(0)} req/s (load average ` +
          `${loadAverage()})`,
      );
    }
    console.log('');
    console.log(formatApiTable(rows));
    console.log('');
    const reference = bareRequestsPerSecond(rows);
    const missed = rows.filter((row) => !row.bare && !judgeRoute(row.figures, reference).meetsAim);
    console.log(
      missed.length === 0
        ? `every route meets the aim (p99 < ${AIM.p99Ms} ms, at least ${AIM.ratio} of the bare route's req/s)`
        : `${missed.length} of ${rows.filter((row) => !row.bare).length} routes miss the aim (p99 < ${AIM.p99Ms} ` +
            `ms, at least ${AIM.ratio} of the bare route's req/s)`,
    );
    console.log(`load average after ${loadAverage()}`);
  } finally {
    bare?.kill();
    await stack?.interrupt();
    try {
      fs.rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    } catch (error) {
      console.error(`could not remove ${dir}: ${(error as Error).message}`);
    }
  }
}

main().catch((error: unknown) => {
  console.error('bench:api failed:');
  console.error(error);
  process.exitCode = 1;
});
