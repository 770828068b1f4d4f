import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { parseByteRange } from '../../server/src/platform/http/objectReply';
import { diskObjectStore } from '../../server/src/platform/storage/diskObjectStore';
import {
  InvalidObjectKeyError,
  isObjectKey,
  RangeNotSatisfiableError,
  type ObjectStore,
} from '../../server/src/platform/storage/objectStore';
import { s3Client, s3ObjectStore } from '../../server/src/platform/storage/s3ObjectStore';
import { startLocalS3, type LocalS3 } from '../../scripts/lib/localS3';

/**
 * One suite, two stores: the local disk (the default) and a bucket through the S3 API,
 * against a real S3-compatible server started here (s3rver). Whatever the product does with one,
 * it may do with the other.
 */
let folder: string;
let s3: LocalS3;

beforeAll(async () => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'object-store-'));
  s3 = await startLocalS3();
});

afterAll(async () => {
  await s3.stop();
  fs.rmSync(folder, { recursive: true, force: true });
});

const stores: Array<[string, () => ObjectStore]> = [
  ['the disk', () => diskObjectStore(folder)],
  ['a bucket through the S3 API', () => s3ObjectStore(s3.settings)],
];

describe.each(stores)('%s', (_name, storeOf) => {
  let store: ObjectStore;
  let n = 0;
  /** A key of its own for each test. */
  const key = (file = 'foto.jpg') => `media/festa_${(n += 1)}/pad/${file}`;

  beforeAll(() => {
    store = storeOf();
  });

  it('is reachable', async () => {
    await expect(store.reachable()).resolves.toBeUndefined();
  });

  it('gives back what it was given, with its size; null for a key it does not hold', async () => {
    const photo = key();
    const bytes = crypto.randomBytes(70_000);
    await store.put(photo, bytes, { contentType: 'image/jpeg' });
    const stored = await store.get(photo);
    expect(stored).not.toBeNull();
    expect(Buffer.concat(await stored!.body.toArray())).toEqual(bytes);
    expect(stored!.size).toBe(bytes.length);
    expect(stored!.range).toEqual({ start: 0, end: bytes.length - 1 });
    expect(await store.head(photo)).toEqual({ size: bytes.length, lastModified: expect.any(Date) });
    expect(await store.get(key('nada.jpg'))).toBeNull();
    expect(await store.head(key('nada.jpg'))).toBeNull();
  });

  it('replaces an object whole: a second put of a key is what a reader gets', async () => {
    const photo = key();
    await store.put(photo, Buffer.from('primeira'));
    await store.put(photo, Buffer.from('segunda versão'));
    expect(await text((await store.get(photo))!.body)).toBe('segunda versão');
  });

  it('serves ranges as HTTP asks them: inclusive, clipped to the object, refused beyond it', async () => {
    const video = key('video.mp4');
    const bytes = Buffer.from('0123456789abcdefghij');
    await store.put(video, bytes);
    const part = await store.get(video, { start: 5, end: 9 });
    expect(await text(part!.body)).toBe('56789');
    expect(part!.range).toEqual({ start: 5, end: 9 });
    expect(part!.size).toBe(20);
    const tail = await store.get(video, { start: 15 });
    expect(await text(tail!.body)).toBe('fghij');
    expect(tail!.range).toEqual({ start: 15, end: 19 });
    expect(await text((await store.get(video, { start: 18, end: 500 }))!.body)).toBe('ij');
    await expect(store.get(video, { start: 20 })).rejects.toBeInstanceOf(RangeNotSatisfiableError);
    expect(await store.get(key('nada.mp4'), { start: 0, end: 1 })).toBeNull();
  });

  it('stores a stream as it arrives: a large upload in parts, whole at the end', async () => {
    const video = key('grande.mp4');
    const chunk = crypto.randomBytes(1024 * 1024);
    // 20 MB in 1 MB chunks: more than two 8 MB parts of a multipart upload.
    const chunks = Array.from({ length: 20 }, (_, i) => Buffer.concat([Buffer.from([i]), chunk.subarray(1)]));
    await store.put(video, Readable.from(chunks), { contentType: 'video/mp4' });
    const info = await store.head(video);
    expect(info?.size).toBe(20 * 1024 * 1024);
    const last = await store.get(video, { start: 19 * 1024 * 1024, end: 19 * 1024 * 1024 + 3 });
    expect([...Buffer.concat(await last!.body.toArray())]).toEqual([19, ...chunk.subarray(1, 4)]);
  });

  it('leaves nothing of a stream that fails on the way', async () => {
    const video = key('quebrado.mp4');
    // 10 MB, then the connection drops: past the first 8 MB part of a multipart upload.
    let sent = 0;
    const failing = new Readable({
      read() {
        if (sent >= 10 * 1024 * 1024) {
          this.destroy(new Error('a conexão caiu'));
          return;
        }
        sent += 1024 * 1024;
        this.push(crypto.randomBytes(1024 * 1024));
      },
    });
    await expect(store.put(video, failing)).rejects.toThrow();
    expect(await store.head(video)).toBeNull();
  });

  it('deletes an object, and a key it does not hold without complaint', async () => {
    const photo = key();
    await store.put(photo, Buffer.from('x'));
    await store.remove(photo);
    expect(await store.head(photo)).toBeNull();
    await expect(store.remove(photo)).resolves.toBeUndefined();
  });

  it('lists the keys under a prefix, and only those', async () => {
    const event = `lista_${(n += 1)}`;
    const keys = [`media/${event}/pad/a.jpg`, `media/${event}/pad/b.jpg`, `media/${event}/360/c.mp4`];
    for (const one of keys) await store.put(one, Buffer.from(one));
    await store.put(`media/${event}_outra/pad/d.jpg`, Buffer.from('d'));
    const listed: string[] = [];
    for await (const one of store.list(`media/${event}/`)) listed.push(one);
    expect(listed.sort()).toEqual([...keys].sort());
    const none: string[] = [];
    for await (const one of store.list('media/ninguem/')) none.push(one);
    expect(none).toEqual([]);
  });

  it('deletes everything under a prefix, and nothing beside it; never everything at once', async () => {
    const agent = `rostos_${(n += 1)}`;
    const mine = [`faces/${agent}/1.jpg`, `faces/${agent}/2.jpg`];
    for (const one of mine) await store.put(one, Buffer.from(one), { private: true });
    const neighbour = `faces/${agent}_vizinho/1.jpg`;
    await store.put(neighbour, Buffer.from('v'), { private: true });
    await store.removeAll(`faces/${agent}/`);
    for (const one of mine) expect(await store.head(one)).toBeNull();
    const left: string[] = [];
    for await (const one of store.list(`faces/${agent}/`)) left.push(one);
    expect(left).toEqual([]);
    expect(await store.head(neighbour)).not.toBeNull();
    await expect(store.removeAll(`faces/${agent}/`)).resolves.toBeUndefined();
    await expect(store.removeAll('')).rejects.toBeInstanceOf(InvalidObjectKeyError);
    await expect(store.removeAll('faces/../')).rejects.toBeInstanceOf(InvalidObjectKeyError);
  });

  it('refuses a key that is no path of safe segments, before touching anything', async () => {
    for (const bad of [
      '',
      '/media/a.jpg',
      'media/../../etc/passwd',
      'media//a.jpg',
      'media/a b.jpg',
      'media/%2e%2e/a',
      'media/./a.jpg',
      'media/a.jpg/',
    ]) {
      await expect(store.put(bad, Buffer.from('x'))).rejects.toBeInstanceOf(InvalidObjectKeyError);
      await expect(store.get(bad)).rejects.toBeInstanceOf(InvalidObjectKeyError);
    }
    expect(fs.existsSync(path.join(folder, '..', 'etc'))).toBe(false);
  });
});

describe('the disk', () => {
  it('keeps a private object readable by the server alone (0600 in 0700 folders)', async () => {
    const store = diskObjectStore(folder);
    await store.put('faces/agenteprivado/rosto.jpg', Buffer.from('rosto'), { private: true });
    expect(fs.statSync(path.join(folder, 'faces/agenteprivado/rosto.jpg')).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.join(folder, 'faces/agenteprivado')).mode & 0o777).toBe(0o700);
    expect(fs.statSync(path.join(folder, 'faces')).mode & 0o777).toBe(0o700);
    expect(await store.temporaryUrl('faces/agenteprivado/rosto.jpg', 60)).toBeNull();
  });
});

describe('a bucket', () => {
  it(`reads a range with one request when the caller has just asked for the object (a video seek: HEAD, then \
GET)`, async () => {
    const sent: string[] = [];
    const client = s3Client(s3.settings);
    const send = client.send.bind(client) as (command: unknown) => Promise<unknown>;
    (client as unknown as { send: (command: { constructor: { name: string } }) => Promise<unknown> }).send = (
      command,
    ) => {
      sent.push(command.constructor.name);
      return send(command);
    };
    const store = s3ObjectStore(s3.settings, client);
    await store.put('media/um_pedido/360/giro.mp4', Buffer.from('0123456789'));
    const info = await store.head('media/um_pedido/360/giro.mp4');
    sent.length = 0;
    const part = await store.get('media/um_pedido/360/giro.mp4', { start: 2, end: 4 }, info ?? undefined);
    expect(await text(part?.body ?? Readable.from([]))).toBe('234');
    expect(part?.range).toEqual({ start: 2, end: 4 });
    expect(sent).toEqual(['GetObjectCommand']);
    // Without it, the size is asked first (a range beyond it is a 416, not the service's error).
    sent.length = 0;
    await store.get('media/um_pedido/360/giro.mp4', { start: 2, end: 4 });
    expect(sent).toEqual(['HeadObjectCommand', 'GetObjectCommand']);
  });

  it('hands out a short-lived signed address of an object, which fetches it', async () => {
    const store = s3ObjectStore(s3.settings);
    await store.put('media/assinada/pad/foto.jpg', Buffer.from('foto assinada'));
    const url = await store.temporaryUrl('media/assinada/pad/foto.jpg', 60);
    expect(url).toMatch(/X-Amz-Signature=[0-9a-f]{64}/);
    expect(url).toMatch(/X-Amz-Expires=60/);
    const response = await fetch(url!);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('foto assinada');
  });

  it('is not reachable when the bucket is not there: the readiness check says so', async () => {
    await expect(s3ObjectStore({ ...s3.settings, bucket: 'nao-existe' }).reachable()).rejects.toThrow();
  });
});

describe('object keys', () => {
  it.each([
    ['media/festa/pad/foto.jpg', true],
    ['thumbs/festa/pad/foto.jpg.webp', true],
    ['faces/agente/1.jpg', true],
    ['media/../x', false],
    ['..', false],
    ['media/festa/pad/', false],
    ['media\\festa', false],
    ['media/festa/pad/fóto.jpg', false],
  ])('%s: %s', (key, ok) => {
    expect(isObjectKey(key)).toBe(ok);
  });
});

describe('a Range header', () => {
  it.each([
    ['bytes=0-9', { start: 0, end: 9 }],
    ['bytes=10-', { start: 10 }],
    ['bytes=-5', { start: 95, end: 99 }],
    ['bytes=-500', { start: 0, end: 99 }],
    ['bytes=9-0', 'whole'],
    ['bytes=0-1,5-6', 'whole'],
    ['bytes=-', 'whole'],
    ['items=0-9', 'whole'],
    [undefined, 'whole'],
  ] as const)('%s of 100 bytes: %j', (header, range) => {
    expect(parseByteRange(header, 100)).toEqual(range);
  });
});
