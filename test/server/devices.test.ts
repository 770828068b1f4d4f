import fs from 'node:fs';
import path from 'node:path';
import { claimedPng, DEVICE_KEYS, jpeg, loadBasicSeed } from './support/fixtures';
import { startTestServer, type TestServer } from './support/testServer';
import { DEVICE_PATHS } from '../../contract/devicePaths';
import type { PrintJob } from '../../contract/wire';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  await loadBasicSeed(server);
});

afterAll(() => server.close());

const camera = { 'x-device-id': 'cam1', 'x-device-key': DEVICE_KEYS.camera };
const printer = { 'x-device-id': 'printer1', 'x-device-key': DEVICE_KEYS.printer };

async function upload(file: string, body: Buffer, headers: Record<string, string> = camera, type = 'image/jpeg') {
  return server.call({
    method: 'POST',
    url: `${DEVICE_PATHS.media}?file=${encodeURIComponent(file)}`,
    headers: { ...headers, 'content-type': type },
    payload: body,
  });
}

describe('a booth camera', () => {
  it('uploads a photo that appears in the gallery, in deviceLast, as a file with a thumbnail', async () => {
    const response = await upload('nova-001.jpg', await jpeg(800, 600));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ url: '/media/festa_ana/pad/nova-001.jpg' });
    // In the gallery once its job has made its tile (mediaJobs.test.ts).
    await server.jobsDone();
    expect((await server.call({ method: 'GET', url: '/api/all/festa_ana/pad' })).json().product).toContain(
      '/media/festa_ana/pad/nova-001.jpg',
    );
    expect((await server.call({ method: 'GET', url: '/api/deviceLast/festa_ana/cam1' })).json()).toEqual({
      boothTitle: 'Cabine Pad',
      eventTitle: 'Festa da Ana',
      product: ['/media/festa_ana/pad/nova-001.jpg'],
    });

    const file = await server.call({ method: 'GET', url: '/media/festa_ana/pad/nova-001.jpg' });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const thumb = await server.call({ method: 'GET', url: '/thumbs/festa_ana/pad/nova-001.jpg.webp' });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect(thumb.rawPayload.length).toBeLessThan(file.rawPayload.length);
  });

  it('is refused without its key, with a wrong key, or as another kind of device', async () => {
    const body = await jpeg();
    expect((await upload('x.jpg', body, {})).statusCode).toBe(401);
    expect((await upload('x.jpg', body, { ...camera, 'x-device-key': 'wrong-key-000' })).statusCode).toBe(401);
    expect((await upload('x.jpg', body, printer)).statusCode).toBe(403);
  });

  it.each([
    ['../../etc/passwd.jpg', 400],
    ['.hidden.jpg', 400],
    ['nome com espaço.jpg', 400],
    ['virus.exe', 400],
    [`${'a'.repeat(200)}.jpg`, 400],
  ])('refuses the file name %s', async (file, status) => {
    expect((await upload(file, await jpeg())).statusCode).toBe(status);
  });

  it('refuses a PNG whose header claims 20000x20000 pixels with a 413, storing nothing', async () => {
    const response = await upload('enorme.png', claimedPng(20000, 20000), camera, 'image/png');
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ error: 'media_too_many_pixels' });
    expect(fs.existsSync(path.join(server.dataDir, 'media', 'festa_ana', 'pad', 'enorme.png'))).toBe(false);
    expect(fs.existsSync(path.join(server.dataDir, 'thumbs', 'festa_ana', 'pad', 'enorme.png.webp'))).toBe(false);
    expect((await server.call({ method: 'GET', url: '/api/all/festa_ana/pad' })).json().product).not.toContain(
      '/media/festa_ana/pad/enorme.png',
    );
  });

  it('refuses bytes that are not what the name says', async () => {
    expect((await upload('fake.jpg', Buffer.from('<html>not an image</html>'))).statusCode).toBe(422);
    expect((await upload('fake.mp4', await jpeg(), camera, 'video/mp4')).statusCode).toBe(422);
    expect((await upload('fake.gif', await jpeg())).statusCode).toBe(422);
    expect((await upload('empty.jpg', Buffer.alloc(0))).statusCode).toBe(400);
    expect(fs.existsSync(path.join(server.dataDir, 'media/festa_ana/pad/fake.jpg'))).toBe(false);
  });

  it('never serves files outside the media folder', async () => {
    for (const url of [
      '/media/../package.json',
      '/media/%2e%2e/%2e%2e/package.json',
      '/thumbs/..%2f..%2fpackage.json',
      '/media/festa_ana/pad/.a1.jpg.tmp',
    ]) {
      const response = await server.call({ method: 'GET', url });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    }
  });
});

describe('a printer station', () => {
  it('takes the queued jobs once, marks them printed, and only its own', async () => {
    const photo = encodeURIComponent('/media/festa_ana/pad/a1.jpg');
    await server.call({ method: 'GET', url: `/api/print/PACK5/${photo}?request=tap-first-print-0001` });
    await server.call({ method: 'GET', url: `/api/print/PACK5/${photo}?request=tap-second-print-0002` });

    const jobs = await server.call({ method: 'GET', url: DEVICE_PATHS.printJobs, headers: printer });
    expect(jobs.statusCode).toBe(200);
    const list = jobs.json<PrintJob[]>();
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({ packHash: 'PACK5', url: '/media/festa_ana/pad/a1.jpg' });
    expect((await server.call({ method: 'GET', url: DEVICE_PATHS.printJobs, headers: printer })).json()).toEqual([]);

    for (const job of list) {
      const done = await server.call({
        method: 'POST',
        url: DEVICE_PATHS.printJobPrinted(job.id),
        headers: printer,
      });
      expect(done.json()).toEqual({ status: 'printed' });
    }
    expect(
      (await server.call({ method: 'POST', url: DEVICE_PATHS.printJobPrinted(list[0].id), headers: printer }))
        .statusCode,
    ).toBe(404);
    const statuses = await server.db.query('SELECT status FROM print_jobs');
    expect(statuses.rows.every((r) => r.status === 'printed')).toBe(true);
  });

  it('gets back jobs a crashed printer claimed long ago', async () => {
    await server.call({
      method: 'GET',
      url: `/api/print/PACK5/${encodeURIComponent('/media/festa_ana/pad/a2.jpg')}?request=tap-crashed-printer1`,
    });
    const [job] = (await server.call({ method: 'GET', url: DEVICE_PATHS.printJobs, headers: printer })).json<
      PrintJob[]
    >();
    await server.db.query("UPDATE print_jobs SET claimed_at = now() - interval '11 minutes' WHERE id = $1", [job.id]);
    const again = (await server.call({ method: 'GET', url: DEVICE_PATHS.printJobs, headers: printer })).json<
      PrintJob[]
    >();
    expect(again.map((j) => j.id)).toEqual([job.id]);
  });

  it('refuses cameras and odd job ids', async () => {
    expect((await server.call({ method: 'GET', url: DEVICE_PATHS.printJobs, headers: camera })).statusCode).toBe(403);
    expect(
      (await server.call({ method: 'POST', url: DEVICE_PATHS.printJobPrinted('abc'), headers: printer })).statusCode,
    ).toBe(400);
    expect(
      (
        await server.call({
          method: 'POST',
          url: DEVICE_PATHS.printJobPrinted('99999999999999999999'),
          headers: printer,
        })
      ).statusCode,
    ).toBe(400);
  });
});

describe('fifty prints at once on a pack of five copies', () => {
  it('lets exactly five through and leaves zero copies', async () => {
    await server.db.query("INSERT INTO packs (hash, event_name, copies) VALUES ('CORRIDA', 'festa_ana', 5)");
    // Fifty taps, each its own request id: replays of one id would spend once.
    const url = (i: number) =>
      `/api/print/CORRIDA/${encodeURIComponent('/media/festa_ana/pad/a1.jpg')}?request=tap-corrida-` +
      `${String(i).padStart(8, '0')}`;
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) => server.call({ method: 'GET', url: url(i) })),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(45);
    expect((await server.db.query("SELECT copies FROM packs WHERE hash = 'CORRIDA'")).rows[0].copies).toBe(0);
    expect(
      (await server.db.query("SELECT count(*)::int AS n FROM print_jobs WHERE pack_hash = 'CORRIDA'")).rows[0].n,
    ).toBe(5);
    const remaining = responses
      .filter((r) => r.statusCode === 200)
      .map((r) => r.json().copies)
      .sort();
    expect(remaining).toEqual([0, 1, 2, 3, 4]);
  });
});
