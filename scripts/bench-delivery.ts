/**
 * `npm run bench:delivery`: photos delivered by e-mail and WhatsApp (docs/product.md#photos-delivered), timed from
 * the booth's upload to the message accepted by the SMTP stand-in and by the WhatsApp Cloud API stand-in. The
 * product starts as `npm start` does (embedded PostgreSQL, the demo seed, its media in a bucket: s3rver), pointed at
 * the two stand-ins, which run in this process (scripts/lib/deliveryInbox.ts). BENCH_GUESTS (100) guests subscribe
 * to festa_ana, half by e-mail and half by WhatsApp, and each opens the collect link of every photo before the booth
 * uploads it; the booth then uploads BENCH_PHOTOS (3) photos one after the other, each once the previous one reached
 * every guest (so that none is batched with the next). Three runs: one server; two servers behind nginx; two
 * servers again, the second killed with SIGKILL while the first photo is being sent (the first moment it holds a send
 * job: between the record of a message and its mark, where a kill could lose or repeat it). Each run waits for
 * what must arrive (at most BENCH_WAIT_S, 120 s, per photo) and for no message left pending, then counts: p50, p95
 * and max delay per channel, duplicates (a guest's photo twice) and lost (a guest's photo never). Prints the table,
 * and exits non-zero on a duplicate, a loss or a stray message.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Client } from 'pg';
import { s3Env, startAppServer, startBalancer, stopAll, type RunningProcess } from './lib/appCluster';
import { AIM_P95_MS, countRun, deliveryTable, percentile, type Round, type RunRow } from './lib/deliveryCount';
import {
  collect,
  EVENT,
  inTurns,
  photoUrl,
  subscribeGuest,
  uploadPhoto,
  type SubscribedGuest,
} from './lib/deliveryGuests';
import { startDeliveryInbox, type DeliveryInbox } from './lib/deliveryInbox';
import { activeJobsHeld, liveInstances } from './lib/heldJobs';
import { startLocalS3, type LocalS3 } from './lib/localS3';
import { boothPhoto } from './lib/partyCrowd';
import { connectStackDatabase, stackDatabaseUrl } from './lib/stackDatabase';
import { startStackProcess, stackFolder, type StackProcess } from './lib/stackProcess';

const GUESTS = Number(process.env.BENCH_GUESTS ?? 100);
const PHOTOS = Number(process.env.BENCH_PHOTOS ?? 3);
const WAIT_MS = Number(process.env.BENCH_WAIT_S ?? 120) * 1000;
/** The queue of the delivery's sends (server/src/modules/delivery/deliveryMessages.ts DELIVERY_SEND). */
const SEND_QUEUE = 'delivery-send';
/** Phones opening pages at once while guests subscribe and collect. */
const PHONES_AT_ONCE = 8;
/** After the last photo reached everyone and nothing is pending: how long a late repeat is still watched for. */
const SETTLE_MS = 3_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The SPA's two pages, bare: a collect link's page is served (and collects) without building the SPA. */
function barePages(dir: string): string {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
  fs.writeFileSync(
    path.join(dir, 'app.html'),
    '<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"></head><body><div id="root"></div></body></html>',
  );
  return dir;
}

interface Bench {
  inbox: DeliveryInbox;
  db: Client;
  guests: SubscribedGuest[];
  photo: Buffer;
}

/** How many guests the photo reached so far. */
function reached(bench: Bench, photo: string, since: number): number {
  const guests = new Set<string>();
  for (const arrival of bench.inbox.arrivals())
    if (arrival.at >= since && arrival.photos.includes(photo)) guests.add(`${arrival.channel} ${arrival.to}`);
  return guests.size;
}

async function until(done: () => boolean | Promise<boolean>, deadline: number): Promise<boolean> {
  while (Date.now() < deadline) {
    if (await done()) return true;
    await sleep(20);
  }
  return done();
}

/** Nothing of the run still to be sent: no photo waiting for its batch, no message pending. */
async function nothingPending(db: Client, photos: readonly string[]): Promise<boolean> {
  const { rows } = await db.query<{ waiting: number }>(
    `SELECT (SELECT count(*) FROM delivery_messages WHERE event_name = $1 AND status = 'pending')
          + (SELECT count(*) FROM delivery_photos p JOIN media m ON m.id = p.media_id
              WHERE p.message_id IS NULL AND m.event_name = $1 AND '/media/' || m.event_name || '/' || m.mode || '/'
                    || m.file = ANY($2::text[])) AS waiting`,
    [EVENT, photos],
  );
  return Number(rows[0].waiting) === 0;
}

interface RunPlan {
  run: string;
  slug: string;
  base: string;
  servers: number;
  /** A server to kill while the first photo is being sent: when, and the kill (answers what the table says). */
  kill?: { when: () => Promise<boolean>; now: () => Promise<string> };
}

async function deliveryRun(bench: Bench, plan: RunPlan): Promise<RunRow> {
  const started = Date.now();
  const files = Array.from({ length: PHOTOS }, (_, k) => `entrega-${plan.slug}-${k + 1}.jpg`);
  const photos = files.map(photoUrl);
  const { guests } = bench;
  await inTurns(PHONES_AT_ONCE, guests.length * photos.length, (i) =>
    collect(plan.base, guests[i % guests.length], photos[Math.floor(i / guests.length)]),
  );
  const rounds: Round[] = [];
  let killed = '-';
  for (const [k, file] of files.entries()) {
    const photo = photos[k];
    rounds.push({ photo, uploadedAt: await uploadPhoto(plan.base, file, bench.photo) });
    if (k === 0 && plan.kill) {
      const { when } = plan.kill;
      let caught = false;
      await until(
        async () => (caught = await when()) || reached(bench, photo, started) >= guests.length,
        Date.now() + WAIT_MS,
      );
      const at = reached(bench, photo, started);
      const what = await plan.kill.now();
      killed = `at ${at}/${guests.length}`;
      console.log(
        `${plan.run}: SIGKILL to the ${what} once ${at}/${guests.length} guests had photo 1` +
          (caught ? '' : ' (never caught holding a send: killed after the sending)'),
      );
    }
    const all = await until(() => reached(bench, photo, started) >= guests.length, Date.now() + WAIT_MS);
    console.log(
      `${plan.run}: photo ${k + 1}/${files.length} reached ${reached(bench, photo, started)}/${guests.length} guests` +
        `${all ? '' : ` (gave up waiting after ${WAIT_MS / 1000} s)`}`,
    );
  }
  await until(() => nothingPending(bench.db, photos), Date.now() + WAIT_MS);
  await sleep(SETTLE_MS);
  const arrivals = bench.inbox.arrivals().filter((arrival) => arrival.at >= started);
  const count = countRun(guests, rounds, arrivals);
  return { run: plan.run, servers: plan.servers, guests: guests.length, photos: photos.length, count, killed };
}

/** The messages of the event by status (the owner's figures come from these). */
async function statuses(db: Client): Promise<string> {
  const { rows } = await db.query<{ status: string; n: number }>(
    'SELECT status, count(*)::int AS n FROM delivery_messages WHERE event_name = $1 GROUP BY status ORDER BY status',
    [EVENT],
  );
  return rows.map((row) => `${row.status} ${row.n}`).join(', ') || 'none';
}

async function main(): Promise<void> {
  const dir = stackFolder('bench-delivery-');
  const dataDir = path.join(dir, 'data');
  let s3: LocalS3 | null = null;
  let inbox: DeliveryInbox | null = null;
  let stack: StackProcess | null = null;
  let db: Client | null = null;
  let second: RunningProcess | null = null;
  let balancer: RunningProcess | null = null;
  const rows: RunRow[] = [];
  try {
    s3 = await startLocalS3('entregas');
    inbox = await startDeliveryInbox();
    const shared = {
      ...s3Env(s3.settings),
      ...inbox.env,
      // Every guest is this machine's address: the limits are raised out of the way.
      RATE_LIMIT_SCALE: '1000000',
      MEDIA_SESSION_SECRET: crypto.randomBytes(32).toString('hex'),
      DEVICE_KEY_PEPPER: crypto.randomBytes(32).toString('hex'),
      DIST_DIR: barePages(path.join(dir, 'dist')),
      // No route here takes a token: no Auth emulator (an address where none answers).
      FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9',
    };
    console.log(
      `bench:delivery: ${GUESTS} guests (half e-mail, half WhatsApp), ${PHOTOS} photos per run, load average ` +
        os
          .loadavg()
          .map((n) => n.toFixed(2))
          .join(' '),
    );
    stack = await startStackProcess({ ...shared, DATA_DIR: dataDir });
    inbox.statusesTo(stack.url);
    db = await connectStackDatabase(dataDir);
    // The owner's switch and cap, as the dashboard sets them (a cap no run reaches).
    await db.query('UPDATE events SET delivery = true, delivery_cap = 100000 WHERE name = $1', [EVENT]);
    const stackUrl = stack.url;
    const guests = await inTurns(PHONES_AT_ONCE, GUESTS, (n) => subscribeGuest(stackUrl, n));
    const bench: Bench = { inbox, db, guests, photo: await boothPhoto(0) };

    rows.push(await deliveryRun(bench, { run: 'one server', slug: 'um', base: stack.url, servers: 1 }));

    const firstInstances = await liveInstances(db);
    second = await startAppServer({
      ...shared,
      DATA_DIR: path.join(dir, 'second'),
      DATABASE_URL: stackDatabaseUrl(dataDir),
    });
    balancer = await startBalancer([Number(new URL(stack.url).port), second.port], path.join(dir, 'nginx'));
    rows.push(await deliveryRun(bench, { run: 'two servers', slug: 'dois', base: balancer.url, servers: 2 }));

    const victim = second;
    const victimInstances = new Set([...(await liveInstances(db))].filter((id) => !firstInstances.has(id)));
    const handedBackBefore = handedBack(stack);
    const running = stack;
    const held = db;
    let sending = 0;
    rows.push(
      await deliveryRun(bench, {
        run: 'two, one killed',
        slug: 'morte',
        base: balancer.url,
        servers: 2,
        kill: {
          when: async () => (sending = await activeJobsHeld(held, victimInstances, SEND_QUEUE)) > 0,
          now: async () => {
            await stopAll([victim]);
            return `second server (holding ${sending} send job${sending === 1 ? '' : 's'})`;
          },
        },
      }),
    );
    console.log(`the surviving server handed back ${handedBack(running) - handedBackBefore} jobs of the killed one`);
    console.log(`messages of ${EVENT} by status: ${await statuses(db)}`);
  } finally {
    await db?.end();
    await stopAll([balancer], 'SIGTERM');
    await stopAll([second]);
    await stack?.interrupt();
    await inbox?.close();
    await s3?.stop();
    fs.rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  }

  console.log('');
  console.log(
    'From the booth upload began to the message accepted by the stand-in (first arrival of each guest and photo):',
  );
  console.log(deliveryTable(rows));
  const failed = rows.filter((row) => row.count.duplicates + row.count.lost + row.count.strays > 0);
  for (const row of failed) for (const line of row.count.details) console.error(`${row.run}: ${line}`);
  if (rows.some((row) => row.count.sameKeyRepeats > 0))
    console.error(
      "'same key': the same message (its idempotency key) was handed to the transport again; a receiver that " +
        "de-duplicates by it (an e-mail's Message-ID) shows it once, WhatsApp's Cloud API does not de-duplicate.",
    );
  const missed = rows.filter(
    (row) => !(percentile([...row.count.delays.email, ...row.count.delays.whatsapp], 95) <= AIM_P95_MS),
  );
  const verdict = missed.length === 0 ? 'met' : `missed by ${missed.map((row) => row.run).join(', ')}`;
  console.log(`aim p95 <= ${AIM_P95_MS / 1000} s: ${verdict}`);
  if (failed.length > 0) {
    process.exitCode = 1;
  } else {
    console.log('0 duplicates, 0 lost');
  }
}

/** Jobs of a dead server the surviving one handed back, as its log says. */
function handedBack(stack: StackProcess): number {
  return [...stack.output().matchAll(/(\d+) jobs held by a server no longer alive handed back/g)].reduce(
    (n, m) => n + Number(m[1]),
    0,
  );
}

main().catch((error: unknown) => {
  console.error('bench:delivery failed:');
  console.error(error);
  process.exitCode = 1;
});
