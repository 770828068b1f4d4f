import Fastify from 'fastify';
import { READY_STORAGE_KEEP_MS, registerHealth } from '../../server/src/modules/health/http/health';
import { startTestServer, type TestServer } from './support/testServer';

/** What a balancer asks of an app server: is it up (`/healthz`), may it get traffic (`/readyz`). */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(() => server.close());

describe('/healthz and /readyz', () => {
  it('answer 200 while the database and the media storage answer, never cached', async () => {
    const health = await server.call({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    expect(health.headers['cache-control']).toBe('no-store');
    const ready = await server.call({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
    expect(ready.headers['cache-control']).toBe('no-store');
  });

  it(`/readyz says 503 and what fails: the database, the storage, the job queue, or a server stopping; /healthz stays \
200`, async () => {
    const app = Fastify();
    let databaseDown = true;
    let queueDown = true;
    registerHealth(app, {
      db: {
        query: async () => (databaseDown ? Promise.reject(new Error('connection refused')) : { rows: [], rowCount: 1 }),
      } as never,
      storage: { reachable: () => Promise.reject(new Error('EACCES')) },
      jobs: { reachable: async () => (queueDown ? Promise.reject(new Error('stopped')) : undefined) },
    });
    try {
      const ready = await app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'unavailable', failing: ['database', 'storage', 'queue'] });
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      databaseDown = false;
      queueDown = false;
      expect((await app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({
        status: 'unavailable',
        failing: ['storage'],
      });
    } finally {
      await app.close();
    }
    // A real server told it is stopping (a SIGTERM's drain): no new traffic, though it still answers.
    server.app.markStopping();
    const stopping = await server.call({ method: 'GET', url: '/readyz' });
    expect(stopping.statusCode).toBe(503);
    expect(stopping.json()).toEqual({ status: 'unavailable', failing: ['stopping'] });
    expect((await server.call({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it(`/readyz asks the media storage once however many ask, and keeps its answer a few seconds (the clock is the \
test's)`, async () => {
    const app = Fastify();
    let clock = 1_000_000;
    let asked = 0;
    let storageDown = false;
    registerHealth(app, {
      db: { query: async () => ({ rows: [], rowCount: 1 }) } as never,
      storage: {
        reachable: async () => {
          asked += 1;
          if (storageDown) throw new Error('EACCES');
        },
      },
      jobs: { reachable: async () => undefined },
      now: () => clock,
    });
    const readyz = async () => (await app.inject({ method: 'GET', url: '/readyz' })).json();
    try {
      // Ten probes at once, and one more within the kept seconds: one question to the storage.
      for (const answer of await Promise.all(Array.from({ length: 10 }, readyz)))
        expect(answer).toEqual({ status: 'ready' });
      clock += READY_STORAGE_KEEP_MS - 1;
      expect(await readyz()).toEqual({ status: 'ready' });
      expect(asked).toBe(1);
      // Past them, asked anew; a failure is kept as long.
      clock += 2;
      storageDown = true;
      expect(await readyz()).toEqual({ status: 'unavailable', failing: ['storage'] });
      storageDown = false;
      expect(await readyz()).toEqual({ status: 'unavailable', failing: ['storage'] });
      expect(asked).toBe(2);
      clock += READY_STORAGE_KEEP_MS;
      expect(await readyz()).toEqual({ status: 'ready' });
      expect(asked).toBe(3);
    } finally {
      await app.close();
    }
  });
});
