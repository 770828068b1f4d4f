import fs from 'node:fs';
import path from 'node:path';
import { s3ObjectStore } from '../../server/src/platform/storage/s3ObjectStore';
import type { ObjectStore } from '../../server/src/platform/storage/objectStore';
import { DEVICE_KEYS, jpeg, loadBasicSeed, mp4 } from './support/fixtures';
import { startLocalS3, type LocalS3 } from '../../scripts/lib/localS3';
import { photoWithFaces } from '../support/faceSelfies';
import { startTestServer, type TestServer } from './support/testServer';
import { DEVICE_PATHS } from '../../contract/devicePaths';

/**
 * The product with its media in a bucket (MEDIA_STORE=s3): what a booth uploads, its
 * thumbnail and rendition go to the bucket and nowhere on the server's disk, and the media routes
 * send them from there, behind the same gate, with HEAD and ranges.
 */
let s3: LocalS3;
let server: TestServer;
let bucket: ObjectStore;

const settingsEnv = (s3Settings: LocalS3['settings'], bucketName = s3Settings.bucket) => ({
  MEDIA_STORE: 's3',
  S3_BUCKET: bucketName,
  S3_ENDPOINT: String(s3Settings.endpoint),
  S3_REGION: s3Settings.region,
  S3_FORCE_PATH_STYLE: 'true',
  AWS_ACCESS_KEY_ID: 'S3RVER',
  AWS_SECRET_ACCESS_KEY: 'S3RVER',
});

beforeAll(async () => {
  s3 = await startLocalS3();
  server = await startTestServer(settingsEnv(s3.settings));
  bucket = s3ObjectStore(s3.settings);
  await loadBasicSeed(server);
});

afterAll(async () => {
  await server.close();
  await s3.stop();
});

const camera = { 'x-device-id': 'cam1', 'x-device-key': DEVICE_KEYS.camera };

async function readAll(store: ObjectStore, key: string): Promise<Buffer | null> {
  const object = await store.get(key);
  if (!object) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

async function keysUnder(prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of bucket.list(prefix)) keys.push(key);
  return keys.sort();
}

describe('media in a bucket', () => {
  it("keeps a booth's upload, its thumbnail and its rendition in the bucket, none on the server's disk", async () => {
    const photo = await jpeg(800, 600);
    const upload = await server.call({
      method: 'POST',
      url: `${DEVICE_PATHS.media}?file=balde-01.jpg`,
      headers: { ...camera, 'content-type': 'image/jpeg' },
      payload: photo,
    });
    expect(upload.statusCode).toBe(200);
    expect(upload.json()).toEqual({ url: '/media/festa_ana/pad/balde-01.jpg' });
    // Its thumbnail and rendition are a job's, done by the server's worker from the bucket's original.
    await server.jobsDone();
    expect(await keysUnder('media/festa_ana/pad/')).toContain('media/festa_ana/pad/balde-01.jpg');
    expect(await keysUnder('thumbs/festa_ana/pad/')).toContain('thumbs/festa_ana/pad/balde-01.jpg.webp');
    expect(await keysUnder('display/festa_ana/pad/')).toContain('display/festa_ana/pad/balde-01.jpg.webp');
    expect(fs.existsSync(path.join(server.dataDir, 'media', 'festa_ana', 'pad', 'balde-01.jpg'))).toBe(false);

    // The gallery lists it, and its files come from the bucket.
    expect(
      (await server.call({ method: 'GET', url: '/api/all/festa_ana/pad' })).json<{ product: string[] }>().product,
    ).toContain('/media/festa_ana/pad/balde-01.jpg');
    const original = await server.call({ method: 'GET', url: '/media/festa_ana/pad/balde-01.jpg' });
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/jpeg');
    expect(original.rawPayload.equals(photo)).toBe(true);
    expect(original.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const thumb = await server.call({ method: 'GET', url: '/thumbs/festa_ana/pad/balde-01.jpg.webp' });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect((await server.call({ method: 'GET', url: '/display/festa_ana/pad/balde-01.jpg.webp' })).statusCode).toBe(
      200,
    );
    // The browser's copy is still good: 304.
    const again = await server.call({
      method: 'GET',
      url: '/media/festa_ana/pad/balde-01.jpg',
      headers: { 'if-none-match': String(original.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('answers HEAD and byte ranges of a video from the bucket, and 416 beyond it', async () => {
    const video = mp4();
    const upload = await server.call({
      method: 'POST',
      url: `${DEVICE_PATHS.media}?file=giro-balde.mp4`,
      headers: { ...camera, 'content-type': 'video/mp4' },
      payload: video,
    });
    expect(upload.statusCode).toBe(200);
    const url = '/media/festa_ana/pad/giro-balde.mp4';
    const head = await server.call({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(Number(head.headers['content-length'])).toBe(video.length);
    expect(head.headers['accept-ranges']).toBe('bytes');
    const part = await server.call({ method: 'GET', url, headers: { range: 'bytes=4-11' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 4-11/${video.length}`);
    expect(part.rawPayload.toString('latin1')).toBe('ftypisom');
    // A resumed download: the range while the file is the browser's (If-Range: its date), the whole once it changed.
    const resumed = await server.call({
      method: 'GET',
      url,
      headers: { range: 'bytes=4-11', 'if-range': String(head.headers['last-modified']) },
    });
    expect(resumed.statusCode).toBe(206);
    const changed = await server.call({
      method: 'GET',
      url,
      headers: { range: 'bytes=4-11', 'if-range': 'Tue, 01 Jan 2019 00:00:00 GMT' },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.rawPayload.length).toBe(video.length);
    const beyond = await server.call({ method: 'GET', url, headers: { range: `bytes=${video.length}-` } });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${video.length}`);
  });

  it('makes a missing rendition from the original in the bucket, and keeps it there', async () => {
    // An original stored before renditions existed: in the bucket, with its row, and nothing else.
    await bucket.put('media/festa_ana/pad/antiga.jpg', await jpeg(900, 700));
    await server.db.query(
      "INSERT INTO media (event_name, mode, file, kind, has_thumb) VALUES ('festa_ana', 'pad', 'antiga.jpg', " +
        "'image', false)",
    );
    expect(await bucket.head('display/festa_ana/pad/antiga.jpg.webp')).toBeNull();
    const rendition = await server.call({ method: 'GET', url: '/display/festa_ana/pad/antiga.jpg.webp' });
    expect(rendition.statusCode).toBe(200);
    expect(rendition.headers['content-type']).toBe('image/webp');
    expect(await bucket.head('display/festa_ana/pad/antiga.jpg.webp')).not.toBeNull();
  });

  it(`keeps the company's images in the bucket, so that every server shows the shop a seed loaded through any of \
them`, async () => {
    expect(await keysUnder('catalogo/')).toEqual(
      expect.arrayContaining(['catalogo/espelho-anime.png', 'catalogo/produto-cabine.jpg']),
    );
    expect(fs.existsSync(path.join(server.dataDir, 'catalogo'))).toBe(false);
    const product = await server.call({ method: 'GET', url: '/catalogo/produto-cabine.jpg' });
    expect(product.statusCode).toBe(200);
    expect(product.headers['content-type']).toBe('image/jpeg');
    expect(product.headers['cache-control']).toBe('public, max-age=86400');
    expect(product.rawPayload.equals((await readAll(bucket, 'catalogo/produto-cabine.jpg')) ?? Buffer.alloc(0))).toBe(
      true,
    );
    const missing = await server.call({ method: 'GET', url: '/catalogo/nada.jpg' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-store');
  });

  it(`never keeps a visitor's selfie, in the bucket or on the disk; deletes a capture kept before face search at the \
visitor's request`, async () => {
    const agent = 'agentebalde01';
    const upload = await server.call({
      method: 'POST',
      url: `/api/uploadFace/${agent}`,
      payload: { poligram: await photoWithFaces(), consentimento: true },
      headers: { cookie: server.visitorCookie(agent) },
    });
    expect(upload.statusCode).toBe(200);
    expect(await keysUnder('faces/')).toEqual([]);
    expect(fs.existsSync(path.join(server.dataDir, 'faces'))).toBe(false);
    // A capture kept in the bucket before face search (its row and its object) goes with 'Apagar minhas fotos'.
    await bucket.put(`faces/${agent}/antiga.jpg`, await jpeg(), { private: true, contentType: 'image/jpeg' });
    await server.db.query('INSERT INTO faces (name, file, bytes) VALUES ($1, $2, 3)', [agent, `${agent}/antiga.jpg`]);
    const erased = await server.call({
      method: 'DELETE',
      url: `/api/faces/${agent}`,
      headers: { cookie: server.visitorCookie(agent) },
    });
    expect(erased.statusCode).toBe(200);
    expect(await keysUnder(`faces/${agent}/`)).toEqual([]);
    expect((await server.db.query('SELECT count(*)::int AS n FROM faces WHERE name = $1', [agent])).rows[0].n).toBe(0);
  });

  it('answers 404, never a 5xx, for a file name no media file can have', async () => {
    for (const url of [
      '/media/festa_ana/pad/a%20b.jpg',
      '/media/festa_ana/pad/%C3%A9.jpg',
      `/media/festa_ana/pad/${'a'.repeat(300)}.jpg`,
      '/media/festa_ana/pad/.escondido.jpg',
      '/thumbs/festa_ana/pad/a%20b.jpg.webp',
      '/display/festa_ana/pad/a%20b.jpg.webp',
      '/thumbs/festa_ana/pad/a1.jpg',
    ]) {
      const reply = await server.call({ method: 'GET', url });
      expect({ url, status: reply.statusCode }).toEqual({ url, status: 404 });
    }
  });

  it("keeps the gate: a private event's file in the bucket is nobody's without access", async () => {
    const keys = await keysUnder('media/privada/');
    expect(keys.length).toBeGreaterThan(0);
    const [, eventName, mode, file] = keys[0].split('/');
    expect((await server.call({ method: 'GET', url: `/media/${eventName}/${mode}/${file}` })).statusCode).toBe(401);
    expect((await server.call({ method: 'GET', url: '/media/festa_ana/pad/nao-existe.jpg' })).statusCode).toBe(404);
  });

  it('is ready while the bucket answers, and says the storage fails when it does not', async () => {
    expect((await server.call({ method: 'GET', url: '/readyz' })).json()).toEqual({ status: 'ready' });
    const lost = await startTestServer(settingsEnv(s3.settings, 'balde-sumiu'));
    try {
      const ready = await lost.call({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'unavailable', failing: ['storage'] });
    } finally {
      await lost.close();
    }
  });
});
