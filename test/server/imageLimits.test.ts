import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DomainError } from '../../server/src/platform/errors';
import { withDecodeTimeout } from '../../server/src/platform/storage/imageLimits';
import { diskObjectStore } from '../../server/src/platform/storage/diskObjectStore';
import { createMediaStorage } from '../../server/src/modules/media/storage/mediaStorage';
import type { ObjectStore } from '../../server/src/platform/storage/objectStore';
import { claimedPng, DEVICE_KEYS, jpeg, loadBasicSeed } from './support/fixtures';
import { startTestServer } from './support/testServer';
import { DEVICE_PATHS } from '../../contract/devicePaths';

let dataDir: string;
beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'image-limits-'));
});
afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const files = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true }) : []);

async function refusal(work: Promise<unknown>): Promise<DomainError> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

describe('media storage limits', () => {
  it('refuses a PNG whose header claims 20000x20000 and stores nothing', async () => {
    const storage = createMediaStorage(dataDir);
    const error = await refusal(
      storage.save({ eventName: 'festa_ana', mode: 'pad', file: 'huge.png' }, claimedPng(20000, 20000)),
    );
    expect(error.kind).toBe('too_large');
    expect(error.message).toMatch(/megapixels/);
    expect(files(storage.mediaDir)).toEqual([]);
    expect(files(storage.thumbsDir)).toEqual([]);
    expect(files(storage.displayDir)).toEqual([]);
  });

  it('still stores a normal photo with its thumbnail', async () => {
    const storage = createMediaStorage(dataDir);
    const stored = await storage.save({ eventName: 'festa_ana', mode: 'pad', file: 'ok.jpg' }, await jpeg(800, 600));
    expect(stored).toEqual({ kind: 'image', width: 800, height: 600, hasThumb: true });
    expect(fs.existsSync(path.join(storage.mediaDir, 'festa_ana', 'pad', 'ok.jpg'))).toBe(true);
  });

  it('refuses with a 503 refusal, storing nothing, when the thumbnail takes longer than the timeout', async () => {
    const storage = createMediaStorage(dataDir, { decodeTimeoutMs: 0 });
    const error = await refusal(
      storage.save({ eventName: 'festa_ana', mode: 'pad', file: 'slow.jpg' }, await jpeg(3000, 2000)),
    );
    expect(error.kind).toBe('unavailable');
    expect(error.code).toBe('image_timeout');
    expect(files(storage.mediaDir)).toEqual([]);
    expect(files(storage.thumbsDir)).toEqual([]);
    expect(files(storage.displayDir)).toEqual([]);
  });

  it('refuses an upload once the event folder holds the configured maximum of files', async () => {
    const storage = createMediaStorage(dataDir, { maxEventFiles: 2 });
    const photo = await jpeg();
    await storage.save({ eventName: 'festa_ana', mode: 'pad', file: 'a.jpg' }, photo);
    await storage.save({ eventName: 'festa_ana', mode: 'feed', file: 'b.jpg' }, photo);
    const error = await refusal(storage.save({ eventName: 'festa_ana', mode: 'pad', file: 'c.jpg' }, photo));
    expect(error.kind).toBe('too_large');
    expect(error.code).toBe('event_media_full');
    expect(fs.existsSync(path.join(storage.mediaDir, 'festa_ana', 'pad', 'c.jpg'))).toBe(false);
    // Another event is not affected.
    await storage.save({ eventName: 'outra_festa', mode: 'pad', file: 'c.jpg' }, photo);
  });

  it(`counts an event's files with the count the server gives it (its rows), listing none of the store's \
keys`, async () => {
    const disk = diskObjectStore(dataDir);
    const listed: string[] = [];
    const counting: ObjectStore = {
      ...disk,
      list(prefix) {
        listed.push(prefix);
        return disk.list(prefix);
      },
    };
    const storage = createMediaStorage(
      dataDir,
      { maxEventFiles: 3, countEventFiles: async (eventName) => (eventName === 'festa_cheia' ? 3 : 2) },
      counting,
    );
    const photo = await jpeg();
    await storage.store({ eventName: 'festa_ana', mode: 'pad', file: 'cabe.jpg' }, photo);
    const error = await refusal(storage.store({ eventName: 'festa_cheia', mode: 'pad', file: 'nao-cabe.jpg' }, photo));
    expect(error.code).toBe('event_media_full');
    expect(listed).toEqual([]);
    expect(fs.existsSync(path.join(dataDir, 'media', 'festa_ana', 'pad', 'cabe.jpg'))).toBe(true);
    expect(fs.existsSync(path.join(dataDir, 'media', 'festa_cheia', 'pad', 'nao-cabe.jpg'))).toBe(false);
  });
});

describe('withDecodeTimeout', () => {
  it('passes the result through and clears its timer', async () => {
    jest.useFakeTimers();
    try {
      await expect(withDecodeTimeout(Promise.resolve(7), 1000)).resolves.toBe(7);
      expect(jest.getTimerCount()).toBe(0);
    } finally {
      jest.useRealTimers();
    }
  });

  it('refuses when the work outlasts it', async () => {
    const never = new Promise<number>(() => undefined);
    await expect(withDecodeTimeout(never, 5)).rejects.toMatchObject({ kind: 'unavailable', code: 'image_timeout' });
  });
});

describe('pixel limit below the default of libvips', () => {
  it('refuses a header of 8000x8000 (64 megapixels) as too large', async () => {
    const storage = createMediaStorage(dataDir);
    await expect(
      storage.save({ eventName: 'festa_ana', mode: 'pad', file: 'big.png' }, claimedPng(8000, 8000)),
    ).rejects.toMatchObject({
      kind: 'too_large',
      code: 'media_too_many_pixels',
    });
    expect(files(storage.mediaDir)).toEqual([]);
  });
});

describe('a device upload into a full event folder', () => {
  it('is refused with a 413 once the folder holds MAX_EVENT_MEDIA_FILES files, storing nothing', async () => {
    const server = await startTestServer({ MAX_EVENT_MEDIA_FILES: '1' });
    try {
      await loadBasicSeed(server);
      const send = async (file: string) =>
        server.call({
          method: 'POST',
          url: `${DEVICE_PATHS.media}?file=${file}`,
          headers: { 'x-device-id': 'cam1', 'x-device-key': DEVICE_KEYS.camera, 'content-type': 'image/jpeg' },
          payload: await jpeg(),
        });
      // The seed may already fill the folder; after one more upload it is full either way.
      expect([200, 413]).toContain((await send('primeira.jpg')).statusCode);
      const refused = await send('segunda.jpg');
      expect(refused.statusCode).toBe(413);
      expect(refused.json()).toMatchObject({ error: 'event_media_full' });
      expect(fs.existsSync(path.join(server.dataDir, 'media', 'festa_ana', 'pad', 'segunda.jpg'))).toBe(false);
    } finally {
      await server.close();
    }
  });
});
