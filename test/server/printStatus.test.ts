import crypto from 'node:crypto';
import { DEVICE_KEYS, loadBasicSeed } from './support/fixtures';
import { newUser, startTestServer, type TestServer } from './support/testServer';
import { DEVICE_PATHS } from '../../contract/devicePaths';
import type { PrintJob } from '../../contract/wire';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  await loadBasicSeed(server);
});

afterAll(() => server.close());

const photo = encodeURIComponent('/media/festa_ana/pad/a1.jpg');
const printer = { 'x-device-id': 'printer1', 'x-device-key': DEVICE_KEYS.printer };
const newRequestId = () => `p_${crypto.randomBytes(12).toString('hex')}`;

let packNumber = 0;
async function newPack(copies: number): Promise<string> {
  packNumber += 1;
  const hash = `PACKST${packNumber}${crypto.randomBytes(3).toString('hex').toUpperCase()}`;
  await server.db.query(`INSERT INTO packs (hash, event_name, copies) VALUES ($1, 'festa_ana', $2)`, [hash, copies]);
  return hash;
}

const copiesOf = async (hash: string) =>
  (await server.db.query('SELECT copies FROM packs WHERE hash = $1', [hash])).rows[0].copies as number;
const jobsOf = async (hash: string) =>
  (await server.db.query('SELECT 1 FROM print_jobs WHERE pack_hash = $1', [hash])).rowCount;
const status = (hash: string, request: string) =>
  server.call({ method: 'GET', url: `/api/printStatus/${hash}/${request}` });

describe('the status of a print request', () => {
  it('follows the job from the queue to the printer to printed, with the copies left on the pack', async () => {
    const pack = await newPack(3);
    const request = newRequestId();
    expect(
      (await server.call({ method: 'GET', url: `/api/print/${pack}/${photo}?request=${request}` })).json(),
    ).toEqual({ status: 'queued', copies: 2 });

    const queued = await status(pack, request);
    expect(queued.statusCode).toBe(200);
    expect(queued.headers['cache-control']).toBe('no-store');
    expect(queued.json()).toEqual({ status: 'queued', copies: 2 });

    // Another print from the same pack shows in the copies left.
    await server.call({ method: 'GET', url: `/api/print/${pack}/${photo}?request=${newRequestId()}` });
    expect((await status(pack, request)).json()).toEqual({ status: 'queued', copies: 1 });

    const jobs = (await server.call({ method: 'GET', url: DEVICE_PATHS.printJobs, headers: printer })).json<
      PrintJob[]
    >();
    const mine = jobs.filter((job) => job.packHash === pack);
    expect(mine).toHaveLength(2);
    expect((await status(pack, request)).json()).toEqual({ status: 'printing', copies: 1 });

    for (const job of jobs)
      await server.call({ method: 'POST', url: DEVICE_PATHS.printJobPrinted(job.id), headers: printer });
    expect((await status(pack, request)).json()).toEqual({ status: 'printed', copies: 1 });
  });

  it('reveals nothing to whoever lacks the request id or its pack hash: the same 404 for each', async () => {
    const pack = await newPack(2);
    const other = await newPack(2);
    const request = newRequestId();
    await server.call({ method: 'GET', url: `/api/print/${pack}/${photo}?request=${request}` });

    const answers = await Promise.all([
      status(other, request),
      status(pack, newRequestId()),
      status('NOPACK', request),
    ]);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual({
        error: 'print_request_not_found',
        message: 'Pedido de impressão não encontrado.',
      });
    }
  });

  it('refuses a malformed request id or pack hash with a 400', async () => {
    for (const url of [
      '/api/printStatus/PACK5/short',
      `/api/printStatus/PACK5/${'x'.repeat(65)}`,
      `/api/printStatus/PACK%20X/${newRequestId()}`,
    ]) {
      expect({ url, status: (await server.call({ method: 'GET', url })).statusCode }).toEqual({ url, status: 400 });
    }
  });

  it('has no job for a request the pack could not pay: a 404, and nothing spent', async () => {
    const pack = await newPack(0);
    const request = newRequestId();
    expect(
      (await server.call({ method: 'GET', url: `/api/print/${pack}/${photo}?request=${request}` })).statusCode,
    ).toBe(409);
    expect((await status(pack, request)).statusCode).toBe(404);
    expect(await copiesOf(pack)).toBe(0);
  });
});

describe('replays of one print request', () => {
  it('spend one copy and queue one job however many arrive at once, each answered alike', async () => {
    const pack = await newPack(5);
    const request = newRequestId();
    const url = `/api/print/${pack}/${photo}?request=${request}`;
    const answers = await Promise.all(Array.from({ length: 8 }, () => server.call({ method: 'GET', url })));
    // Alike: the same copies, and the same place in the queue (an earlier test's print may be ahead).
    const [first] = answers.map((a) => a.json<{ status: string; copies: number }>());
    expect(first).toMatchObject({ status: 'queued', copies: 4 });
    expect(answers.map((a) => [a.statusCode, a.json()])).toEqual(Array.from({ length: 8 }, () => [200, first]));
    expect(await copiesOf(pack)).toBe(4);
    expect(await jobsOf(pack)).toBe(1);
    expect((await status(pack, request)).json()).toMatchObject({ status: 'queued', copies: 4 });
  });

  it('spend one copy per request id when different requests arrive at once', async () => {
    const pack = await newPack(5);
    const ids = [newRequestId(), newRequestId(), newRequestId()];
    // Each id is sent twice, all at the same time.
    const answers = await Promise.all(
      [...ids, ...ids].map((id) => server.call({ method: 'GET', url: `/api/print/${pack}/${photo}?request=${id}` })),
    );
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(await copiesOf(pack)).toBe(2);
    expect(await jobsOf(pack)).toBe(3);
  });
});

describe('collecting to the account', () => {
  it('is idempotent: the same item sent again, even at once, is one item', async () => {
    const user = await newUser('replay');
    const url = `/api/modifyAccount/add/collection/${photo}`;
    const answers = await Promise.all([1, 2, 3].map(() => server.call({ method: 'GET', url, token: user.token })));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect((await server.call({ method: 'GET', url, token: user.token })).statusCode).toBe(200);
    const account = (await server.call({ method: 'GET', url: '/api/account', token: user.token })).json() as {
      collection: string[];
    };
    expect(account.collection).toEqual(['/media/festa_ana/pad/a1.jpg']);
  });
});
