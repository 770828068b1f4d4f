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
import {
  countByKind,
  describeLost,
  hiddenUploads,
  lostWrites,
  type AckedWrite,
  type LostWrite,
} from './lib/benchReport';
import {
  findWrites,
  jobsOfTheDead,
  keptUploads,
  LISTED_WITHIN_MS,
  temporaryFiles,
  watchGallery,
  type GalleryWatch,
} from './lib/crashChecks';
import { photos, runLoad, writeSeed } from './lib/crashLoad';
import { cycleTable, type CycleRow } from './lib/crashTable';
import { connectStackDatabase } from './lib/stackDatabase';
import { startStackProcess, type StackProcess, stackFolder } from './lib/stackProcess';

const CYCLES = Number(process.env.BENCH_CYCLES ?? 20);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 6);
/** The kill lands this long after the load starts: late enough for writes of every kind, random within. */
const KILL_AFTER_MS = { min: 800, max: 4000 };

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
      const load = runLoad(running.url, cycle, uploads, () => killed, CLIENTS);
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

  const table = cycleTable(rows);
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
