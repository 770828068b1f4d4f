import { checkOut } from '../../server/src/platform/db/checkOut';
import { connectDatabase, type Database } from '../../server/src/platform/db/database';
import { advisoryKeyLock } from '../../server/src/platform/db/keyLock';
import { eventually } from '../e2e/support/eventually';

/**
 * A connection held for work (a key lock kept while a thumbnail is made, a transaction between
 * statements) that the database drops must fail that work, never the process: a server whose
 * database shuts down under it (Ctrl-C reaches both) stopped with "Unhandled 'error' event".
 * Here another connection terminates the held one's backend, as the shutdown does (57P01).
 */
const APP_NAME = 'held-connection-test';
let db: Database;
let admin: Database;

beforeAll(() => {
  const url = process.env.TEST_PG_ADMIN_URL;
  if (!url) throw new Error('TEST_PG_ADMIN_URL missing: run the server tests through jest (global setup)');
  db = connectDatabase(`${url}?application_name=${APP_NAME}`, 2);
  admin = connectDatabase(url, 1);
});

afterAll(async () => {
  await db.close();
  await admin.close();
});

async function terminate(pid: number): Promise<void> {
  await admin.query('SELECT pg_terminate_backend($1)', [pid]);
}

it('hears a held connection dropped by the database, and closes it rather than pool it again', async () => {
  const held = await checkOut(db.pool);
  const pid = (await held.client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0].pid;
  await terminate(pid);
  await eventually(() => expect(held.lost()).toBe(true), 5_000);
  held.release();
  // The pool serves the next caller on a fresh connection.
  const again = await db.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
  expect(again.rows[0].pid).not.toBe(pid);
});

it("fails a key lock's work whose connection died, frees the key, and the next holder gets it", async () => {
  const lock = advisoryKeyLock(db);
  let lockPid = 0;
  const outcome = await lock('miniatura:festa/a1.jpg', async () => {
    const rows = await admin.query<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity WHERE application_name = $1 AND query LIKE '%pg_advisory_lock%'`,
      [APP_NAME],
    );
    lockPid = rows.rows[0].pid;
    await terminate(lockPid);
    // The work goes on past the drop (making a thumbnail takes no database).
    await eventually(async () => {
      const left = await admin.query('SELECT 1 FROM pg_stat_activity WHERE pid = $1', [lockPid]);
      expect(left.rowCount).toBe(0);
    }, 5_000);
    return 'feito';
  });
  expect(lockPid).toBeGreaterThan(0);
  expect(outcome).toBe('feito');
  // The lock died with its backend: another holder takes it at once.
  await expect(lock('miniatura:festa/a1.jpg', async () => 'de novo')).resolves.toBe('de novo');
});
