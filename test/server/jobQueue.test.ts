import PgBoss from 'pg-boss';
import { startJobQueue, type JobData, type JobQueue } from '../../server/src/platform/db/jobQueue';
import { handBackOrphanedJobs, HOLDER_NAME_PREFIX } from '../../server/src/platform/db/jobHolders';
import { startTestServer, type TestServer } from './support/testServer';

/**
 * A job whose server dies while running it is never marked done, and runs again
 * elsewhere, once: at once when its holder is known to be dead (its holding connection ended with
 * it), and otherwise once its run has outlived its expiry. A server alive keeps its jobs however
 * long they run. A worker that takes a job and never answers stands for a process killed mid-run:
 * the database sees the same.
 */
let server: TestServer;
const queues: JobQueue[] = [];

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  for (const queue of queues) await queue.stop(100);
  await server.close();
});

/** Settings under which neither the expiry nor a retry's delay could bring a job back within the test. */
const SLOW = { expireInSeconds: 3600, retryLimit: 3, retryDelaySeconds: 600 };

async function stateOf(queue: string, id: string): Promise<{ state: string; retry_count: number } | undefined> {
  const { rows } = await server.db.query<{ state: string; retry_count: number }>(
    "SELECT state, retry_count FROM pgboss.job WHERE name = $1 AND data->>'id' = $2",
    [queue, id],
  );
  return rows[0];
}

/** Waits for the job to be done: the test's own time bounds the wait. */
async function completed(queue: string, id: string): Promise<void> {
  while ((await stateOf(queue, id))?.state !== 'completed') await new Promise((resolve) => setTimeout(resolve, 50));
}

/** A server whose worker takes the queue's job and holds it until `release` (never, by default). */
async function holdingServer(
  queue: string,
  settings: typeof SLOW,
  release: Promise<void> = new Promise(() => undefined),
) {
  let taken!: () => void;
  const takenOnce = new Promise<void>((resolve) => (taken = resolve));
  const runs: JobData[] = [];
  const jobs = await startJobQueue(
    server.db,
    {
      [queue]: {
        settings,
        handler: (data) => {
          runs.push(data);
          taken();
          return release;
        },
      },
    },
    { workers: 1 },
  );
  queues.push(jobs);
  return { jobs, taken: takenOnce, runs };
}

/** A server whose worker runs the queue's jobs at once, noting each. */
async function workingServer(queue: string, settings: typeof SLOW, options: { maintenanceSeconds?: number } = {}) {
  const runs: JobData[] = [];
  const jobs = await startJobQueue(
    server.db,
    {
      [queue]: {
        settings,
        handler: async (data) => {
          runs.push(data);
        },
      },
    },
    { workers: 1, ...options },
  );
  queues.push(jobs);
  return { jobs, runs };
}

/** Ends, as a SIGKILL of its process would, the holding connection of the server that holds the job. */
async function killHolderOf(queue: string, id: string): Promise<void> {
  const { rowCount } = await server.db.query(
    `SELECT pg_terminate_backend(a.pid)
       FROM job_holders h
       JOIN pgboss.job j ON j.name = h.queue AND j.id = h.job_id
       JOIN pg_stat_activity a ON a.application_name = $3 || h.instance
      WHERE j.name = $1 AND j.data->>'id' = $2`,
    [queue, id, HOLDER_NAME_PREFIX],
  );
  expect(rowCount).toBe(1);
}

it(`runs at once, on another server, a job whose server died running it (its holding connection gone), long before its \
expiry`, async () => {
  const queue = 'teste-morto';
  const first = await holdingServer(queue, SLOW);
  await server.db.transaction((client) => first.jobs.enqueue(client, queue, { id: 'morto-1' }));
  first.jobs.nudge(queue);
  await first.taken;
  expect(await stateOf(queue, 'morto-1')).toEqual({ state: 'active', retry_count: 0 });

  await killHolderOf(queue, 'morto-1');
  const second = await workingServer(queue, SLOW);
  await completed(queue, 'morto-1');
  expect(second.runs).toEqual([{ id: 'morto-1' }]);
  // Counted as a run, as an expired one would be.
  expect(await stateOf(queue, 'morto-1')).toEqual({ state: 'completed', retry_count: 1 });
  // The first server, alive under a new id, took nothing back.
  expect(first.runs).toEqual([{ id: 'morto-1' }]);
});

it('never takes a job from a server alive, however long it runs, whoever hands back jobs and how often', async () => {
  const queue = 'teste-vivo';
  let release!: () => void;
  const first = await holdingServer(queue, SLOW, new Promise<void>((resolve) => (release = resolve)));
  await server.db.transaction((client) => first.jobs.enqueue(client, queue, { id: 'vivo-1' }));
  first.jobs.nudge(queue);
  await first.taken;
  // A second server on the same database hands back at its start, and anyone may at any time.
  const second = await workingServer(queue, SLOW);
  for (let round = 0; round < 3; round += 1) expect(await handBackOrphanedJobs(server.db)).toEqual([]);
  expect(await stateOf(queue, 'vivo-1')).toEqual({ state: 'active', retry_count: 0 });

  release();
  await completed(queue, 'vivo-1');
  expect(await stateOf(queue, 'vivo-1')).toEqual({ state: 'completed', retry_count: 0 });
  expect(first.runs).toEqual([{ id: 'vivo-1' }]);
  expect(second.runs).toEqual([]);
});

it('gives a job its dead letter when its server died running its last retry', async () => {
  const queue = 'teste-ultimo';
  const letters = 'teste-ultimo-carta';
  const lettered = await workingServer(letters, SLOW);
  const first = await holdingServer(queue, { ...SLOW, retryLimit: 0, deadLetter: letters } as typeof SLOW);
  await server.db.transaction((client) => first.jobs.enqueue(client, queue, { id: 'ultimo-1' }));
  first.jobs.nudge(queue);
  await first.taken;

  await killHolderOf(queue, 'ultimo-1');
  // Whichever server hands it back fails it through the queue, which passes it on to its dead letter.
  await completed(letters, 'ultimo-1');
  expect(lettered.runs).toEqual([{ id: 'ultimo-1' }]);
  expect((await stateOf(queue, 'ultimo-1'))?.state).toBe('failed');
});

it(`runs again, once its run has expired, a job taken by a server that records no holder (an older version, during a \
deploy)`, async () => {
  const queue = 'teste-perdido';
  const settings = { expireInSeconds: 1, retryLimit: 3, retryDelaySeconds: 1 };
  // The queue exists (a server made it); an older server takes the job and never answers.
  await workingServer(queue, settings).then(({ jobs }) => jobs.stop(100));
  const older = new PgBoss({
    db: { executeSql: (text, values) => server.db.query(text, values) },
    schema: 'pgboss',
    supervise: false,
    schedule: false,
    migrate: false,
  });
  older.on('error', () => undefined);
  await older.start();
  await older.send(queue, { id: 'perdido-1' });
  const [taken] = await older.fetch<JobData>(queue);
  await older.stop({ graceful: false, close: false, wait: true });
  expect(taken.data).toEqual({ id: 'perdido-1' });
  // Nobody knows its holder: nobody hands it back, whoever asks.
  expect(await handBackOrphanedJobs(server.db)).toEqual([]);

  const second = await workingServer(queue, settings, { maintenanceSeconds: 1 });
  await completed(queue, 'perdido-1');
  expect(second.runs).toEqual([{ id: 'perdido-1' }]);
  expect(await stateOf(queue, 'perdido-1')).toEqual({ state: 'completed', retry_count: 1 });
});

it(`is seen alive under its own name even when DATABASE_URL names the application (pg lets the URL win over the \
option)`, async () => {
  const { holdJobs } = await import('../../server/src/platform/db/jobHolders');
  const url = String(server.db.pool.options.connectionString);
  const holder = await holdJobs(`${url}${url.includes('?') ? '&' : '?'}application_name=cabine`);
  try {
    const instance = holder.instance();
    expect(instance).not.toBeNull();
    const { rows } = await server.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = $1',
      [`${HOLDER_NAME_PREFIX}${instance}`],
    );
    expect(rows[0].n).toBe(1);
  } finally {
    await holder.close();
  }
});
