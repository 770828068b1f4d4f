import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { DomainError } from '../../server/src/platform/errors';
import { diskObjectStore } from '../../server/src/platform/storage/diskObjectStore';
import { createMediaStorage } from '../../server/src/modules/media/storage/mediaStorage';
import type { ObjectStore } from '../../server/src/platform/storage/objectStore';
import { s3ObjectStore } from '../../server/src/platform/storage/s3ObjectStore';
import { readAtMost } from '../../server/src/platform/storage/uploadStream';
import { startLocalS3, type LocalS3 } from '../../scripts/lib/localS3';
import { DEVICE_KEYS, jpeg, loadBasicSeed, mp4 } from './support/fixtures';
import { startTestServer, type TestServer } from './support/testServer';
import { DEVICE_PATHS } from '../../contract/devicePaths';

/**
 * A large upload never sits whole in memory: a booth's video (a 360 video may be 80
 * MB) goes on to the object store chunk by chunk as it arrives, checked by its first bytes and
 * bounded in size; a photo is read whole, bounded too. Shown on the disk and on a bucket.
 */
let folder: string;
let s3: LocalS3;

beforeAll(async () => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'streamed-upload-'));
  s3 = await startLocalS3();
});

afterAll(async () => {
  await s3.stop();
  fs.rmSync(folder, { recursive: true, force: true });
});

/** A video's bytes: an MP4 header, then `size` bytes of noise, in chunks of 64 KB as a socket gives them. */
function videoBody(size: number): { bytes: Buffer; chunks: () => Readable } {
  const bytes = Buffer.concat([mp4(), crypto.randomBytes(size)]);
  return {
    bytes,
    chunks: () =>
      Readable.from(
        (function* () {
          for (let at = 0; at < bytes.length; at += 64 * 1024) yield bytes.subarray(at, at + 64 * 1024);
        })(),
      ),
  };
}

/** The store, with every put's body recorded: a Buffer (whole in memory) or a stream. */
function recordingPuts(store: ObjectStore): { objects: ObjectStore; bodies: string[] } {
  const bodies: string[] = [];
  return {
    bodies,
    objects: {
      ...store,
      put(key, body, options) {
        bodies.push(`${key} ${Buffer.isBuffer(body) ? 'buffer' : 'stream'}`);
        return store.put(key, body, options);
      },
    },
  };
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (error instanceof DomainError ? [error.kind, error.code] : String(error)),
  );

describe.each([
  ['the disk', () => diskObjectStore(folder)],
  ['a bucket through the S3 API', () => s3ObjectStore(s3.settings)],
] as Array<[string, () => ObjectStore]>)('a video stored as it arrives, on %s', (_name, storeOf) => {
  let n = 0;
  const ref = () => ({ eventName: `streamed_${(n += 1)}`, mode: '360' as const, file: 'giro.mp4' });

  it('reaches the store as a stream, whole and exact at the end', async () => {
    const store = storeOf();
    const { objects, bodies } = recordingPuts(store);
    const video = videoBody(3 * 1024 * 1024);
    const target = ref();
    expect(await createMediaStorage(folder, {}, objects).storeStream(target, video.chunks(), 10 * 1024 * 1024)).toEqual(
      {
        kind: 'video',
        width: null,
        height: null,
        hasThumb: false,
      },
    );
    expect(bodies).toEqual([`media/${target.eventName}/360/giro.mp4 stream`]);
    const stored = await store.get(`media/${target.eventName}/360/giro.mp4`);
    const parts: Buffer[] = [];
    for await (const chunk of stored?.body ?? []) parts.push(chunk as Buffer);
    expect(Buffer.concat(parts).equals(video.bytes)).toBe(true);
  });

  it('is refused past its limit, when it is not a video, or empty, leaving nothing stored', async () => {
    const store = storeOf();
    const storage = createMediaStorage(folder, {}, store);
    const over = ref();
    expect(await refusal(storage.storeStream(over, videoBody(2 * 1024 * 1024).chunks(), 1024 * 1024))).toEqual([
      'too_large',
      'too_large',
    ]);
    expect(await store.head(`media/${over.eventName}/360/giro.mp4`)).toBeNull();
    const fake = ref();
    expect(await refusal(storage.storeStream(fake, Readable.from([await jpeg()]), 1024 * 1024))).toEqual([
      'unprocessable',
      'unsupported_media',
    ]);
    expect(await store.head(`media/${fake.eventName}/360/giro.mp4`)).toBeNull();
    const empty = ref();
    expect(await refusal(storage.storeStream(empty, Readable.from([]), 1024 * 1024))).toEqual([
      'invalid',
      'empty_media',
    ]);
    expect(await store.head(`media/${empty.eventName}/360/giro.mp4`)).toBeNull();
  });
});

describe('an upload the device broke off', () => {
  /** A body whose connection drops after its first megabyte. */
  const broken = () => {
    const body = new Readable({ read() {} });
    // As a request's body: Node emits its 'error' only to listeners (the storage's, once it reads).
    body.on('error', () => undefined);
    body.push(Buffer.concat([mp4(), crypto.randomBytes(1024 * 1024)]));
    setImmediate(() => body.destroy(Object.assign(new Error('aborted'), { code: 'ECONNRESET' })));
    return body;
  };
  const interrupted = ['invalid', 'upload_interrupted'];

  it("is the client's failure (a 400), never an error of ours, and leaves nothing stored", async () => {
    const store = diskObjectStore(folder);
    const ref = { eventName: 'cortado', mode: '360' as const, file: 'giro.mp4' };
    expect(await refusal(createMediaStorage(folder, {}, store).storeStream(ref, broken(), 10 * 1024 * 1024))).toEqual(
      interrupted,
    );
    expect(await store.head('media/cortado/360/giro.mp4')).toBeNull();
    expect(await refusal(readAtMost(broken(), 10 * 1024 * 1024))).toEqual(interrupted);
  });
});

describe('a booth uploading over HTTP', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    await loadBasicSeed(server);
  });
  afterAll(() => server.close());

  const camera = { 'x-device-id': 'cam1', 'x-device-key': DEVICE_KEYS.camera };
  const onDisk = (file: string) => path.join(server.dataDir, 'media/festa_ana/pad', file);

  it('sends a video sent in chunks on to the store, byte for byte', async () => {
    const video = videoBody(5 * 1024 * 1024);
    const response = await server.call({
      method: 'POST',
      url: `${DEVICE_PATHS.media}?file=giro-grande.mp4`,
      headers: { ...camera, 'content-type': 'video/mp4' },
      payload: video.chunks(),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ url: '/media/festa_ana/pad/giro-grande.mp4' });
    expect(fs.readFileSync(onDisk('giro-grande.mp4')).equals(video.bytes)).toBe(true);
  });

  it('refuses at once a body declared over 80 MB, before reading it', async () => {
    const response = await server.call({
      method: 'POST',
      url: `${DEVICE_PATHS.media}?file=giro-enorme.mp4`,
      headers: { ...camera, 'content-type': 'video/mp4', 'content-length': String(81 * 1024 * 1024) },
      payload: Readable.from([mp4()]),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: 'too_large', message: 'O envio é grande demais.' });
    expect(fs.existsSync(onDisk('giro-enorme.mp4'))).toBe(false);
  });

  it(`refuses a video that runs past 80 MB without saying its length with a 413 that closes the connection, leaving \
nothing of it`, async () => {
    const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
    const request = http.request(`${address}${DEVICE_PATHS.media}?file=giro-sem-fim.mp4`, {
      method: 'POST',
      headers: { ...camera, 'content-type': 'video/mp4', 'transfer-encoding': 'chunked' },
    });
    const chunk = crypto.randomBytes(1024 * 1024);
    // The device writes 81 MB and waits (a body that goes on for ever looks the same to the
    // server): the server reads past its limit, answers, and closes the connection.
    const outcome = await new Promise<string>((resolve) => {
      request.on('response', (reply) => {
        reply.resume();
        resolve(`${reply.statusCode} ${reply.headers.connection}`);
      });
      request.on('error', (error: NodeJS.ErrnoException) => resolve(`reset ${error.code}`));
      void (async () => {
        request.write(mp4());
        for (let written = 0; written < 81 * 1024 * 1024 && !request.destroyed; written += chunk.length) {
          if (!request.write(chunk)) {
            await new Promise<void>((next) => {
              request.once('drain', next);
              request.once('close', next);
            });
          }
        }
      })();
    });
    request.destroy();
    expect(outcome).toBe('413 close');
    expect(fs.existsSync(onDisk('giro-sem-fim.mp4'))).toBe(false);
    expect(fs.readdirSync(path.dirname(onDisk('x'))).filter((name) => name.includes('giro-sem-fim'))).toEqual([]);
  });

  it('still reads a photo whole, and checks it as before', async () => {
    const photo = await jpeg(640, 480);
    const response = await server.call({
      method: 'POST',
      url: `${DEVICE_PATHS.media}?file=foto-em-partes.jpg`,
      headers: { ...camera, 'content-type': 'image/jpeg' },
      payload: Readable.from([photo.subarray(0, 1000), photo.subarray(1000)]),
    });
    expect(response.statusCode).toBe(200);
    expect(fs.readFileSync(onDisk('foto-em-partes.jpg')).equals(photo)).toBe(true);
  });
});
