import { startJobQueue, type JobData, type JobQueue } from '../../server/src/db/jobQueue';
import { startTestServer, type TestServer } from './support/testServer';

/**
 * A job whose server dies while running it (issue 26): it is never marked done, and once its run
 * has outlived its expiry, another server's worker runs it again, once. Shown with a worker that
 * takes the job and never answers (a process killed mid-run looks the same from the database),
 * a one-second expiry, and maintenance every second.
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

const QUEUE = 'teste-perdido';
const SETTINGS = { expireInSeconds: 1, retryLimit: 3, retryDelaySeconds: 1 };

async function stateOf(id: string): Promise<{ state: string; retry_count: number } | undefined> {
  const { rows } = await server.db.query<{ state: string; retry_count: number }>(
    "SELECT state, retry_count FROM pgboss.job WHERE name = $1 AND data->>'id' = $2",
    [QUEUE, id],
  );
  return rows[0];
}

it('runs again, on another server, a job whose server died running it, once its run has expired', async () => {
  let taken!: () => void;
  const takenByFirst = new Promise<void>((resolve) => (taken = resolve));
  // The first server takes the job and never answers: killed in the middle of it.
  const first = await startJobQueue(
    server.db,
    {
      [QUEUE]: {
        settings: SETTINGS,
        handler: () => {
          taken();
          return new Promise<void>(() => undefined);
        },
      },
    },
    { workers: 1 },
  );
  queues.push(first);
  await server.db.transaction((client) => first.enqueue(client, QUEUE, { id: 'perdido-1' }));
  first.nudge(QUEUE);
  await takenByFirst;
  expect(await stateOf('perdido-1')).toEqual({ state: 'active', retry_count: 0 });
  // Its worker is gone: it takes nothing more.
  await first.stop(100);

  const done: JobData[] = [];
  const second = await startJobQueue(
    server.db,
    {
      [QUEUE]: {
        settings: SETTINGS,
        handler: async (data) => {
          done.push(data);
        },
      },
    },
    { workers: 1, maintenanceSeconds: 1 },
  );
  queues.push(second);
  // Waits for the second server to have run it: the test's own time bounds the wait.
  while ((await stateOf('perdido-1'))?.state !== 'completed') await new Promise((resolve) => setTimeout(resolve, 100));
  expect(done).toEqual([{ id: 'perdido-1' }]);
  expect(await stateOf('perdido-1')).toEqual({ state: 'completed', retry_count: 1 });
});
