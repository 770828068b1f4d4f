import PgBoss from 'pg-boss';
import type { Database, Queryable } from './database';
import { handBackOrphanedJobs, holdJobs, type JobHolder } from './jobHolders';

/** pg-boss keeps its tables here, beside ours, migrated by `installJobQueue` under its own lock. */
const SCHEMA = 'pgboss';

/**
 * How often a server without a nudge looks for work (a server that queued a job nudges its own
 * worker at once; another server's job waits at most this long).
 */
const POLL_SECONDS = 1;
/**
 * How often some server (whichever takes the turn) fails the jobs whose worker went quiet past
 * their expiry, so that they are retried elsewhere: the last resort, for a job whose holder is
 * not known (taken by a server of an older version) or whose machine vanished from the network.
 */
const MAINTENANCE_SECONDS = 30;
/**
 * How often every server hands back the jobs held by a server that died (platform/db/jobHolders.ts): they
 * run again elsewhere this soon after the death, not after their expiry. Also once at start.
 */
const HAND_BACK_SECONDS = 2;

/** A job's data: plain JSON, written once and read by whichever server takes it. */
export type JobData = Record<string, string | number | boolean | null>;

export interface QueueSettings {
  /** How long one run may take before it counts as lost (its server killed) and is run again. */
  expireInSeconds: number;
  /** Runs after the first, each `retryDelaySeconds` later, doubled every time. */
  retryLimit: number;
  retryDelaySeconds: number;
  /**
   * The queue that receives a job's data once its every run failed (pg-boss's dead letter): for
   * what must still happen then. Listed before this queue in `startJobQueue`'s queues.
   */
  deadLetter?: string;
}

export interface JobQueue {
  /**
   * Queues a job in the caller's transaction (`client`): it exists exactly when what it is for
   * was committed, and never before.
   */
  enqueue(client: Queryable, name: string, data: JobData, options?: EnqueueOptions): Promise<void>;
  /** After a commit that queued work: this server's worker looks now instead of at its next poll. */
  nudge(name: string): void;
  /** True once `stop` was called: a long job stops between its steps, and leaves the rest to another job. */
  stopping(): boolean;
  /** Whether the queue answers (the readiness check): rejects, saying why, otherwise. */
  reachable(): Promise<void>;
  /** Stops taking jobs, lets those under way finish (up to `timeoutMs`), then stops. */
  stop(timeoutMs?: number): Promise<void>;
}

export interface EnqueueOptions {
  /** Not taken before this many seconds (work that cannot be done before then: a claim still held). */
  startAfterSeconds?: number;
}

export interface JobQueueOptions {
  /** Jobs this server runs at once for each queue; 0 makes a server that only queues (a web-only one). */
  workers: number;
  onError?: (message: string) => void;
  /** How often lost runs are looked for (MAINTENANCE_SECONDS; a test shortens it). */
  maintenanceSeconds?: number;
  /** How often dead servers' jobs are handed back (HAND_BACK_SECONDS). */
  handBackSeconds?: number;
}

export type JobHandler = (data: JobData) => Promise<void>;

/** The queue over our own pool: pg-boss's statements run on it, nothing else is opened. */
function overPool(db: Queryable): PgBoss.Db {
  return { executeSql: (text, values) => db.query(text, values) };
}

/** Creates or upgrades the queue's tables (run by `migrate`, like ours). */
export async function installJobQueue(db: Database): Promise<void> {
  const boss = new PgBoss({ db: overPool(db), schema: SCHEMA, supervise: false, schedule: false, migrate: true });
  boss.on('error', () => undefined);
  await boss.start();
  await boss.stop({ graceful: false, close: false, wait: true });
}

/** One worker: takes a job, runs it, says how it went, and again; waits for a nudge or the poll when there is none. */
interface Worker {
  nudge(): void;
  /** Takes no more jobs; resolves once the one it runs (if any) is over. */
  stop(): Promise<void>;
}

/**
 * The worker's own loop over pg-boss's fetch, complete and fail, every step awaited: pg-boss's
 * `work()` completes a job without awaiting it, so a database error at that moment would be an
 * unhandled rejection, which ends a Node process. Here it is logged, and the job, never marked
 * done, runs again after its expiry (the handlers are idempotent).
 */
function startWorker(
  boss: PgBoss,
  holder: JobHolder,
  name: string,
  slot: number,
  handler: JobHandler,
  onError: (message: string) => void,
): Worker {
  let stopping = false;
  let wake: (() => void) | null = null;
  const idle = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, POLL_SECONDS * 1000);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    }).finally(() => {
      wake = null;
    });
  const loop = (async () => {
    while (!stopping) {
      let job: PgBoss.Job<JobData> | undefined;
      // Taken only through the holding connection, which records this server as its holder;
      // while it is down, nothing is taken.
      const fetcher = holder.fetcher(name, slot);
      try {
        if (fetcher) [job] = await boss.fetch<JobData>(name, { batchSize: 1, db: fetcher });
      } catch (error) {
        onError(`job queue ${name}: ${(error as Error).message}`);
      }
      if (!job) {
        if (!stopping) await idle();
        continue;
      }
      try {
        await handler(job.data);
        await boss.complete(name, job.id);
      } catch (error) {
        const message = (error as Error).message;
        onError(`job ${name} ${job.id}: ${message}`);
        await boss
          .fail(name, job.id, { message })
          .catch((failed: Error) => onError(`job ${name} ${job.id}: ${failed.message}`));
      }
    }
  })();
  return {
    nudge: () => wake?.(),
    async stop() {
      stopping = true;
      wake?.();
      await loop;
    },
  };
}

/**
 * The background work of every app server: jobs kept in PostgreSQL (pg-boss), each taken by one
 * worker of whichever server asks first, run again elsewhere as soon as the server running it
 * dies (its holding connection ends with it: platform/db/jobHolders.ts), retried with a growing delay
 * when it fails. `queues` names each queue with its handler.
 */
export async function startJobQueue(
  db: Database,
  queues: Record<string, { settings: QueueSettings; handler: JobHandler }>,
  {
    workers,
    onError = () => undefined,
    maintenanceSeconds = MAINTENANCE_SECONDS,
    handBackSeconds = HAND_BACK_SECONDS,
  }: JobQueueOptions,
): Promise<JobQueue> {
  const boss = new PgBoss({
    db: overPool(db),
    schema: SCHEMA,
    // The tables exist (migrate): a version check, not a migration, at every start.
    migrate: false,
    schedule: false,
    supervise: true,
    maintenanceIntervalSeconds: maintenanceSeconds,
  });
  boss.on('error', (error: Error) => onError(`job queue: ${error.message}`));
  await boss.start();
  const running = new Map<string, Worker[]>();
  for (const [name, { settings }] of Object.entries(queues)) {
    const options = {
      name,
      policy: 'standard' as const,
      expireInSeconds: settings.expireInSeconds,
      retryLimit: settings.retryLimit,
      retryDelay: settings.retryDelaySeconds,
      retryBackoff: true,
      ...(settings.deadLetter ? { deadLetter: settings.deadLetter } : {}),
    };
    // Created by the first server; every later start brings its settings up to date.
    await boss.createQueue(name, options);
    await boss.updateQueue(name, options);
  }
  // A server that runs no workers holds nothing: it only hands back what dead ones held.
  const holder: JobHolder | null = workers > 0 ? await holdJobs(db.pool.options.connectionString, { onError }) : null;
  const nudgeAll = (names: Iterable<string>) => {
    for (const name of names) for (const worker of running.get(name) ?? []) worker.nudge();
  };
  // Jobs of a dead server go back to the queue, retried now; those past their last retry are
  // failed through pg-boss, which passes them to their dead letter.
  const handBack = async () => {
    const orphaned = await handBackOrphanedJobs(db);
    if (orphaned.length > 0) onError(`job queue: ${orphaned.length} jobs held by a server no longer alive handed back`);
    for (const job of orphaned)
      if (!job.again) await boss.fail(job.name, job.id, { message: 'its server died running it, past its last retry' });
    nudgeAll(new Set(orphaned.map((job) => job.name)));
  };
  // Before any worker starts: the jobs a killed predecessor held are the first taken.
  await handBack().catch((error: Error) => onError(`job queue: handing back dead servers' jobs: ${error.message}`));
  for (const [name, { handler }] of Object.entries(queues)) {
    running.set(
      name,
      holder
        ? Array.from({ length: workers }, (_, slot) => startWorker(boss, holder, name, slot, handler, onError))
        : [],
    );
  }
  let handingBack: Promise<void> = Promise.resolve();
  const handBackTimer = setInterval(() => {
    handingBack = handingBack.then(() =>
      handBack().catch((error: Error) => onError(`job queue: handing back dead servers' jobs: ${error.message}`)),
    );
  }, handBackSeconds * 1000);
  handBackTimer.unref();
  let stopped = false;
  return {
    async enqueue(client, name, data, { startAfterSeconds } = {}) {
      const id = await boss.send(name, data, {
        db: overPool(client),
        ...(startAfterSeconds ? { startAfter: startAfterSeconds } : {}),
      });
      // pg-boss answers null, not an error, for a queue it does not know.
      if (!id) throw new Error(`job queue ${name}: the job was not queued`);
    },
    nudge(name) {
      nudgeAll([name]);
    },
    stopping: () => stopped,
    async reachable() {
      if (stopped) throw new Error('stopped');
      await boss.getQueueSize(Object.keys(queues)[0] ?? '');
    },
    async stop(timeoutMs = 15_000) {
      if (stopped) return;
      stopped = true;
      const finished = Promise.all([...running.values()].flat().map((worker) => worker.stop()));
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([finished, new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
      clearTimeout(timer);
      clearInterval(handBackTimer);
      await handingBack;
      // What a worker still runs past the timeout goes to another server now, not after its expiry.
      await holder?.close();
      await boss.stop({ graceful: false, close: false, wait: true });
    },
  };
}
