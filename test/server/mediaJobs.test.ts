import fs from 'node:fs';
import path from 'node:path';
import { connectDatabase, type Database } from '../../server/src/platform/db/database';
import { advisoryKeyLock, noKeyLock, type KeyLock } from '../../server/src/platform/db/keyLock';
import { insertMedia } from '../../server/src/modules/media/mediaIndexing';
import { listStaleAwaitingTile } from '../../server/src/modules/media/mediaTiles';
import { startJobQueue, type JobQueue } from '../../server/src/platform/db/jobQueue';
import {
  enqueueDerivatives,
  MEDIA_DERIVATIVES,
  MEDIA_DERIVATIVES_GIVEN_UP,
  MEDIA_DERIVATIVES_GIVEN_UP_SETTINGS,
  MEDIA_DERIVATIVES_SETTINGS,
  mediaDerivativesGivenUpJob,
  mediaDerivativesJob,
} from '../../server/src/modules/media/jobs/mediaDerivativesJob';
import { diskObjectStore } from '../../server/src/platform/storage/diskObjectStore';
import { createMediaStorage, type MediaStorage } from '../../server/src/modules/media/storage/mediaStorage';
import type { ObjectStore } from '../../server/src/platform/storage/objectStore';
import { holdReads } from './support/heldReads';
import { DEVICE_KEYS, jpeg, loadBasicSeed } from './support/fixtures';
import { startSecondApp, startTestServer, type TestServer } from './support/testServer';
import { DEVICE_PATHS } from '../../contract/devicePaths';
import type { MediaRef } from '../../contract/mediaPath';

/**
 * Thumbnails, display renditions and video posters are jobs in PostgreSQL: an upload
 * queues them in the transaction that indexes it; any server's worker makes them; a request that
 * comes first makes them itself; two servers asking at once make them once.
 */
let server: TestServer;

/** A derivation job's stored data, as enqueueDerivatives writes it (the queue keeps `bname`). */
const jobData = (ref: MediaRef) => ({ bname: ref.eventName, mode: ref.mode, file: ref.file });

beforeAll(async () => {
  // A server that takes no job: what it queues waits until a worker of the test's own takes it,
  // and lists no upload without its tile while this file runs (the wait is tested with its sweep's own statement).
  server = await startTestServer({ JOB_WORKERS: '0', TILE_WAIT_SECONDS: '900' });
  await loadBasicSeed(server);
});

afterAll(() => server.close());

const camera = { 'x-device-id': 'cam1', 'x-device-key': DEVICE_KEYS.camera };
const upload = async (file: string) =>
  server.call({
    method: 'POST',
    url: `${DEVICE_PATHS.media}?file=${file}`,
    headers: { ...camera, 'content-type': 'image/jpeg' },
    payload: await jpeg(640, 480),
  });
const onDisk = (relative: string) => fs.existsSync(path.join(server.dataDir, relative));

async function queued(): Promise<{ file: string; state: string }[]> {
  const { rows } = await server.db.query<{ file: string; state: string }>(
    "SELECT data->>'file' AS file, state::text FROM pgboss.job WHERE name = $1 ORDER BY created_on",
    [MEDIA_DERIVATIVES],
  );
  return rows;
}

/** A worker of the queue, as another server runs it (with none, a queue to send to). */
async function worker(storage: MediaStorage = createMediaStorage(server.dataDir), workers = 1): Promise<JobQueue> {
  return startJobQueue(
    server.db,
    {
      [MEDIA_DERIVATIVES]: {
        settings: MEDIA_DERIVATIVES_SETTINGS,
        handler: mediaDerivativesJob(server.db, storage, () => undefined),
      },
    },
    { workers },
  );
}

describe("an upload's derivatives", () => {
  it('are queued with the upload, not made in it, and made by whichever worker takes the job', async () => {
    const sent = await upload('fila-01.jpg');
    expect(sent.statusCode).toBe(200);
    // Acknowledged with the original alone and its job waiting.
    expect(onDisk('media/festa_ana/pad/fila-01.jpg')).toBe(true);
    expect(onDisk('thumbs/festa_ana/pad/fila-01.jpg.webp')).toBe(false);
    expect(onDisk('display/festa_ana/pad/fila-01.jpg.webp')).toBe(false);
    expect(await queued()).toEqual([{ file: 'fila-01.jpg', state: 'created' }]);
    expect(
      (await server.db.query('SELECT has_thumb, width, height FROM media WHERE file = $1', ['fila-01.jpg'])).rows,
    ).toEqual([{ has_thumb: false, width: 640, height: 480 }]);

    const jobs = await worker();
    try {
      await server.jobsDone();
    } finally {
      await jobs.stop();
    }
    expect(await queued()).toEqual([{ file: 'fila-01.jpg', state: 'completed' }]);
    expect(onDisk('thumbs/festa_ana/pad/fila-01.jpg.webp')).toBe(true);
    expect(onDisk('display/festa_ana/pad/fila-01.jpg.webp')).toBe(true);
    expect((await server.db.query('SELECT has_thumb FROM media WHERE file = $1', ['fila-01.jpg'])).rows).toEqual([
      { has_thumb: true },
    ]);
  });

  it(`are made by the first request for the thumbnail when no worker got there first (the tile alone, at once), and \
the job makes only the rest`, async () => {
    expect((await upload('pedida-01.jpg')).statusCode).toBe(200);
    const thumb = await server.call({ method: 'GET', url: '/thumbs/festa_ana/pad/pedida-01.jpg.webp' });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    // The gallery waited for its tile, not for the collect page's rendition too.
    expect(onDisk('display/festa_ana/pad/pedida-01.jpg.webp')).toBe(false);
    const made = fs.statSync(path.join(server.dataDir, 'thumbs/festa_ana/pad/pedida-01.jpg.webp')).mtimeMs;

    const jobs = await worker();
    try {
      await server.jobsDone();
    } finally {
      await jobs.stop();
    }
    expect(fs.statSync(path.join(server.dataDir, 'thumbs/festa_ana/pad/pedida-01.jpg.webp')).mtimeMs).toBe(made);
    expect(onDisk('display/festa_ana/pad/pedida-01.jpg.webp')).toBe(true);
    expect((await server.db.query('SELECT has_thumb FROM media WHERE file = $1', ['pedida-01.jpg'])).rows).toEqual([
      { has_thumb: true },
    ]);
  });

  it("of a video are its poster, and its job records the video's size", async () => {
    const storage = createMediaStorage(server.dataDir);
    const ref = { eventName: 'festa_ana', mode: '360' as const, file: 'giro-fila.mp4' };
    const video = fs.readFileSync(path.resolve(__dirname, '../../tools/demoSeed/media/festa_ana/360/giro-01.mp4'));
    const stored = await storage.store(ref, video);
    expect(stored).toEqual({ kind: 'video', width: null, height: null, hasThumb: false });
    const sender = await worker(storage, 0);
    await server.db.transaction(async (client) => {
      await insertMedia(client, { ...ref, ...stored, deviceId: null });
      await enqueueDerivatives(sender, client, ref);
    });
    await sender.stop();
    const jobs = await worker(storage);
    try {
      await server.jobsDone();
    } finally {
      await jobs.stop();
    }
    const [row] = (
      await server.db.query<{ has_thumb: boolean; width: number; height: number }>(
        'SELECT has_thumb, width, height FROM media WHERE file = $1',
        [ref.file],
      )
    ).rows;
    expect(row.has_thumb).toBe(true);
    expect(row.width).toBeGreaterThan(0);
    expect(row.height).toBeGreaterThan(0);
    expect(onDisk('thumbs/festa_ana/360/giro-fila.mp4.webp')).toBe(true);
  });

  it('are never queued for an upload refused, nor for one whose transaction rolled back', async () => {
    const before = (await queued()).length;
    const refused = await server.call({
      method: 'POST',
      url: `${DEVICE_PATHS.media}?file=falsa.jpg`,
      headers: { ...camera, 'content-type': 'image/jpeg' },
      payload: Buffer.from('not a jpeg at all'),
    });
    expect(refused.statusCode).toBe(422);
    const jobs = await worker(undefined, 0);
    try {
      await server.db
        .transaction(async (client) => {
          await enqueueDerivatives(jobs, client, { eventName: 'festa_ana', mode: 'pad', file: 'desfeita.jpg' });
          throw new Error('rolled back');
        })
        .catch(() => undefined);
    } finally {
      await jobs.stop();
    }
    expect((await queued()).length).toBe(before);
  });

  it('are made by a server that takes jobs, from an upload a server that takes none acknowledged', async () => {
    const second = await startSecondApp(server, { config: { jobWorkers: 1 } });
    try {
      expect((await upload('outro-servidor.jpg')).statusCode).toBe(200);
      await server.jobsDone();
    } finally {
      await second.close();
    }
    expect(onDisk('thumbs/festa_ana/pad/outro-servidor.jpg.webp')).toBe(true);
    expect(onDisk('display/festa_ana/pad/outro-servidor.jpg.webp')).toBe(true);
  });
});

describe("a booth's upload in its galleries", () => {
  const gallery = async () =>
    (await server.call({ method: 'GET', url: '/api/all/festa_ana/pad' })).json<{ product: string[] }>().product;
  const counted = async () =>
    (await server.call({ method: 'GET', url: '/api/eventos/festa_ana/agenteum0001' })).json<{ photos: number }[]>()[0]
      .photos;
  const awaiting = async (file: string) =>
    (await server.db.query<{ awaiting_tile: boolean }>('SELECT awaiting_tile FROM media WHERE file = $1', [file]))
      .rows[0].awaiting_tile;

  it(`joins them once its job has made its tile: a phone told of it finds its thumbnail made; the booth's own last \
photo shows at once`, async () => {
    const before = await counted();
    expect((await upload('na-fila.jpg')).statusCode).toBe(200);
    // Its job has not run (this server takes none): no gallery, no count, no event page lists it yet.
    expect(await gallery()).not.toContain('/media/festa_ana/pad/na-fila.jpg');
    expect(await counted()).toBe(before);
    expect(
      (await server.call({ method: 'GET', url: '/api/deviceLast/festa_ana/cam1' })).json<{ product: string[] }>()
        .product,
    ).toEqual(['/media/festa_ana/pad/na-fila.jpg']);

    const jobs = await worker();
    try {
      await server.jobsDone();
    } finally {
      await jobs.stop();
    }
    expect(await gallery()).toContain('/media/festa_ana/pad/na-fila.jpg');
    expect(await counted()).toBe(before + 1);
    expect(onDisk('thumbs/festa_ana/pad/na-fila.jpg.webp')).toBe(true);
  });

  it('joins them without a tile when its original never decodes', async () => {
    const ref = { eventName: 'festa_ana', mode: 'pad' as const, file: 'quebrada.jpg' };
    fs.mkdirSync(path.join(server.dataDir, 'media/festa_ana/pad'), { recursive: true });
    fs.writeFileSync(
      path.join(server.dataDir, 'media/festa_ana/pad/quebrada.jpg'),
      Buffer.from('not a photo, whatever its name says'),
    );
    await insertMedia(server.db, {
      ...ref,
      kind: 'image',
      width: 640,
      height: 480,
      hasThumb: false,
      deviceId: 'cam1',
      awaitingTile: true,
    });
    expect(await gallery()).not.toContain('/media/festa_ana/pad/quebrada.jpg');
    await mediaDerivativesJob(server.db, createMediaStorage(server.dataDir), () => undefined)(jobData(ref));
    expect(await awaiting('quebrada.jpg')).toBe(false);
    expect(await gallery()).toContain('/media/festa_ana/pad/quebrada.jpg');
  });

  it("joins them once the tile is made, even when the collect page's rendition must wait for a later run", async () => {
    const ref = { eventName: 'festa_ana', mode: 'pad' as const, file: 'so-o-tile.jpg' };
    await insertMedia(server.db, {
      ...ref,
      kind: 'image',
      width: 640,
      height: 480,
      hasThumb: false,
      deviceId: 'cam1',
      awaitingTile: true,
    });
    const real = createMediaStorage(server.dataDir);
    // The tile is made; the rendition runs out of time this run.
    const renditionLater: MediaStorage = {
      ...real,
      derive: async (_ref, onTile) => {
        await onTile?.({ hasThumb: true, width: 640, height: 480 });
        return { outcome: 'later' };
      },
    };
    await expect(mediaDerivativesJob(server.db, renditionLater, () => undefined)(jobData(ref))).rejects.toThrow(
      /again later/,
    );
    expect(await awaiting('so-o-tile.jpg')).toBe(false);
    expect(await gallery()).toContain('/media/festa_ana/pad/so-o-tile.jpg');
  });

  it(`joins them all the same, without a tile, once it has waited TILE_WAIT_SECONDS for its job (a queue fallen \
behind): the sweep lists it`, async () => {
    const old = { eventName: 'festa_ana', mode: 'pad' as const, file: 'esquecida.jpg' };
    const fresh = { eventName: 'festa_ana', mode: 'pad' as const, file: 'recente.jpg' };
    for (const ref of [old, fresh])
      await insertMedia(server.db, {
        ...ref,
        kind: 'image',
        width: 640,
        height: 480,
        hasThumb: false,
        deviceId: 'cam1',
        awaitingTile: true,
      });
    await server.db.query("UPDATE media SET created_at = now() - interval '2 minutes' WHERE file = 'esquecida.jpg'");
    expect(await listStaleAwaitingTile(server.db, 60)).toBe(1);
    // Nothing more to list: the sweep writes nothing.
    expect(await listStaleAwaitingTile(server.db, 60)).toBe(0);
    expect(await gallery()).toContain('/media/festa_ana/pad/esquecida.jpg');
    expect(await gallery()).not.toContain('/media/festa_ana/pad/recente.jpg');
  });

  it('joins them without a tile when its job has failed its every run (the queue gives up on it)', async () => {
    const ref = { eventName: 'festa_ana', mode: 'pad' as const, file: 'sem-sorte.jpg' };
    // A derivation that fails every run, with no run after the first, given up to the real queue of given-up
    // derivations.
    const queue = 'derivacao-que-falha';
    const jobs = await startJobQueue(
      server.db,
      {
        [MEDIA_DERIVATIVES_GIVEN_UP]: {
          settings: MEDIA_DERIVATIVES_GIVEN_UP_SETTINGS,
          handler: mediaDerivativesGivenUpJob(server.db, () => undefined),
        },
        [queue]: {
          settings: { ...MEDIA_DERIVATIVES_SETTINGS, retryLimit: 0 },
          handler: () => Promise.reject(new Error('a decode that always times out')),
        },
      },
      { workers: 1 },
    );
    try {
      await server.db.transaction(async (client) => {
        await insertMedia(client, {
          ...ref,
          kind: 'image',
          width: 640,
          height: 480,
          hasThumb: false,
          deviceId: 'cam1',
          awaitingTile: true,
        });
        await jobs.enqueue(client, queue, jobData(ref));
      });
      jobs.nudge(queue);
      expect(await gallery()).not.toContain('/media/festa_ana/pad/sem-sorte.jpg');
      await server.jobsDone();
    } finally {
      await jobs.stop();
    }
    expect(await awaiting('sem-sorte.jpg')).toBe(false);
    expect(await gallery()).toContain('/media/festa_ana/pad/sem-sorte.jpg');
  });
});

describe('a missing thumbnail asked of two servers at once', () => {
  let other: Database;
  beforeAll(() => {
    other = connectDatabase(String(server.config.databaseUrl), 2);
  });
  afterAll(() => other.close());

  /** Two servers' storages on one folder, counting the originals they read, the first read held until `release`. */
  async function twoServers(locks: [KeyLock, KeyLock]) {
    const { reads, release, objects: counting } = holdReads(server.dataDir);
    const [a, b] = locks.map((lock) => createMediaStorage(server.dataDir, {}, counting, lock));
    return { a, b, reads, release };
  }

  /** Waits for `check`: what the test waits for happens, or the test's own time runs out. */
  async function until(check: () => Promise<boolean>): Promise<void> {
    while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 10));
  }

  const lockWaiters = async () =>
    (
      await server.db.query<{ waiting: number }>(
        "SELECT count(*)::int AS waiting FROM pg_locks WHERE locktype = 'advisory' AND NOT granted",
      )
    ).rows[0].waiting;

  async function original(file: string) {
    fs.mkdirSync(path.join(server.dataDir, 'media/festa_ana/pad'), { recursive: true });
    fs.writeFileSync(path.join(server.dataDir, 'media/festa_ana/pad', file), await jpeg(800, 600));
    return { eventName: 'festa_ana', mode: 'pad' as const, file };
  }

  it('is made once: the second waits for the first and finds it made', async () => {
    const ref = await original('dois-pedidos.jpg');
    const { a, b, reads, release } = await twoServers([advisoryKeyLock(server.db), advisoryKeyLock(other)]);
    const answers = Promise.all([a.ensure(ref, 'thumb'), b.ensure(ref, 'thumb')]);
    // One reads the original (held), the other waits for the file's lock in PostgreSQL.
    await until(async () => reads.length === 1 && (await lockWaiters()) === 1);
    release();
    expect(await answers).toEqual([true, true]);
    expect(reads).toEqual(['media/festa_ana/pad/dois-pedidos.jpg']);
  });

  it(`is there for a gallery while the job still makes the rendition: the tile does not wait for the collect page's \
photo`, async () => {
    const ref = await original('tile-primeiro.jpg');
    const disk = diskObjectStore(server.dataDir);
    const reads: string[] = [];
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The job's second read of the original (the rendition's) is held.
    const holdingSecond: ObjectStore = {
      ...disk,
      async get(key, range) {
        if (key.startsWith('media/')) {
          reads.push(key);
          if (reads.length === 2) await held;
        }
        return disk.get(key, range);
      },
    };
    const job = createMediaStorage(server.dataDir, {}, holdingSecond, advisoryKeyLock(server.db)).derive(ref);
    await until(async () => reads.length === 2);
    expect(onDisk('thumbs/festa_ana/pad/tile-primeiro.jpg.webp')).toBe(true);
    expect(onDisk('display/festa_ana/pad/tile-primeiro.jpg.webp')).toBe(false);
    // Another server's request for the tile finds it, without waiting for the file's lock.
    expect(await createMediaStorage(server.dataDir, {}, disk, advisoryKeyLock(other)).ensure(ref, 'thumb')).toBe(true);
    release();
    expect(await job).toMatchObject({ outcome: 'made', hasThumb: true, hasDisplay: true });
    expect(onDisk('display/festa_ana/pad/tile-primeiro.jpg.webp')).toBe(true);
  });

  it('is made twice without the lock (what the lock is for)', async () => {
    const ref = await original('sem-trava.jpg');
    const { a, b, reads, release } = await twoServers([noKeyLock, noKeyLock]);
    const answers = Promise.all([a.ensure(ref, 'thumb'), b.ensure(ref, 'thumb')]);
    await until(async () => reads.length === 2);
    release();
    expect(await answers).toEqual([true, true]);
    expect(reads).toHaveLength(2);
  });
});

describe('a derivation whose original cannot be had', () => {
  const ref = { eventName: 'festa_ana', mode: 'pad' as const, file: 'instavel.jpg' };

  it('is tried again later when the store fails to answer, never taken for a deleted file', async () => {
    fs.mkdirSync(path.join(server.dataDir, 'media/festa_ana/pad'), { recursive: true });
    fs.writeFileSync(path.join(server.dataDir, 'media/festa_ana/pad/instavel.jpg'), await jpeg(320, 240));
    const disk = diskObjectStore(server.dataDir);
    const failing: ObjectStore = {
      ...disk,
      get: (key, range) => (key.startsWith('media/') ? Promise.reject(new Error('ECONNRESET')) : disk.get(key, range)),
    };
    expect(await createMediaStorage(server.dataDir, {}, failing).derive(ref)).toEqual({ outcome: 'later' });
    // The job's run fails (and the queue runs it again) instead of finishing as if there were nothing to make.
    await expect(
      mediaDerivativesJob(server.db, createMediaStorage(server.dataDir, {}, failing), () => undefined)(jobData(ref)),
    ).rejects.toThrow(/again later/);
    expect(await createMediaStorage(server.dataDir).derive(ref)).toMatchObject({
      outcome: 'made',
      hasThumb: true,
      hasDisplay: true,
    });
  });

  it('is not attempted for a name no file has: no read, no place in the line', async () => {
    const disk = diskObjectStore(server.dataDir);
    const reads: string[] = [];
    const counting: ObjectStore = {
      ...disk,
      get(key, range) {
        reads.push(key);
        return disk.get(key, range);
      },
    };
    const storage = createMediaStorage(server.dataDir, {}, counting);
    expect(await storage.ensure({ eventName: 'festa_ana', mode: 'pad', file: 'inventada.jpg' }, 'thumb')).toBe(false);
    expect(reads).toEqual([]);
    expect((await server.call({ method: 'GET', url: '/thumbs/festa_ana/pad/inventada.jpg.webp' })).statusCode).toBe(
      404,
    );
  });
});
