import {
  DEVICE_AUTH_THROTTLED,
  deviceFailureBuckets,
  MAX_FAILURES_PER_ADDRESS,
  MAX_FAILURES_PER_DEVICE,
} from '../../server/src/modules/booths/deviceAuth';
import { DEVICE_KEYS, loadBasicSeed } from './support/fixtures';
import { startTestServer, type TestServer } from './support/testServer';
import { DEVICE_PATHS } from '../../contract/devicePaths';

/** The limits as the table says them (scale 1), unlike the other test servers' raised ones. */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({}, { rateLimits: {} });
  await loadBasicSeed(server);
});

afterAll(() => server.close());

let nextAddress = 0;
const newAddress = () => `198.51.100.${(nextAddress += 1)}`;

const takeJobs = (headers: Record<string, string>, remoteAddress: string) =>
  server.call({ method: 'GET', url: DEVICE_PATHS.printJobs, headers, remoteAddress });

const printer = { 'x-device-id': 'printer1', 'x-device-key': DEVICE_KEYS.printer };

describe('failed device authentications', () => {
  it(`are limited per address: past the limit, wrong keys are a 429 that says why, until the window passes; the right \
key still passes`, async () => {
    const address = newAddress();
    for (let n = 0; n < MAX_FAILURES_PER_ADDRESS; n += 1) {
      const guess = await takeJobs({ 'x-device-id': `palpite${n}`, 'x-device-key': 'errada' }, address);
      expect(guess.statusCode).toBe(401);
    }
    const refused = await takeJobs({ 'x-device-id': 'palpite', 'x-device-key': 'errada' }, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: 'device_auth_throttled', message: DEVICE_AUTH_THROTTLED });
    // Headers that name no device are failures too.
    expect((await takeJobs({}, address)).statusCode).toBe(429);
    // A booth with its right key at the same address (a venue's booths share it) goes on.
    expect((await takeJobs(printer, address)).statusCode).toBe(200);
    // Refusals past the limit add no rows: a flood costs a count.
    const rows = async () =>
      (
        await server.db.query('SELECT count(*)::int AS n FROM rate_hits WHERE bucket = $1', [
          deviceFailureBuckets(address, null).address,
        ])
      ).rows[0].n as number;
    expect(await rows()).toBe(MAX_FAILURES_PER_ADDRESS);

    await server.db.query("UPDATE rate_hits SET at = now() - interval '16 minutes' WHERE bucket = $1", [
      deviceFailureBuckets(address, null).address,
    ]);
    expect((await takeJobs({ 'x-device-id': 'palpite', 'x-device-key': 'errada' }, address)).statusCode).toBe(401);
  });

  it('sent all at once, get no more guesses than the limit', async () => {
    const address = newAddress();
    const burst = await Promise.all(
      Array.from({ length: MAX_FAILURES_PER_ADDRESS * 2 }, (_, n) =>
        takeJobs({ 'x-device-id': `rajada${n}`, 'x-device-key': 'errada' }, address),
      ),
    );
    const statuses = burst.map((reply) => reply.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(MAX_FAILURES_PER_ADDRESS);
    expect(statuses.filter((status) => status === 429)).toHaveLength(MAX_FAILURES_PER_ADDRESS);
  });

  it('are limited per device id, whatever the addresses they come from', async () => {
    for (let n = 0; n < MAX_FAILURES_PER_DEVICE; n += 1) {
      expect((await takeJobs({ 'x-device-id': 'cam1', 'x-device-key': `errada${n}` }, newAddress())).statusCode).toBe(
        401,
      );
    }
    const refused = await takeJobs({ 'x-device-id': 'cam1', 'x-device-key': 'errada-de-novo' }, newAddress());
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe('device_auth_throttled');
    // The booth itself, with its key, is not switched off by someone else's guesses; nor are the others.
    expect(
      (
        await server.call({
          method: 'GET',
          url: DEVICE_PATHS.me,
          headers: { 'x-device-id': 'cam1', 'x-device-key': DEVICE_KEYS.camera },
          remoteAddress: newAddress(),
        })
      ).statusCode,
    ).toBe(200);
    expect((await takeJobs(printer, newAddress())).statusCode).toBe(200);
  });

  it('leave the right key alone below the limits: a success counts nothing', async () => {
    const address = newAddress();
    for (let n = 0; n < MAX_FAILURES_PER_ADDRESS * 2; n += 1)
      expect((await takeJobs(printer, address)).statusCode).toBe(200);
    expect(
      (
        await server.db.query('SELECT count(*)::int AS n FROM rate_hits WHERE bucket = $1', [
          deviceFailureBuckets(address, null).address,
        ])
      ).rows[0].n,
    ).toBe(0);
  });
});
