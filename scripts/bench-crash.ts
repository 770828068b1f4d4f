/**
 * `npm run bench:crash`: 20 power cuts under a write load. Starts the product as `npm start` does
 * (server and its embedded PostgreSQL, one process group) on one data folder, sends leads (the
 * landing form), device uploads, prints from a pack and orders from a few concurrent clients,
 * kills the whole group with SIGKILL at a random moment of the load, restarts on the same folder,
 * and checks that every write the server acknowledged (a 2xx the client received) is still there:
 * leads, prints and orders in the database, uploads as a guest sees them, in their gallery over
 * HTTP within LISTED_WITHIN_MS of the restarted server answering (an upload kept but not listed
 * by then is 'hidden', and fails the run as a lost one does). Prints a table per cycle and
 * `0 lost, 0 hidden`, or exits non-zero naming the lost and hidden writes.
 *
 * BENCH_CYCLES (20), BENCH_CLIENTS (6) and BENCH_SEED (random) change the run; the same seed
 * repeats the same kill moments.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Client } from 'pg';
import { TEMPORARY_FILE, DURABLE_FOLDERS } from '../server/src/platform/storage/durableWrite';
import {
  countByKind,
  describeLost,
  formatTable,
  hiddenUploads,
  lostWrites,
  WRITE_KINDS,
  type AckedWrite,
  type FoundWrites,
  type KeptUpload,
  type LostWrite,
  type WriteKind,
} from './lib/benchReport';
import { HOLDER_NAME_PREFIX } from '../server/src/platform/db/jobHolders';
import { MEDIA_DERIVATIVES } from '../server/src/modules/media/jobs/mediaDerivativesJob';
import { connectStackDatabase } from './lib/stackDatabase';
import { startStackProcess, type StackProcess, stackFolder } from './lib/stackProcess';
import { DEVICE_PATHS } from '../contract/devicePaths';

const CYCLES = Number(process.env.BENCH_CYCLES ?? 20);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 6);
/** The kill lands this long after the load starts: late enough for writes of every kind, random within. */
const KILL_AFTER_MS = { min: 800, max: 4000 };
const EVENT = 'crash';
const PACK = 'CRASHPACK';
const PACK_COPIES = 1_000_000;
const COUPON = 'CRASH10';
const CAMERA = { id: 'cam1', key: 'crash-camera-key-0001' };
const PRINTED = `/media/${EVENT}/pad/foto.jpg`;
/**
 * A guest sees every acknowledged upload in its gallery this soon after the restarted server
 * answers: the gallery is asked again every GALLERY_POLL_MS until then.
 */
const LISTED_WITHIN_MS = 5_000;
const GALLERY_POLL_MS = 250;

/** A small deterministic generator (mulberry32), so that BENCH_SEED repeats a run's kill moments. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Photos of noise (they do not compress), so that an upload takes a while to write and a kill can land inside it. */
async function photos(count: number): Promise<Buffer[]> {
  return Promise.all(
    Array.from({ length: count }, (_, i) =>
      sharp(crypto.randomBytes(1024 * 768 * 3), { raw: { width: 1024, height: 768, channels: 3 } })
        .jpeg({ quality: 90 - i })
        .toBuffer(),
    ),
  );
}

async function writeSeed(dir: string, photo: Buffer): Promise<string> {
  fs.writeFileSync(path.join(dir, 'foto.jpg'), photo);
  const seed = {
    events: [{ name: EVENT, title: 'Festa do Crash', publicId: 'crash-2026', devices: ['pad'] }],
    devices: [{ id: CAMERA.id, kind: 'booth', event: EVENT, mode: 'pad', key: CAMERA.key }],
    media: [{ event: EVENT, mode: 'pad', file: 'foto.jpg', source: 'foto.jpg' }],
    packs: [{ hash: PACK, event: EVENT, copies: PACK_COPIES }],
    products: [{ id: 'album', name: 'Álbum', type: 'product', price: 80, maxQty: 1000 }],
    coupons: [{ code: COUPON, discount: 0.1 }],
  };
  const file = path.join(dir, 'seed.json');
  fs.writeFileSync(file, JSON.stringify(seed));
  return file;
}

/** The temporary files of interrupted writes in the folders the server writes durably into. */
function temporaryFiles(dataDir: string): string[] {
  const found: string[] = [];
  const visit = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(full);
      else if (TEMPORARY_FILE.test(entry.name)) found.push(full);
    }
  };
  for (const folder of DURABLE_FOLDERS)
    if (fs.existsSync(path.join(dataDir, folder))) visit(path.join(dataDir, folder));
  return found;
}

interface LoadResult {
  acked: AckedWrite[];
  /** Replies that were not 2xx, by status: none is expected. */
  refused: Map<number, number>;
}

/** The clients: each sends one write after another, every kind in turn, until the server is gone. */
async function runLoad(base: string, cycle: number, uploads: Buffer[], killed: () => boolean): Promise<LoadResult> {
  const acked: AckedWrite[] = [];
  const refused = new Map<number, number>();
  let sequence = 0;
  const unique = () => `c${cycle}n${(sequence += 1)}`;

  const send = async (kind: WriteKind, client: number): Promise<void> => {
    const id = unique();
    if (kind === 'lead') {
      const clientId = `crash-${id}-lead`;
      const response = await fetch(`${base}/api/landingForm`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ nome: `Cliente ${id}`, evento: 'Casamento', telefone: '11 99999-0000', clientId }),
      });
      await response.arrayBuffer();
      if (response.ok) acked.push({ kind, key: clientId, cycle });
      else refused.set(response.status, (refused.get(response.status) ?? 0) + 1);
    } else if (kind === 'upload') {
      const body = uploads[(sequence + client) % uploads.length];
      const file = `${id}.jpg`;
      const response = await fetch(`${base}${DEVICE_PATHS.media}?file=${file}`, {
        method: 'POST',
        headers: { 'x-device-id': CAMERA.id, 'x-device-key': CAMERA.key, 'Content-Type': 'image/jpeg' },
        body: new Uint8Array(body),
      });
      const reply = (await response.json().catch(() => null)) as { url?: string } | null;
      if (response.ok && reply?.url) acked.push({ kind, key: reply.url, cycle, expected: body.length });
      else refused.set(response.status, (refused.get(response.status) ?? 0) + 1);
    } else if (kind === 'print') {
      const request = `crash-${id}-print-0000`;
      const response = await fetch(`${base}/api/print/${PACK}/${encodeURIComponent(PRINTED)}?request=${request}`);
      const reply = (await response.json().catch(() => null)) as { copies?: number } | null;
      if (response.ok && typeof reply?.copies === 'number')
        acked.push({ kind, key: request, cycle, expected: reply.copies });
      else refused.set(response.status, (refused.get(response.status) ?? 0) + 1);
    } else {
      // 9 digits, never starting with 0: unique across the cycles of one run.
      const orderId = String(100_000_000 + cycle * 1_000_000 + sequence);
      const pix = sequence % 2 === 0;
      const response = await fetch(`${base}/api/order/${COUPON}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          products: [{ id: 'album', quantity: 1 + (sequence % 3) }],
          clientName: `Cliente ${id}`,
          eventName: 'Festa',
          eventDate: '2030-05-20',
          eventTime: '19:30',
          paymentMethod: pix ? 'pix' : 'card',
          email: `cliente-${id}@example.com`,
          cpf: '12345678909',
          orderId,
          claim: `crash-claim-${orderId}-secret`,
        }),
      });
      const reply = (await response.json().catch(() => null)) as { orderId?: string; pixCode?: string } | null;
      if (response.ok && reply?.orderId === orderId)
        acked.push({ kind, key: orderId, cycle, expected: pix ? reply.pixCode : undefined });
      else refused.set(response.status, (refused.get(response.status) ?? 0) + 1);
    }
  };

  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, client) => {
      for (let turn = client; !killed(); turn += 1) {
        try {
          await send(WRITE_KINDS[turn % WRITE_KINDS.length], client);
        } catch (error) {
          // The kill cuts the requests in flight: those were never acknowledged.
          if (killed()) return;
          throw error;
        }
      }
    }),
  );
  return { acked, refused };
}

/** What a guest polling the booth gallery saw after the restart. */
interface GalleryWatch {
  /** The gallery's list at its last look. */
  listed: string[];
  /**
   * When it first listed every acknowledged upload, in ms after the server answered; null when it never did in time.
   */
  allListedAfterMs: number | null;
}

/**
 * Polls the booth gallery as a guest's phone would, from the moment the restarted server answered,
 * until it lists every upload in `wanted` or LISTED_WITHIN_MS have passed.
 */
async function watchGallery(base: string, wanted: readonly string[], answeredAt: number): Promise<GalleryWatch> {
  for (;;) {
    const gallery = await fetch(`${base}/api/all/${EVENT}/pad`);
    if (!gallery.ok) throw new Error(`the gallery answered ${gallery.status} after the restart`);
    const listed = ((await gallery.json()) as { product: string[] }).product;
    const shown = new Set(listed);
    const elapsed = Date.now() - answeredAt;
    if (wanted.every((url) => shown.has(url))) return { listed, allListedAfterMs: elapsed };
    if (elapsed >= LISTED_WITHIN_MS) return { listed, allListedAfterMs: null };
    await new Promise((resolve) => setTimeout(resolve, GALLERY_POLL_MS));
  }
}

/** The stored size of a file the gallery names, read from the data folder. */
function storedBytes(dataDir: string, url: string): number | null {
  return fs.statSync(path.join(dataDir, url.replace(/^\//, '')), { throwIfNoEntry: false })?.size ?? null;
}

/**
 * Everything a restarted stack holds of the writes: leads, prints and orders in its database;
 * uploads as its gallery listed them to a guest (`listed`).
 */
async function findWrites(
  base: string,
  db: Client,
  dataDir: string,
  listed: readonly string[],
  fetchThese: ReadonlySet<string>,
): Promise<{ found: FoundWrites; problems: string[] }> {
  const leads = await db.query<{ client_id: string }>('SELECT client_id FROM leads WHERE client_id IS NOT NULL');
  const prints = await db.query<{ request_id: string; copies: number | null }>(
    'SELECT request_id, copies FROM print_requests',
  );
  const orders = await db.query<{ order_id: string; payment_method: string; pix_code: string | null }>(
    'SELECT order_id, payment_method, pix_code FROM orders',
  );
  const uploads = new Map<string, number | null>();
  for (const url of listed) {
    if (fetchThese.has(url)) {
      // The last cycle's uploads are read back as a guest would, byte for byte count.
      const file = await fetch(`${base}${url}`);
      uploads.set(url, file.ok ? (await file.arrayBuffer()).byteLength : null);
    } else {
      uploads.set(url, storedBytes(dataDir, url));
    }
  }

  // Every copy spent has its print job, and the other way round.
  const problems: string[] = [];
  const pack = await db.query<{ copies: number; jobs: number }>(
    'SELECT p.copies, (SELECT count(*)::int FROM print_jobs j WHERE j.pack_hash = p.hash) AS jobs FROM packs p ' +
      'WHERE p.hash = $1',
    [PACK],
  );
  const spent = PACK_COPIES - pack.rows[0].copies;
  if (spent !== pack.rows[0].jobs)
    problems.push(`pack ${PACK}: ${spent} copies spent but ${pack.rows[0].jobs} print jobs`);

  return {
    found: {
      lead: new Map(leads.rows.map((row) => [row.client_id, null])),
      upload: uploads,
      print: new Map(prints.rows.map((row) => [row.request_id, row.copies])),
      order: new Map(orders.rows.map((row) => [row.order_id, row.payment_method === 'pix' ? row.pix_code : null])),
    },
    problems,
  };
}

/**
 * Jobs still active with no live server holding them (platform/db/jobHolders.ts): the restarted server hands them back
 * before it answers.
 */
async function jobsOfTheDead(db: Client): Promise<number> {
  const { rows } = await db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM pgboss.job j
      WHERE j.state = 'active'
        AND NOT EXISTS (SELECT 1 FROM job_holders h JOIN pg_stat_activity a ON a.application_name = $1 || h.instance
          WHERE h.job_id = j.id)`,
    [HOLDER_NAME_PREFIX],
  );
  return rows[0].count;
}

/**
 * The uploads of `urls` the restart kept (row and file) though their gallery did not list them,
 * each with why: whether it still awaits its tile, and its thumbnail jobs' states.
 */
async function keptUploads(db: Client, dataDir: string, urls: readonly string[]): Promise<Map<string, KeptUpload>> {
  const files = urls.map((url) => url.split('/').pop() ?? '');
  const { rows } = await db.query<{ file: string; awaiting_tile: boolean; jobs: string | null }>(
    `SELECT m.file, m.awaiting_tile,
            (SELECT string_agg(j.state || ' after ' || j.retry_count || ' retries, started ' ||
              coalesce(to_char(j.started_on, 'HH24:MI:SS.MS'), 'never')
                               || ', not before ' || to_char(j.start_after, 'HH24:MI:SS.MS'), '; ')
               FROM pgboss.job j WHERE j.name = $3 AND j.data->>'file' = m.file) AS jobs
       FROM media m WHERE m.event_name = $1 AND m.mode = 'pad' AND m.file = ANY($2::text[])`,
    [EVENT, files, MEDIA_DERIVATIVES],
  );
  const kept = new Map<string, KeptUpload>();
  for (const row of rows) {
    const url = `/media/${EVENT}/pad/${row.file}`;
    const state =
      `${row.awaiting_tile ? 'awaiting its tile' : 'not awaiting a tile'}, jobs: ${row.jobs ?? 'none'}, now ` +
      `${new Date().toISOString().slice(11, 23)}`;
    kept.set(url, { bytes: storedBytes(dataDir, url), state });
  }
  return kept;
}

interface CycleRow {
  cycle: number;
  killAtMs: number;
  acked: Record<WriteKind, number>;
  refused: string;
  temporaryLeft: number;
  temporaryAfterStart: number;
  restartS: number;
  /** Jobs the killed server held that the restarted one handed back (its log says so). */
  handedBack: number;
  /**
   * When the gallery listed every acknowledged upload, in s after the server answered; null when not within
   * LISTED_WITHIN_MS.
   */
  listedAfterS: number | null;
  lost: number;
  hidden: number;
}

async function main(): Promise<void> {
  const seedNumber = Number(process.env.BENCH_SEED ?? crypto.randomInt(1, 2 ** 31));
  const next = random(seedNumber);
  const dir = stackFolder('bench-crash-');
  const dataDir = path.join(dir, 'data');
  const uploads = await photos(4);
  const seedFile = await writeSeed(dir, uploads[0]);
  const env = {
    DATA_DIR: dataDir,
    DIST_DIR: path.join(dir, 'no-dist'),
    SEED_FILE: seedFile,
    // One client address sends everything: the limits are raised so that they refuse nothing.
    RATE_LIMIT_SCALE: '1000',
    // No account is used: no Auth emulator is started (an address where none answers).
    FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9',
  };
  console.log(
    `bench:crash: ${CYCLES} cycles of SIGKILL to the whole stack (server and its PostgreSQL) under ${CLIENTS} ` +
      `writing clients`,
  );
  console.log(
    `data folder ${dataDir} (kept across cycles), BENCH_SEED=${seedNumber}, rate limits x1000 ` +
      `(RATE_LIMIT_SCALE), load average ${os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}`,
  );

  const allAcked: AckedWrite[] = [];
  const lostKeys = new Set<string>();
  const allLost: LostWrite[] = [];
  const allHidden: LostWrite[] = [];
  const problems: string[] = [];
  const rows: CycleRow[] = [];
  let stack: StackProcess | null = null;
  const started = Date.now();
  try {
    stack = await startStackProcess(env);
    for (let cycle = 1; cycle <= CYCLES; cycle += 1) {
      const killAtMs = Math.round(KILL_AFTER_MS.min + next() * (KILL_AFTER_MS.max - KILL_AFTER_MS.min));
      let killed = false;
      const running: StackProcess = stack;
      const load = runLoad(running.url, cycle, uploads, () => killed);
      // A failure before the kill is reported when the load is awaited, not as an unhandled rejection.
      load.catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, killAtMs));
      killed = true;
      await running.kill();
      const { acked, refused } = await load;
      allAcked.push(...acked);
      stack = null;

      const leftByKill = temporaryFiles(dataDir);
      const temporaryLeft = leftByKill.length;
      const restartStarted = Date.now();
      stack = await startStackProcess(env);
      const answeredAt = Date.now();
      const restartS = (answeredAt - restartStarted) / 1000;
      // The kill's leftovers still there: a write the restarted server began since (a thumbnail of
      // a job handed back) has a temporary file of its own for a moment, and is no leftover.
      const stillThere = new Set(temporaryFiles(dataDir));
      const temporaryAfterStart = leftByKill.filter((file) => stillThere.has(file)).length;
      if (temporaryAfterStart > 0)
        problems.push(`cycle ${cycle}: ${temporaryAfterStart} temporary files still there after the restart`);

      const db = await connectStackDatabase(dataDir);
      let lostNow: LostWrite[];
      let hiddenNow: LostWrite[];
      let watch: GalleryWatch;
      try {
        // Every upload acknowledged so far, as a guest sees them: a later restart must not hide an earlier one.
        const ackedUploads = allAcked.filter((w) => w.kind === 'upload').map((w) => w.key);
        watch = await watchGallery(stack.url, ackedUploads, answeredAt);
        const lastUploads = new Set(acked.filter((w) => w.kind === 'upload').map((w) => w.key));
        const check = await findWrites(stack.url, db, dataDir, watch.listed, lastUploads);
        problems.push(...check.problems.map((p) => `cycle ${cycle}: ${p}`));
        const stranded = await jobsOfTheDead(db);
        if (stranded > 0)
          problems.push(`cycle ${cycle}: ${stranded} jobs still held by the killed server once the new one answered`);
        // Every write acknowledged so far, not only this cycle's: a later restart must not lose an earlier one.
        const missing = lostWrites(allAcked, check.found).filter(
          (l) => !lostKeys.has(`${l.write.kind} ${l.write.key}`),
        );
        const kept = await keptUploads(
          db,
          dataDir,
          missing.filter((l) => l.write.kind === 'upload').map((l) => l.write.key),
        );
        ({ lost: lostNow, hidden: hiddenNow } = hiddenUploads(missing, kept));
      } finally {
        await db.end();
      }
      for (const l of [...lostNow, ...hiddenNow]) lostKeys.add(`${l.write.kind} ${l.write.key}`);
      allLost.push(...lostNow);
      allHidden.push(...hiddenNow);
      rows.push({
        cycle,
        killAtMs,
        acked: countByKind(acked),
        refused: [...refused].map(([status, n]) => `${n}x${status}`).join(' ') || '0',
        temporaryLeft,
        temporaryAfterStart,
        restartS,
        handedBack: [...stack.output().matchAll(/(\d+) jobs held by a server no longer alive handed back/g)].reduce(
          (n, m) => n + Number(m[1]),
          0,
        ),
        listedAfterS: watch.allListedAfterMs === null ? null : watch.allListedAfterMs / 1000,
        lost: lostNow.length,
        hidden: hiddenNow.length,
      });
      const row = rows[rows.length - 1];
      console.log(
        `cycle ${String(cycle).padStart(2)}: killed ${killAtMs} ms into the load, ${acked.length} writes ` +
          `acknowledged, ` +
          `${temporaryLeft} temporary files left, restart ${restartS.toFixed(1)} s, ${row.handedBack} jobs of ` +
          `the killed server handed back, ` +
          `every upload listed ` +
          (row.listedAfterS === null ? `NOT within ${LISTED_WITHIN_MS / 1000} s` : `${row.listedAfterS.toFixed(1)} s`) +
          ` after it answered, ` +
          `${row.lost} lost, ${row.hidden} hidden`,
      );
    }
  } finally {
    await stack?.interrupt();
    try {
      fs.rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    } catch (error) {
      console.error(`could not remove ${dir}: ${(error as Error).message}`);
    }
  }

  const table = formatTable(
    [
      { header: 'cycle', align: 'right' },
      { header: 'kill at ms', align: 'right' },
      { header: 'leads', align: 'right' },
      { header: 'uploads', align: 'right' },
      { header: 'prints', align: 'right' },
      { header: 'orders', align: 'right' },
      { header: 'non-2xx', align: 'right' },
      { header: 'tmp left by kill', align: 'right' },
      { header: 'tmp of the kill after restart', align: 'right' },
      { header: 'restart s', align: 'right' },
      { header: 'jobs handed back', align: 'right' },
      { header: 'all listed s', align: 'right' },
      { header: 'lost', align: 'right' },
      { header: 'hidden', align: 'right' },
    ],
    rows.map((r) => [
      String(r.cycle),
      String(r.killAtMs),
      String(r.acked.lead),
      String(r.acked.upload),
      String(r.acked.print),
      String(r.acked.order),
      r.refused,
      String(r.temporaryLeft),
      String(r.temporaryAfterStart),
      r.restartS.toFixed(1),
      String(r.handedBack),
      r.listedAfterS === null ? `> ${LISTED_WITHIN_MS / 1000}` : r.listedAfterS.toFixed(1),
      String(r.lost),
      String(r.hidden),
    ]),
  );
  const total = countByKind(allAcked);
  console.log('');
  console.log(
    'Acknowledged writes (2xx received before the kill) per cycle, checked after the restart that followed ' +
      `('all listed s': when the gallery first listed every upload acknowledged so far, after the restarted ` +
      `server answered; hidden: kept, but not listed within ${LISTED_WITHIN_MS / 1000} s):`,
  );
  console.log(table);
  console.log('');
  console.log(
    `total: ${allAcked.length} acknowledged writes (${total.lead} leads, ${total.upload} uploads, ` +
      `${total.print} prints, ${total.order} orders) ` +
      `over ${rows.length} kills, ${rows.reduce((n, r) => n + r.temporaryLeft, 0)} temporary files left by the ` +
      `kills and cleaned at start, ` +
      `${((Date.now() - started) / 1000).toFixed(0)} s, load average now ${os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}`,
  );
  const lostByKind = countByKind(allLost.map((l) => l.write));
  console.log(
    `lost: ${allLost.length} (${lostByKind.lead} leads, ${lostByKind.upload} uploads, ${lostByKind.print} ` +
      `prints, ${lostByKind.order} orders); ` +
      `hidden: ${allHidden.length} uploads`,
  );
  for (const problem of problems) console.error(problem);
  if (allLost.length > 0) {
    console.error(`${allLost.length} lost:`);
    for (const line of describeLost(allLost)) console.error(`  ${line}`);
  }
  if (allHidden.length > 0) {
    console.error(
      `${allHidden.length} hidden from their gallery ${LISTED_WITHIN_MS / 1000} s after the restarted server answered:`,
    );
    for (const line of describeLost(allHidden)) console.error(`  ${line}`);
  }
  if (allLost.length > 0 || allHidden.length > 0 || problems.length > 0 || rows.length < CYCLES) {
    process.exitCode = 1;
  } else {
    console.log('0 lost, 0 hidden');
  }
}

main().catch((error: unknown) => {
  console.error('bench:crash failed:');
  console.error(error);
  process.exitCode = 1;
});
