/**
 * One run of bench:delivery (scripts/bench-delivery.ts): every guest collects each of the run's photos, the booth
 * uploads them one after the other (each once the previous reached everyone), a server may be killed while the
 * first is being sent; then what the stand-ins accepted is counted (scripts/lib/deliveryCount.ts).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Client } from 'pg';
import { countRun, type Arrival, type Round, type RunRow } from './deliveryCount';
import { collect, EVENT, inTurns, photoUrl, uploadPhoto, type SubscribedGuest } from './deliveryGuests';
import type { DeliveryInbox } from './deliveryInbox';

/** Phones opening pages at once while guests subscribe and collect. */
export const PHONES_AT_ONCE = 8;
/** After the last photo reached everyone and nothing is pending: how long a late repeat is still watched for. */
const SETTLE_MS = 3_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The SPA's two pages, bare: a collect link's page is served (and collects) without building the SPA. */
export function barePages(dir: string): string {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
  fs.writeFileSync(
    path.join(dir, 'app.html'),
    '<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"></head><body><div id="root"></div></body></html>',
  );
  return dir;
}

export interface Bench {
  inbox: DeliveryInbox;
  photos: number;
  /** How long to wait for a photo to reach everyone before counting the rest lost. */
  waitMs: number;
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

export interface RunPlan {
  run: string;
  slug: string;
  base: string;
  servers: number;
  /** A server to kill while the first photo is being sent: when, and the kill (answers what the table says). */
  kill?: { when: () => Promise<boolean>; now: () => Promise<string> };
}

export async function deliveryRun(bench: Bench, plan: RunPlan): Promise<RunRow> {
  const started = Date.now();
  const files = Array.from({ length: bench.photos }, (_, k) => `entrega-${plan.slug}-${k + 1}.jpg`);
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
        Date.now() + bench.waitMs,
      );
      const at = reached(bench, photo, started);
      const what = await plan.kill.now();
      killed = `at ${at}/${guests.length}`;
      console.log(
        `${plan.run}: SIGKILL to the ${what} once ${at}/${guests.length} guests had photo 1` +
          (caught ? '' : ' (never caught holding a send: killed after the sending)'),
      );
    }
    const all = await until(() => reached(bench, photo, started) >= guests.length, Date.now() + bench.waitMs);
    console.log(
      `${plan.run}: photo ${k + 1}/${files.length} reached ${reached(bench, photo, started)}/${guests.length} guests` +
        `${all ? '' : ` (gave up waiting after ${bench.waitMs / 1000} s)`}`,
    );
  }
  await until(() => nothingPending(bench.db, photos), Date.now() + bench.waitMs);
  await sleep(SETTLE_MS);
  const arrivals = bench.inbox.arrivals().filter((arrival) => arrival.at >= started);
  const count = countRun(guests, rounds, arrivals);
  return { run: plan.run, servers: plan.servers, guests: guests.length, photos: photos.length, count, killed };
}

/** The messages of the event by status (the owner's figures come from these). */
export async function statuses(db: Client): Promise<string> {
  const { rows } = await db.query<{ status: string; n: number }>(
    'SELECT status, count(*)::int AS n FROM delivery_messages WHERE event_name = $1 GROUP BY status ORDER BY status',
    [EVENT],
  );
  return rows.map((row) => `${row.status} ${row.n}`).join(', ') || 'none';
}

/**
 * The idempotency keys of the messages still pending whose send jobs these job instances run now (heldJobs.ts says
 * which instance is which server).
 */
export async function sendsHeld(db: Client, instances: ReadonlySet<string>, queue: string): Promise<string[]> {
  const { rows } = await db.query<{ key: string }>(
    `SELECT d.idempotency_key AS key
       FROM job_holders h JOIN pgboss.job j ON j.name = h.queue AND j.id = h.job_id
       JOIN delivery_messages d ON d.id = (j.data->>'message')::bigint
      WHERE h.instance = ANY($1::text[]) AND h.queue = $2 AND j.state = 'active' AND d.status = 'pending'`,
    [[...instances], queue],
  );
  return rows.map((row) => row.key);
}

/**
 * The channel of a message among these a stand-in already accepted (null: none yet): WhatsApp carries the key itself
 * (its callback data), an e-mail's Message-ID the key's SHA-256 digest
 * (server/src/modules/delivery/transports/emailTransport.ts).
 */
export function acceptedAny(inbox: DeliveryInbox, keys: readonly string[]): Arrival['channel'] | null {
  if (keys.length === 0) return null;
  const digests = keys.map((key) => crypto.createHash('sha256').update(key).digest('hex').slice(0, 40));
  const found = inbox
    .arrivals()
    .find(
      (arrival) =>
        arrival.key !== null &&
        (keys.includes(arrival.key) || digests.some((digest) => arrival.key?.includes(digest) ?? false)),
    );
  return found?.channel ?? null;
}
