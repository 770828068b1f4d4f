import { DEVICE_KEYS, jpeg, loadBasicSeed } from './support/fixtures';
import { follow } from './support/followStream';
import { startSecondApp, startTestServer, type TestServer } from './support/testServer';
import { DEVICE_PATHS } from '../../contract/devicePaths';

/**
 * A booth gallery's live stream (GET /api/live/:bname/:type, docs/api.md#live-galleries): the
 * version of its list now, and again each time it changes, from whichever server the change came
 * through; it ends when the event is no longer open to the phone, and when the server stops.
 * Read over real HTTP, as a browser reads it: event by event, while it stays open.
 */
let server: TestServer;
let base: string;

beforeAll(async () => {
  server = await startTestServer();
  await loadBasicSeed(server);
  base = await server.app.listen({ host: '127.0.0.1', port: 0 });
});

afterAll(() => server.close());

const camera = { 'x-device-id': 'cam1', 'x-device-key': DEVICE_KEYS.camera };

const upload = async (file: string) =>
  server.call({
    method: 'POST',
    url: `${DEVICE_PATHS.media}?file=${file}`,
    headers: { ...camera, 'content-type': 'image/jpeg' },
    payload: await jpeg(320, 240),
  });

describe("a booth gallery's live stream", () => {
  it("says its list's version at once, and the new one once a booth's photo has joined it", async () => {
    const live = await follow(`${base}/api/live/festa_ana/pad`);
    try {
      expect(live.response.status).toBe(200);
      expect(live.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      expect(live.response.headers.get('cache-control')).toBe('no-store');
      const [first] = await live.next(1);
      expect(first).toEqual({ event: 'gallery', data: { version: expect.any(String) } });

      expect((await upload('ao-vivo-01.jpg')).statusCode).toBe(200);
      const [, second] = await live.next(2);
      expect(second.event).toBe('gallery');
      expect(second.data).not.toEqual(first.data);
      // What the phone then asks for holds the photo.
      expect(
        (await server.call({ method: 'GET', url: '/api/all/festa_ana/pad' })).json<{ product: string[] }>().product,
      ).toContain('/media/festa_ana/pad/ao-vivo-01.jpg');
    } finally {
      await live.close();
    }
  });

  it('hears of a photo that came through another server', async () => {
    const other = await startSecondApp(server);
    const live = await follow(`${base}/api/live/festa_ana/pad`);
    try {
      await live.next(1);
      const sent = await other.call({
        method: 'POST',
        url: `${DEVICE_PATHS.media}?file=pelo-outro.jpg`,
        headers: { ...camera, 'content-type': 'image/jpeg' },
        payload: await jpeg(320, 240),
      });
      expect(sent.statusCode).toBe(200);
      const events = await live.next(2);
      expect(events[1].event).toBe('gallery');
      expect(
        (await server.call({ method: 'GET', url: '/api/all/festa_ana/pad' })).json<{ product: string[] }>().product,
      ).toContain('/media/festa_ana/pad/pelo-outro.jpg');
    } finally {
      await live.close();
      await other.close();
    }
  });

  it('ends, saying so, once the event is made private: the phone is refused from then on', async () => {
    const live = await follow(`${base}/api/live/festa_ana/feed`);
    try {
      await live.next(1);
      await server.db.query("UPDATE events SET visibility = 'private' WHERE name = 'festa_ana'");
      const events = await live.next(2);
      expect(events[1]).toEqual({ event: 'closed', data: {} });
      await live.reading;
      expect(live.isEnded()).toBe(true);
      // A stranger to a private event is told no more than that it does not exist, as by its list.
      expect((await fetch(`${base}/api/live/festa_ana/feed`)).status).toBe(404);
      expect((await fetch(`${base}/api/all/festa_ana/feed`)).status).toBe(404);
    } finally {
      await server.db.query("UPDATE events SET visibility = 'public' WHERE name = 'festa_ana'");
      await live.close();
    }
  });

  it(`ends when the change feed goes down (nothing would be heard): the phone polls until it opens \
another`, async () => {
    const live = await follow(`${base}/api/live/festa_ana/polaroid`);
    try {
      await live.next(1);
      // The feed's own connection dropped, as a database restart or a network cut drops it.
      await server.db.query(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'cache-change-feed' " +
          'AND datname = current_database()',
      );
      await live.reading;
      expect(live.isEnded()).toBe(true);
    } finally {
      await live.close();
    }
  });

  it(`is refused, as the list is, to who may not open the gallery, and for an event or booth that does not \
exist`, async () => {
    const privateEvent = await fetch(`${base}/api/live/privada/pad`);
    expect(privateEvent.status).toBe((await fetch(`${base}/api/all/privada/pad`)).status);
    expect(privateEvent.status).toBe(404);
    expect(privateEvent.headers.get('content-type')).toMatch(/^application\/json/);
    expect((await fetch(`${base}/api/live/nao_existe/pad`)).status).toBe(404);
    expect((await fetch(`${base}/api/live/festa_ana/cabine`)).status).toBe(400);
  });

  it('is ended by a server that stops, which does not wait for it', async () => {
    const second = await startTestServer();
    await loadBasicSeed(second);
    const url = await second.app.listen({ host: '127.0.0.1', port: 0 });
    const live = await follow(`${url}/api/live/festa_ana/pad`);
    await live.next(1);
    await second.close();
    await live.reading;
    expect(live.isEnded()).toBe(true);
  });
});
