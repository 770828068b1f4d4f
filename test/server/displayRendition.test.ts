import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import {
  createMediaStorage,
  DISPLAY_RUNNING,
  DISPLAY_WAITING,
} from '../../server/src/modules/media/storage/mediaStorage';
import { holdReads } from './support/heldReads';
import { DEVICE_KEYS, gif, jpeg, loadBasicSeed, mp4 } from './support/fixtures';
import { newUser, startTestServer, type TestServer } from './support/testServer';
import { DEVICE_PATHS } from '../../contract/devicePaths';

/**
 * The display rendition of a still photo (`/display/{event}/{mode}/{file}.webp`): what the collect
 * page draws instead of the original, made by the upload's job, or on first request for older media.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  await loadBasicSeed(server);
});

afterAll(() => server.close());

const camera = { 'x-device-id': 'cam1', 'x-device-key': DEVICE_KEYS.camera };

/** A photo-like JPEG: noise compresses as badly as a real scene does. */
function photo(width: number, height: number, options: { orientation?: number } = {}): Promise<Buffer> {
  const image = sharp({
    create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
  }).jpeg({
    quality: 85,
  });
  return (options.orientation ? image.withMetadata({ orientation: options.orientation }) : image).toBuffer();
}

function upload(file: string, body: Buffer, type = 'image/jpeg') {
  return server.call({
    method: 'POST',
    url: `${DEVICE_PATHS.media}?file=${file}`,
    headers: { ...camera, 'content-type': type },
    payload: body,
  });
}

const get = (url: string, cookie?: string) => server.call({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const stored = (relative: string) => path.join(server.dataDir, 'display', relative);

describe('a photo uploaded by a booth', () => {
  it('gets a WebP rendition at most 720 px wide, lighter than the original, served like its thumbnail', async () => {
    const original = await photo(1600, 1200);
    expect((await upload('grande.jpg', original)).statusCode).toBe(200);
    await server.jobsDone();
    const file = stored('festa_ana/pad/grande.jpg.webp');
    const metadata = await sharp(fs.readFileSync(file)).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['webp', 720, 540]);
    expect(fs.statSync(file).size).toBeLessThan(original.length);

    const response = await get('/display/festa_ana/pad/grande.jpg.webp');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.rawPayload.equals(fs.readFileSync(file))).toBe(true);
  });

  it('is kept within 1280 px tall, upright as the camera held it, and never enlarged', async () => {
    // Orientation 6: stored landscape, shown turned a quarter (portrait).
    expect((await upload('deitada.jpg', await photo(3000, 1000, { orientation: 6 }))).statusCode).toBe(200);
    await server.jobsDone();
    const turned = await sharp(fs.readFileSync(stored('festa_ana/pad/deitada.jpg.webp'))).metadata();
    expect([turned.width, turned.height]).toEqual([427, 1280]);

    expect((await upload('pequena.jpg', await jpeg(300, 200))).statusCode).toBe(200);
    await server.jobsDone();
    const small = await sharp(fs.readFileSync(stored('festa_ana/pad/pequena.jpg.webp'))).metadata();
    expect([small.width, small.height]).toEqual([300, 200]);
  });

  it('has none when it is a GIF (drawn as it is, moving) or a video', async () => {
    const boomerang = await server.call({
      method: 'POST',
      url: `${DEVICE_PATHS.media}?file=giro.gif`,
      headers: { ...camera, 'content-type': 'image/gif' },
      payload: await gif(),
    });
    expect(boomerang.statusCode).toBe(200);
    expect(fs.existsSync(stored('festa_ana/pad/giro.gif.webp'))).toBe(false);
    expect((await get('/display/festa_ana/pad/giro.gif.webp')).statusCode).toBe(404);

    const ultra = { 'x-device-id': 'ultra1', 'x-device-key': DEVICE_KEYS.ultra };
    const made = await server.call({
      method: 'POST',
      url: `${DEVICE_PATHS.ultraVideo}?file=volta.mp4`,
      headers: { ...ultra, 'content-type': 'video/mp4' },
      payload: mp4(),
    });
    expect(made.statusCode).toBe(200);
    expect(fs.existsSync(stored('festa_ana/360/volta.mp4.webp'))).toBe(false);
    expect((await get('/display/festa_ana/360/volta.mp4.webp')).statusCode).toBe(404);
    expect((await get('/display/festa_ana/boomerang/b1.gif.webp')).statusCode).toBe(404);
  });

  it('is written by the seed too, which stores its media the same way', () => {
    expect(fs.existsSync(stored('festa_ana/pad/a1.jpg.webp'))).toBe(true);
    expect(fs.existsSync(stored('festa_ana/boomerang/b1.gif.webp'))).toBe(false);
  });
});

describe('a photo stored before renditions existed', () => {
  it('gets one on its first request, and the stored one is served after', async () => {
    const original = await photo(1200, 900);
    fs.writeFileSync(path.join(server.dataDir, 'media/festa_ana/pad/antiga.jpg'), original);
    const file = stored('festa_ana/pad/antiga.jpg.webp');
    expect(fs.existsSync(file)).toBe(false);

    const first = await get('/display/festa_ana/pad/antiga.jpg.webp');
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/webp');
    expect(first.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(first.rawPayload.length).toBeLessThan(original.length);
    expect((await sharp(first.rawPayload).metadata()).width).toBe(720);
    expect(fs.readFileSync(file).equals(first.rawPayload)).toBe(true);

    // Whatever is stored is what goes out: the second request makes nothing.
    const marker = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#ff0000' } })
      .webp()
      .toBuffer();
    fs.writeFileSync(file, marker);
    const second = await get('/display/festa_ana/pad/antiga.jpg.webp');
    expect(second.statusCode).toBe(200);
    expect(second.rawPayload.equals(marker)).toBe(true);
  });

  it('answers 404, never a 5xx, when the original is corrupt, truncated or missing', async () => {
    const dir = path.join(server.dataDir, 'media/festa_ana/pad');
    fs.writeFileSync(path.join(dir, 'quebrada.jpg'), Buffer.from('isto não é uma foto'));
    const whole = await photo(800, 600);
    fs.writeFileSync(path.join(dir, 'cortada.jpg'), whole.subarray(0, Math.floor(whole.length / 2)));
    for (const url of [
      '/display/festa_ana/pad/quebrada.jpg.webp',
      '/display/festa_ana/pad/cortada.jpg.webp',
      '/display/festa_ana/pad/nenhuma.jpg.webp',
    ]) {
      for (let attempt = 0; attempt < 2; attempt++) {
        const response = await get(url);
        expect({ url, status: response.statusCode }).toEqual({ url, status: 404 });
        expect(response.headers['cache-control']).toBe('no-store');
      }
    }
    expect(
      fs
        .readdirSync(path.join(server.dataDir, 'display/festa_ana/pad'))
        .filter((name) => /quebrada|cortada|nenhuma/.test(name)),
    ).toEqual([]);
  });

  it('answers 404 for a path that names no media file', async () => {
    for (const url of [
      '/display/festa_ana/pad/a1.jpg',
      '/display/festa_ana/pad/..%2Fa1.jpg.webp',
      '/display/festa_ana/nulo/a1.jpg.webp',
      '/display/ninguem/pad/a1.jpg.webp',
      '/display/festa_ana/pad/.a1.jpg.webp',
    ]) {
      expect({ url, status: (await get(url)).statusCode }).toEqual({ url, status: 404 });
    }
  });
});

describe("a private event's rendition", () => {
  let file: string;
  let cookie: string;

  beforeAll(async () => {
    const { rows } = await server.db.query<{ file: string }>(
      "SELECT file FROM media WHERE event_name = 'privada' AND mode = 'pad'",
    );
    file = rows[0].file;
    const user = await newUser('convidada');
    const session = await server.call({ method: 'POST', url: '/api/media-session', token: user.token });
    cookie = String([session.headers['set-cookie']].flat()[0]).split(';')[0];
    // As if stored before renditions existed: the gate, not the file's absence, decides.
    fs.rmSync(stored(`privada/pad/${file}.webp`));
  });

  it('is refused without the media cookie, and none is made for whoever is refused', async () => {
    const response = await get(`/display/privada/pad/${file}.webp`);
    expect(response.statusCode).toBe(401);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(fs.existsSync(stored(`privada/pad/${file}.webp`))).toBe(false);
  });

  it('is made and served with the cookie, kept out of shared caches', async () => {
    const response = await get(`/display/privada/pad/${file}.webp`, cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toBe('private, no-cache');
    expect(fs.existsSync(stored(`privada/pad/${file}.webp`))).toBe(true);
  });
});

describe("a storage's ensure('display')", () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'display-'));
  });
  afterEach(() => {
    jest.restoreAllMocks();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function originals(count: number): Promise<string[]> {
    const dir = path.join(dataDir, 'media', 'festa', 'pad');
    fs.mkdirSync(dir, { recursive: true });
    const body = await jpeg(64, 48);
    const names = Array.from({ length: count }, (_, index) => `f${index}.jpg`);
    for (const name of names) fs.writeFileSync(path.join(dir, name), body);
    return names;
  }

  const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

  it('makes one for requests of the same photo that come together, taking one place in the queue', async () => {
    await originals(1);
    const { reads, release, objects } = holdReads(dataDir);
    const storage = createMediaStorage(dataDir, {}, objects);
    const burst = DISPLAY_RUNNING + DISPLAY_WAITING + 5;
    const answers = Promise.all(
      Array.from({ length: burst }, () =>
        storage.ensure({ eventName: 'festa', mode: 'pad', file: 'f0.jpg' }, 'display'),
      ),
    );
    await settle();
    release();
    expect(await answers).toEqual(Array.from({ length: burst }, () => true));
    expect(reads).toEqual(['media/festa/pad/f0.jpg']);
  });

  it('makes one at a time with a short queue, and turns the rest away without making them', async () => {
    const names = await originals(DISPLAY_RUNNING + DISPLAY_WAITING + 7);
    const { reads, release, objects } = holdReads(dataDir);
    const storage = createMediaStorage(dataDir, {}, objects);
    const answers = Promise.all(
      names.map((file) => storage.ensure({ eventName: 'festa', mode: 'pad', file }, 'display')),
    );
    await settle();
    expect(reads).toHaveLength(DISPLAY_RUNNING);
    release();
    const made = await answers;
    expect(made.filter(Boolean)).toHaveLength(DISPLAY_RUNNING + DISPLAY_WAITING);
    const turnedAway = names.filter((_, index) => !made[index]);
    expect(turnedAway).toHaveLength(7);
    for (const file of turnedAway)
      expect(fs.existsSync(path.join(dataDir, 'display', 'festa', 'pad', `${file}.webp`))).toBe(false);
    // Turned away is not refused: asked again once the queue is free, it is made.
    expect(await storage.ensure({ eventName: 'festa', mode: 'pad', file: turnedAway[0] }, 'display')).toBe(true);
  });

  it('makes none for a GIF, a video, or a name that is no media file', async () => {
    const storage = createMediaStorage(dataDir);
    await storage.save({ eventName: 'festa', mode: 'boomerang', file: 'b.gif' }, await gif());
    expect(await storage.ensure({ eventName: 'festa', mode: 'boomerang', file: 'b.gif' }, 'display')).toBe(false);
    expect(await storage.ensure({ eventName: 'festa', mode: '360', file: 'v.mp4' }, 'display')).toBe(false);
    expect(await storage.ensure({ eventName: 'festa', mode: 'pad', file: '../../x.jpg' }, 'display')).toBe(false);
    expect(await storage.ensure({ eventName: '..', mode: 'pad', file: 'x.jpg' }, 'display')).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'display'))).toBe(false);
  });
});
