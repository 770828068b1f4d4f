/**
 * `npm run bench:delivery`: photos delivered by e-mail and WhatsApp (docs/product.md#photos-delivered), timed from
 * the booth's upload to the message accepted by the SMTP stand-in and by the WhatsApp Cloud API stand-in. The
 * product starts as `npm start` does (embedded PostgreSQL, the demo seed, its media in a bucket: s3rver), pointed at
 * the two stand-ins, which run in this process (scripts/lib/deliveryInbox.ts). BENCH_GUESTS (100) guests subscribe
 * to festa_ana, half by e-mail and half by WhatsApp, and each opens the collect link of every photo before the booth
 * uploads it; the booth then uploads BENCH_PHOTOS (3) photos one after the other, each once the previous one reached
 * every guest (so that none is batched with the next). Three runs: one server; two servers behind nginx; two
 * servers again, the second killed with SIGKILL while the first photo is being sent (the first moment it holds a send
 * job: between the record of a message and its mark, where a kill could lose or repeat it; BENCH_KILL=accepted: once
 * a message it sends was accepted, before its mark), BENCH_KILLS (1) times, each with a second server started afresh.
 * Each run waits for what must arrive (at most BENCH_WAIT_S, 120 s, per photo) and for no message left pending, then
 * counts: p50, p95 and max delay per channel, duplicates (a guest's photo twice) and lost (a guest's photo never).
 * Prints the table, and exits non-zero on a duplicate, a loss or a stray message.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Client } from 'pg';
import { s3Env, startAppServer, startBalancer, stopAll, type RunningProcess } from './lib/appCluster';
import { AIM_P95_MS, deliveryTable, percentile, type RunRow } from './lib/deliveryCount';
import { EVENT, inTurns, subscribeGuest } from './lib/deliveryGuests';
import { startDeliveryInbox, type DeliveryInbox } from './lib/deliveryInbox';
import {
  acceptedAny,
  barePages,
  type Bench,
  deliveryRun,
  PHONES_AT_ONCE,
  sendsHeld,
  statuses,
} from './lib/deliveryRun';
import { liveInstances } from './lib/heldJobs';
import { startLocalS3, type LocalS3 } from './lib/localS3';
import { boothPhoto } from './lib/partyCrowd';
import { connectStackDatabase, stackDatabaseUrl } from './lib/stackDatabase';
import { startStackProcess, stackFolder, type StackProcess } from './lib/stackProcess';

const GUESTS = Number(process.env.BENCH_GUESTS ?? 100);
const PHOTOS = Number(process.env.BENCH_PHOTOS ?? 3);
const WAIT_MS = Number(process.env.BENCH_WAIT_S ?? 120) * 1000;
const KILLS = Number(process.env.BENCH_KILLS ?? 1);
/**
 * When the second server dies: 'send', the first moment it holds a send job (wherever in it); 'accepted', once a
 * message it is sending was accepted by a stand-in, before the job could mark it (the narrowest window).
 */
const KILL_AT = process.env.BENCH_KILL === 'accepted' ? 'accepted' : 'send';
/** The queue of the delivery's sends (server/src/modules/delivery/deliveryMessages.ts DELIVERY_SEND). */
const SEND_QUEUE = 'delivery-send';

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
    const stands: DeliveryInbox = (inbox = await startDeliveryInbox());
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
      `bench:delivery: ${GUESTS} guests (half e-mail, half WhatsApp), ${PHOTOS} photos per run, ` +
        `${KILLS} kill${KILLS === 1 ? '' : 's'} (BENCH_KILL=${KILL_AT}), ` +
        `load average ${os
          .loadavg()
          .map((n) => n.toFixed(2))
          .join(' ')}`,
    );
    stack = await startStackProcess({ ...shared, DATA_DIR: dataDir });
    inbox.statusesTo(stack.url);
    const held: Client = (db = await connectStackDatabase(dataDir));
    // The owner's switch and cap, as the dashboard sets them (a cap no run reaches).
    await held.query('UPDATE events SET delivery = true, delivery_cap = 100000 WHERE name = $1', [EVENT]);
    const stackUrl = stack.url;
    const guests = await inTurns(PHONES_AT_ONCE, GUESTS, (n) => subscribeGuest(stackUrl, n));
    const bench: Bench = { inbox, db: held, guests, photo: await boothPhoto(0), photos: PHOTOS, waitMs: WAIT_MS };

    rows.push(await deliveryRun(bench, { run: 'one server', slug: 'um', base: stack.url, servers: 1 }));

    const firstInstances = await liveInstances(held);
    /** A second app server on the same database and bucket, and nginx in front of both. */
    const twoServers = async (name: string) => {
      await stopAll([balancer], 'SIGTERM');
      second = await startAppServer({
        ...shared,
        DATA_DIR: path.join(dir, name),
        DATABASE_URL: stackDatabaseUrl(dataDir),
      });
      balancer = await startBalancer([Number(new URL(stackUrl).port), second.port], path.join(dir, `nginx-${name}`));
      return { server: second, url: balancer.url };
    };
    const pair = await twoServers('second');
    rows.push(await deliveryRun(bench, { run: 'two servers', slug: 'dois', base: pair.url, servers: 2 }));

    const running = stack;
    for (let kill = 1; kill <= KILLS; kill += 1) {
      const { server: victim, url } = kill === 1 ? pair : await twoServers(`second-${kill}`);
      const victimInstances = new Set([...(await liveInstances(held))].filter((id) => !firstInstances.has(id)));
      const handedBackBefore = handedBack(running);
      let sending = 0;
      let caught: string | null = null;
      rows.push(
        await deliveryRun(bench, {
          run: KILLS === 1 ? 'two, one killed' : `two, one killed #${kill}`,
          slug: `morte${kill}`,
          base: url,
          servers: 2,
          kill: {
            when: async () => {
              const keys = await sendsHeld(held, victimInstances, SEND_QUEUE);
              sending = keys.length;
              if (KILL_AT === 'send') return sending > 0;
              const channel = acceptedAny(stands, keys);
              caught = channel && (channel === 'email' ? 'e-mail' : 'WhatsApp');
              return caught !== null;
            },
            now: async () => {
              await stopAll([victim]);
              const accepted = caught ? `, one of them accepted by the ${caught} stand-in` : '';
              return `second server (holding ${sending} send job${sending === 1 ? '' : 's'}${accepted})`;
            },
          },
        }),
      );
      console.log(`the surviving server handed back ${handedBack(running) - handedBackBefore} jobs of the killed one`);
    }
    console.log(`messages of ${EVENT} by status: ${await statuses(held)}`);
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
  if (rows.some((row) => row.count.sameMessageIdMails > 0))
    console.log(
      "'e-mails again, same Message-ID': an e-mail whose SMTP connection a kill cut was sent again, the same " +
        'message (its Message-ID): a mailbox keeps it once. Not counted as a duplicate.',
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
