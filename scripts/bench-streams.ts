/**
 * `npm run bench:streams`: what open live streams cost a server. The product starts as
 * `npm start` does (the demo seed); a second app server on the same database runs in this process,
 * the one measured, its every statement counted. From a child process of their own (their memory
 * is not the server's), phones open BENCH_STREAMS (300) streams of festa_ana's wall and as many of
 * its Feed gallery against it, each from an address of its own. Prints the server's memory per
 * open stream (its heap after a full collection, and its resident memory), and, for a booth's
 * upload through the first server (its photo, then its tile made), per upload: the reads the
 * measured server made for its streams, every statement it sent, and the transactions the
 * database committed in all (pg_stat_database: both servers, the job that makes the tile), with
 * no stream, one of each, the walls, the galleries, and both. Aim: the streams' reads per upload
 * the same with BENCH_STREAMS open as with one.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import type pg from 'pg';
import sharp from 'sharp';
import { buildApp } from '../server/src/app';
import { firebaseVerifier } from '../server/src/modules/identity/http/identityTokens';
import { loadConfig } from '../server/src/platform/config';
import { connectDatabase } from '../server/src/platform/db/database';
import { median } from './lib/benchReport';
import { connectStackDatabase, stackDatabaseUrl } from './lib/stackDatabase';
import { startStackProcess, type StackProcess, stackFolder } from './lib/stackProcess';
import { Phones } from './lib/streamPhones';
import { DEVICE_PATHS } from '../contract/devicePaths';

const STREAMS = Number(process.env.BENCH_STREAMS ?? 300);
const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 7);
/** The demo seed's festa_ana (tools/demoSeed/demo.json): its wall's address and its feed booth. */
const WALL = '/api/telao/festa-ana-2026/ao-vivo';
const GALLERY = '/api/live/festa_ana/feed';
const BOOTH = { id: 'cabine-feed', key: 'demo-key-cabine-feed' };
/**
 * After the streams heard an upload: what else it caused is done, and the database's counts are out (they are flushed
 * about every second).
 */
const SETTLE_MS = 1_500;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

v8.setFlagsFromString('--expose-gc');
const collect = vm.runInNewContext('gc') as () => void;

/** This process's memory after a full collection: the heap in use and the resident set, bytes. */
async function memory(): Promise<{ heap: number; rss: number }> {
  for (let i = 0; i < 3; i += 1) {
    collect();
    await sleep(100);
  }
  const { heapUsed, rss } = process.memoryUsage();
  return { heap: heapUsed, rss };
}

/**
 * What the measured server's statements are: its streams' reads (a wall's or gallery's state, grants), or anything
 * else.
 */
const STREAM_READ = [/FROM events e\s+CROSS JOIN LATERAL/, /FROM event_grants g/];

interface Counts {
  statements: number;
  streamReads: number;
}

async function main(): Promise<void> {
  const dir = stackFolder('bench-streams-');
  const dataDir = path.join(dir, 'data');
  let stack: StackProcess | null = null;
  let phones: Phones | null = null;
  let stats: pg.Client | null = null;
  const stops: (() => Promise<unknown>)[] = [];
  try {
    stack = await startStackProcess({
      DATA_DIR: dataDir,
      DIST_DIR: path.join(dir, 'no-dist'),
      FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9',
    });
    const stackUrl = stack.url;
    stats = await connectStackDatabase(dataDir);
    const statsClient = stats;

    // The measured server: as production runs one, in this process, its every statement counted.
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: path.join(dir, 'measured'),
      DIST_DIR: path.join(dir, 'no-dist'),
      DATABASE_URL: stackDatabaseUrl(dataDir),
      FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9',
      LOG_LEVEL: 'warn',
      // The phones come through "a proxy" on this machine, each from an address of its own.
      TRUST_PROXY: 'loopback',
      JOB_WORKERS: '0',
      LIVE_STREAMS_MAX: String(2 * STREAMS + 10),
    });
    const db = connectDatabase(config.databaseUrl ?? '');
    const counts: Counts = { statements: 0, streamReads: 0 };
    db.pool.on('connect', (client: pg.PoolClient) => {
      const query = client.query.bind(client) as (...args: unknown[]) => unknown;
      (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
        const text = typeof args[0] === 'string' ? args[0] : ((args[0] as { text?: string } | undefined)?.text ?? '');
        counts.statements += 1;
        if (STREAM_READ.some((pattern) => pattern.test(text))) counts.streamReads += 1;
        return query(...args);
      };
    });
    const app = await buildApp({
      config,
      db,
      verifier: firebaseVerifier(config.firebaseProjectId, config.authEmulatorHost),
      logger: false,
    });
    stops.push(
      () => db.close(),
      () => app.close(),
    );
    const measured = await app.listen({ host: '127.0.0.1', port: 0 });
    phones = Phones.start();
    const phonesNow = phones;

    const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#6d28d9' } })
      .jpeg()
      .toBuffer();
    let uploaded = 0;
    // Every statement of this process's own connection is a transaction too: counted, and taken off.
    let ownStatements = 0;
    const ask = async <R extends pg.QueryResultRow>(text: string, values: unknown[] = []) => {
      ownStatements += 1;
      return (await statsClient.query<R>(text, values)).rows;
    };
    const xactCommit = async () => {
      await ask('SELECT pg_stat_clear_snapshot()');
      const rows = await ask<{ n: string }>(
        'SELECT xact_commit::text AS n FROM pg_stat_database WHERE datname = current_database()',
      );
      return Number(rows[0].n);
    };
    /** Until the upload's tile is made (its job, on the first server): then it is in the galleries. */
    const listed = async (file: string) => {
      for (;;) {
        const rows = await ask<{ listed: boolean }>(
          "SELECT NOT awaiting_tile AS listed FROM media WHERE event_name = 'festa_ana' AND file = $1",
          [file],
        );
        if (rows[0]?.listed) return;
        await sleep(50);
      }
    };

    /** Per upload, with the groups open: the streams' reads, the server's statements, the database's transactions. */
    const perUpload = async (groups: Record<string, number>) => {
      const heard: Record<string, number> = {};
      const streamReads: number[] = [];
      const statements: number[] = [];
      const transactions: number[] = [];
      for (let i = 0; i < UPLOADS; i += 1) {
        await sleep(SETTLE_MS);
        const before = { ...counts, xact: await xactCommit(), own: ownStatements };
        uploaded += 1;
        const file = `streams-${String(uploaded).padStart(3, '0')}.jpg`;
        const response = await fetch(`${stackUrl}${DEVICE_PATHS.media}?file=${file}`, {
          method: 'POST',
          headers: { 'x-device-id': BOOTH.id, 'x-device-key': BOOTH.key, 'content-type': 'image/jpeg' },
          body: new Uint8Array(photo),
        });
        if (!response.ok) throw new Error(`upload: ${response.status} ${await response.text()}`);
        await listed(file);
        for (const [tag, count] of Object.entries(groups)) if (count > 0) heard[tag] = (heard[tag] ?? 1) + 1;
        await phonesNow.heard(heard);
        await sleep(SETTLE_MS);
        streamReads.push(counts.streamReads - before.streamReads);
        statements.push(counts.statements - before.statements);
        const xact = await xactCommit();
        transactions.push(xact - before.xact - (ownStatements - before.own));
      }
      // The median upload: the database's own work (the job queue's rounds, its upkeep) comes and goes.
      return { streamReads: median(streamReads), statements: median(statements), transactions: median(transactions) };
    };

    const rows: { label: string; figures: Awaited<ReturnType<typeof perUpload>> }[] = [];
    const memoryRows: { label: string; streams: number; heap: number; rss: number }[] = [];
    /** Opens the groups, measures what they cost to hold and to tell of each upload, closes them. */
    const scenario = async (label: string, walls: number, galleries: number) => {
      const base = await memory();
      if (walls > 0) await phonesNow.open('walls', `${measured}${WALL}`, walls);
      if (galleries > 0) await phonesNow.open('galleries', `${measured}${GALLERY}`, galleries);
      if (walls + galleries >= STREAMS) {
        const held = await memory();
        memoryRows.push({ label, streams: walls + galleries, heap: held.heap - base.heap, rss: held.rss - base.rss });
      }
      rows.push({ label, figures: await perUpload({ walls, galleries }) });
      if (walls > 0) await phonesNow.close('walls');
      if (galleries > 0) await phonesNow.close('galleries');
    };

    await scenario('no stream open', 0, 0);
    await scenario('1 wall, 1 gallery', 1, 1);
    await scenario(`${STREAMS} walls`, STREAMS, 0);
    await scenario(`${STREAMS} galleries`, 0, STREAMS);
    await scenario(`${STREAMS} walls and ${STREAMS} galleries`, STREAMS, STREAMS);

    const kb = (bytes: number) => (bytes / 1024).toFixed(1);
    console.log(
      `\nLive streams on one server: festa_ana's wall and its Feed gallery, ${UPLOADS} booth uploads per row ` +
        `(load average ${os
          .loadavg()
          .map((load) => load.toFixed(2))
          .join(' ')})`,
    );
    console.log('  memory per open stream (heap after a full collection; resident)');
    for (const row of memoryRows) {
      console.log(
        `    ${row.label.padEnd(34)} ${kb(row.heap / row.streams).padStart(6)} KB; ` +
          `${kb(row.rss / row.streams).padStart(6)} KB   (${row.streams} open: +` +
          `${(row.heap / 2 ** 20).toFixed(1)} MB heap, +${(row.rss / 2 ** 20).toFixed(1)} MB resident)`,
      );
    }
    console.log(
      '  per booth upload, the median (its photo, then its tile made)  stream reads   statements (this server) ' +
        '  transactions (whole database)',
    );
    for (const { label, figures } of rows) {
      console.log(
        `    ${label.padEnd(59)} ${figures.streamReads.toFixed(1).padStart(12)} ` +
          `${figures.statements.toFixed(1).padStart(26)} ${figures.transactions.toFixed(1).padStart(31)}`,
      );
    }
    const one = rows.find((row) => row.label === '1 wall, 1 gallery')?.figures.streamReads ?? 0;
    const most = Math.max(...rows.map((row) => row.figures.streamReads));
    console.log(
      `  aim (the streams' reads per upload with ${STREAMS} of each open no more than with one of each): ` +
        `${most <= one ? 'met' : 'NOT met'}`,
    );
  } finally {
    phones?.stop();
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    await stats?.end().catch(() => undefined);
    await stack?.interrupt();
    fs.rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  }
}

main().catch((error: unknown) => {
  console.error('bench:streams failed:');
  console.error(error);
  process.exitCode = 1;
});
