import type { Queryable } from '../../server/src/platform/db/database';
import { windowCounts, type WindowCounts } from '../../server/src/platform/db/windowCounts';
import { startTestServer, type TestServer } from './support/testServer';

/**
 * Shared window counts (docs/operations.md#rate-limits-across-servers): counted in memory and
 * settled with the database in batches, so that a venue's address is no row every request waits
 * on; near a limit, decided by the database, so that a limit holds across servers.
 */
let server: TestServer;
const opened: WindowCounts[] = [];

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  for (const counts of opened) await counts.close();
  await server.close();
});

/** The database as one app server's counts reach it, counting their statements. */
function countingDb(): { db: Queryable; statements: () => number; failing: (on: boolean) => void } {
  let statements = 0;
  let fail = false;
  const db: Queryable = {
    query: ((text: string, values?: unknown[]) => {
      statements += 1;
      if (fail) return Promise.reject(new Error('database down'));
      return server.db.query(text, values);
    }) as Queryable['query'],
  };
  return { db, statements: () => statements, failing: (on) => (fail = on) };
}

/** One app server's counts; settled by the test (the timer is far off). */
function counts(db: Queryable): WindowCounts {
  const made = windowCounts({ db, settleEveryMs: 3_600_000 });
  opened.push(made);
  return made;
}

const stored = async (key: string) =>
  (await server.db.query<{ hits: number }>('SELECT hits FROM rate_counters WHERE key = $1', [key])).rows[0]?.hits ?? 0;

let keys = 0;
const newKey = () => `teste|chave ${(keys += 1)}`;

it('counts a busy key in memory, and settles a whole batch in one statement', async () => {
  const database = countingDb();
  const server1 = counts(database.db);
  const key = newKey();
  const other = newKey();
  for (let n = 1; n <= 1_000; n += 1) expect((await server1.count(key, 100_000, 60_000)).current).toBe(n);
  await server1.count(other, 100_000, 60_000);
  expect(database.statements()).toBe(0);
  await server1.settle();
  expect(database.statements()).toBe(1);
  expect(await stored(key)).toBe(1_000);
  expect(await stored(other)).toBe(1);
});

it("two servers count the same key: each learns the other's hits when it settles its own", async () => {
  const first = counts(countingDb().db);
  const second = counts(countingDb().db);
  const key = newKey();
  for (let n = 0; n < 300; n += 1) await first.count(key, 100_000, 60_000);
  for (let n = 0; n < 200; n += 1) await second.count(key, 100_000, 60_000);
  await first.settle();
  await second.settle();
  expect(await stored(key)).toBe(500);
  expect((await second.count(key, 100_000, 60_000)).current).toBe(501);
  // The first settled before the second: it has not heard of the second's hits yet, until it settles its own.
  expect((await first.count(key, 100_000, 60_000)).current).toBe(301);
  await first.settle();
  // 300 + 200 + its own 301st, and the next: the second's 501st is not settled yet.
  expect((await first.count(key, 100_000, 60_000)).current).toBe(502);
});

it('a small limit is decided by the database request by request: exact across servers, even at once', async () => {
  const first = counts(countingDb().db);
  const second = counts(countingDb().db);
  const key = newKey();
  const limit = 10;
  const answers = await Promise.all(
    Array.from({ length: 40 }, (_, n) => (n % 2 === 0 ? first : second).count(key, limit, 60_000)),
  );
  expect(answers.filter((answer) => answer.current <= limit)).toHaveLength(limit);
  expect(answers.every((answer) => answer.ttl > 0 && answer.ttl <= 60_000)).toBe(true);
});

it(`a large limit goes to the database from half of it on: two servers together pass it by less than \
half`, async () => {
  const first = counts(countingDb().db);
  const second = counts(countingDb().db);
  const key = newKey();
  const limit = 100;
  let admitted = 0;
  for (let n = 0; n < 400; n += 1)
    if ((await (n % 2 === 0 ? first : second).count(key, limit, 60_000)).current <= limit) admitted += 1;
  expect(admitted).toBeGreaterThanOrEqual(limit);
  expect(admitted).toBeLessThan(limit * 1.5);
});

it(`a settlement still on its way holds back the requests the database decides: they count the hits it carries \
(a statement on a connection still opening is counted after later ones)`, async () => {
  let release: () => void = () => undefined;
  let holding = true;
  const held: Queryable = {
    query: (async (text: string, values?: unknown[]) => {
      // The first statement (the settlement of what memory let through) waits for its connection.
      if (holding) {
        holding = false;
        await new Promise<void>((resolve) => (release = resolve));
      }
      return server.db.query(text, values);
    }) as Queryable['query'],
  };
  const server1 = counts(held);
  const key = newKey();
  const limit = 40;
  for (let n = 1; n <= limit / 2; n += 1) expect((await server1.count(key, limit, 60_000)).current).toBe(n);
  const settling = server1.settle();
  // Past half the limit: each request is decided by the database, once the held hits are in it.
  const answers = Array.from({ length: limit / 2 + 1 }, () => server1.count(key, limit, 60_000));
  await new Promise((resolve) => setTimeout(resolve, 20));
  release();
  await settling;
  const currents = (await Promise.all(answers)).map((answer) => answer.current);
  expect(currents.sort((a, b) => a - b)).toEqual(Array.from({ length: limit / 2 + 1 }, (_, n) => limit / 2 + 1 + n));
  await server1.settle();
  expect(await stored(key)).toBe(limit + 1);
});

it('once a key is known to be over its limit, its refusals cost no statement', async () => {
  const database = countingDb();
  const server1 = counts(database.db);
  const key = newKey();
  for (let n = 0; n < 6; n += 1) await server1.count(key, 5, 60_000);
  const before = database.statements();
  for (let n = 0; n < 100; n += 1) expect((await server1.count(key, 5, 60_000)).current).toBeGreaterThan(5);
  expect(database.statements()).toBe(before);
  await server1.settle();
  expect(await stored(key)).toBe(106);
});

it(`goes on counting in memory while the database does not answer, and settles what it counted once it \
does`, async () => {
  const database = countingDb();
  const server1 = counts(database.db);
  const key = newKey();
  database.failing(true);
  for (let n = 1; n <= 30; n += 1) expect((await server1.count(key, 10, 60_000)).current).toBe(n);
  await server1.settle();
  database.failing(false);
  await server1.settle();
  expect(await stored(key)).toBe(30);
});

it('starts a new window when the last one ended', async () => {
  const server1 = counts(countingDb().db);
  const key = newKey();
  for (let n = 0; n < 5; n += 1) await server1.count(key, 100_000, 200);
  await server1.settle();
  await new Promise((resolve) => setTimeout(resolve, 250));
  expect((await server1.count(key, 100_000, 200)).current).toBe(1);
  await server1.settle();
  expect(await stored(key)).toBe(1);
});

it('in memory alone (one server), counts without a database', async () => {
  const server1 = windowCounts({ db: null });
  const key = newKey();
  for (let n = 1; n <= 12; n += 1) expect((await server1.count(key, 10, 60_000)).current).toBe(n);
  await server1.close();
  expect(await stored(key)).toBe(0);
});
