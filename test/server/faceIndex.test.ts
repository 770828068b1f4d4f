import fs from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import sharp from 'sharp';
import type { FaceSearchStatusReply } from '../../contract/wire';
import { parseMediaPath } from '../../contract/mediaPath';
import type { Queryable } from '../../server/src/platform/db/database';
import type { EnqueueOptions, JobData } from '../../server/src/platform/db/jobQueue';
import {
  claimPhotoToIndex,
  eventsLeftWaiting,
  MAX_INDEX_ATTEMPTS,
  photoJoinsFaceIndex,
  setFaceSearch,
} from '../../server/src/modules/faces/faceIndexRows';
import { PhotoFailed, type FaceEngine } from '../../server/src/modules/faces/model/faceEngine';
import type { FoundFace } from '../../server/src/modules/faces/model/faceModel';
import {
  faceIndexJob,
  scheduleFaceIndexSweep,
  type FaceIndexQueue,
} from '../../server/src/modules/faces/jobs/faceIndexJob';
import { configuredMediaStorage, mediaKey } from '../../server/src/modules/media/storage/mediaStorage';
import { DEVICE_KEYS, loadBasicSeed } from './support/fixtures';
import { newTeamMember, newUser, startTestServer, type TestServer, type TestUser } from './support/testServer';
import { DEVICE_PATHS } from '../../contract/devicePaths';

/**
 * Faces indexed as photos arrive: off by default; turned on by the event's owner or the
 * team, every booth photo of the event is indexed by a job (its faces' boxes and descriptors, and
 * nothing else), those already there and those to come; turned off, every face kept is deleted.
 * On the group photos shipped in @vladmandic/face-api's package.
 */
let server: TestServer;
let team: TestUser;

const DEMO = path.join(path.dirname(require.resolve('@vladmandic/face-api/package.json')), 'demo');
const camera = { 'x-device-id': 'cam1', 'x-device-key': DEVICE_KEYS.camera, 'content-type': 'image/jpeg' };

beforeAll(async () => {
  server = await startTestServer();
  await loadBasicSeed(server);
  team = await newTeamMember();
});

afterAll(() => server.close());

async function upload(file: string, bytes: Buffer): Promise<string> {
  const sent = await server.call({
    method: 'POST',
    url: `${DEVICE_PATHS.media}?file=${file}`,
    headers: camera,
    payload: bytes,
  });
  expect(sent.statusCode).toBe(200);
  return sent.json<{ url: string }>().url;
}
const groupPhoto = (n: number) => fs.readFileSync(path.join(DEMO, `sample${n}.jpg`));
const status = async (eventName = 'festa_ana', token = team.token) => {
  const response = await server.call({ method: 'GET', url: `/api/events/${eventName}/rostos`, token });
  return { code: response.statusCode, body: response.json<FaceSearchStatusReply>() };
};
const turn = (enabled: boolean, eventName = 'festa_ana', token = team.token) =>
  server.call({ method: 'PUT', url: `/api/events/${eventName}/rostos`, token, payload: { enabled } });
const kept = async () =>
  (
    await server.db.query<{ photos: number; faces: number }>(
      "SELECT (SELECT count(*)::int FROM face_photos WHERE event_name = 'festa_ana') AS photos, (SELECT " +
        "count(*)::int FROM face_descriptors WHERE event_name = 'festa_ana') AS faces",
    )
  ).rows[0];

it('is off by default: a photo uploaded then is not indexed', async () => {
  expect((await status()).body).toEqual({ enabled: false, indexed: 0, waiting: 0, faces: 0 });
  await upload('grupo-antes.jpg', groupPhoto(1));
  await server.jobsDone();
  expect(await kept()).toEqual({ photos: 0, faces: 0 });
});

it(`turned on, indexes the event's booth photos already there and each one uploaded after, keeping boxes and \
descriptors only`, async () => {
  const { rows: photos } = await server.db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM media WHERE event_name = 'festa_ana' AND role = 'booth' AND kind = 'image'",
  );
  const on = await turn(true);
  expect(on.statusCode).toBe(200);
  expect(on.json<FaceSearchStatusReply>()).toMatchObject({ enabled: true, waiting: photos[0].n });
  await server.jobsDone();
  const first = (await status()).body;
  expect(first).toMatchObject({ enabled: true, indexed: photos[0].n, waiting: 0 });
  // The group photo uploaded while it was off has its three faces; the seed's plain pictures none.
  expect(first.faces).toBeGreaterThanOrEqual(3);

  await upload('grupo-depois.jpg', groupPhoto(5));
  await server.jobsDone();
  const second = (await status()).body;
  expect(second.indexed).toBe(first.indexed + 1);
  expect(second.faces).toBeGreaterThanOrEqual(first.faces + 4);
  const { rows } = await server.db.query<{ box: number[]; bytes: number; columns: string[] }>(
    `SELECT d.box, octet_length(d.descriptor) AS bytes FROM face_descriptors d JOIN media m ON m.id = ` +
      `d.media_id WHERE m.file = 'grupo-depois.jpg'`,
  );
  expect(rows.length).toBeGreaterThanOrEqual(4);
  for (const row of rows) {
    expect(row.bytes).toBe(512);
    expect(row.box).toHaveLength(4);
  }
  expect((await kept()).faces).toBe(second.faces);
});

it('indexes again a photo sent again under its name: the faces of its old bytes go', async () => {
  const faces = () =>
    server.db.query<{ status: string; faces: number; descriptors: number }>(
      `SELECT f.status, f.faces, (SELECT count(*)::int FROM face_descriptors d WHERE d.media_id = f.media_id) AS
        descriptors
         FROM face_photos f JOIN media m ON m.id = f.media_id WHERE m.file = 'grupo-depois.jpg'`,
    );
  expect((await faces()).rows[0].faces).toBeGreaterThanOrEqual(4);
  const empty = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#0ea5e9' } })
    .jpeg()
    .toBuffer();
  await upload('grupo-depois.jpg', empty);
  await server.jobsDone();
  expect((await faces()).rows).toEqual([{ status: 'indexed', faces: 0, descriptors: 0 }]);
});

it('leaves out for good a photo the model cannot read, and goes on with the others', async () => {
  const url = await upload('grupo-estragado.jpg', groupPhoto(3));
  await server.jobsDone();
  // Its bytes ruined in the store, and the photo to be indexed again.
  await server.db.query(
    "UPDATE face_photos SET status = 'waiting' WHERE media_id = (SELECT id FROM media WHERE file = " +
      "'grupo-estragado.jpg')",
  );
  const ref = parseMediaPath(url);
  if (!ref) throw new Error(url);
  await configuredMediaStorage(server.config).objects.put(mediaKey(ref), Buffer.from('não é uma foto'), {
    contentType: 'image/jpeg',
  });
  await server.call({
    method: 'PUT',
    url: '/api/events/festa_ana/rostos',
    token: team.token,
    payload: { enabled: true },
  });
  await server.jobsDone();
  const { rows } = await server.db.query<{ status: string; faces: number }>(
    "SELECT status, faces FROM face_photos WHERE media_id = (SELECT id FROM media WHERE file = 'grupo-estragado.jpg')",
  );
  expect(rows).toEqual([{ status: 'unreadable', faces: 0 }]);
  // The faces found in it before are gone with it.
  expect(
    (
      await server.db.query(
        "SELECT 1 FROM face_descriptors d JOIN media m ON m.id = d.media_id WHERE m.file = 'grupo-estragado.jpg'",
      )
    ).rowCount,
  ).toBe(0);
  expect((await status()).body.waiting).toBe(0);
});

it('turned off, deletes every face kept of the event at once', async () => {
  expect((await kept()).faces).toBeGreaterThan(0);
  const off = await turn(false);
  expect(off.json<FaceSearchStatusReply>()).toEqual({ enabled: false, indexed: 0, waiting: 0, faces: 0 });
  expect(await kept()).toEqual({ photos: 0, faces: 0 });
  await upload('grupo-desligado.jpg', groupPhoto(2));
  await server.jobsDone();
  expect(await kept()).toEqual({ photos: 0, faces: 0 });
});

it("is the event's owner's and the team's to see and to turn", async () => {
  const stranger = await newUser('curiosa-rostos');
  expect((await status('festa_ana', stranger.token)).code).toBe(403);
  expect((await turn(true, 'festa_ana', stranger.token)).statusCode).toBe(403);
  expect(
    (
      await server.call({
        method: 'PUT',
        url: '/api/events/festa_ana/rostos',
        token: team.token,
        payload: { enabled: 'sim' },
      })
    ).statusCode,
  ).toBe(400);
  expect((await status()).body.enabled).toBe(false);
});

/**
 * The job and the index at their edges, on the event 'outra' (face search turned on here, its
 * rows written directly: no job of the app's queue takes them), with a stand-in engine and queue.
 */
describe('the index job', () => {
  const objects = () => configuredMediaStorage(server.config).objects;
  let serial = 0;

  /** A booth photo of 'outra' waiting to be indexed (its bytes: its name); its media id. */
  async function waitingPhoto(
    extra: { status?: string; claimedBy?: string; claimedMinutesAgo?: number } = {},
  ): Promise<number> {
    serial += 1;
    const file = `rosto-${serial}.jpg`;
    await objects().put(mediaKey({ eventName: 'outra', mode: 'pad', file }), Buffer.from(file), {
      contentType: 'image/jpeg',
    });
    const { rows } = await server.db.query<{ id: number }>(
      "INSERT INTO media (event_name, mode, file, kind) VALUES ('outra', 'pad', $1, 'image') RETURNING id",
      [file],
    );
    await server.db.query(
      `INSERT INTO face_photos (media_id, event_name, status, claimed_by, claimed_at)
       VALUES ($1, 'outra', $2, $3, now() - make_interval(mins => $4))`,
      [rows[0].id, extra.status ?? 'waiting', extra.claimedBy ?? null, extra.claimedMinutesAgo ?? 0],
    );
    return rows[0].id;
  }

  const row = async (mediaId: number) =>
    (
      await server.db.query<{ status: string; attempts: number }>(
        'SELECT status, attempts FROM face_photos WHERE media_id = $1',
        [mediaId],
      )
    ).rows[0];

  /** An engine that answers by the photo's bytes (its file's name). */
  const engine = (find: (file: string) => Promise<FoundFace[]>, closed = () => false): FaceEngine => ({
    findFaces: (bytes) => find(bytes.toString()),
    get closed() {
      return closed();
    },
    close: async () => undefined,
  });

  /** A queue that keeps what is queued. */
  function queue(stopping = () => false): FaceIndexQueue & { queued: { data: JobData; options?: EnqueueOptions }[] } {
    const queued: { data: JobData; options?: EnqueueOptions }[] = [];
    return {
      queued,
      enqueue: async (_client: Queryable, _name: string, data: JobData, options?: EnqueueOptions) => {
        queued.push({ data, options });
      },
      nudge: () => undefined,
      stopping,
    };
  }

  const run = (find: FaceEngine, jobs = queue()) => faceIndexJob(server.db, objects(), find, jobs)({ event: 'outra' });

  beforeEach(async () => {
    await server.db.query("UPDATE events SET face_search = true WHERE name = 'outra'");
    await server.db.query("DELETE FROM face_photos WHERE event_name = 'outra'");
  });

  it(`leaves out a photo the model failed on ${MAX_INDEX_ATTEMPTS} times, and goes on with the event's \
others`, async () => {
    const crashing = await waitingPhoto();
    const next = await waitingPhoto();
    const crashOn = `rosto-${serial - 1}.jpg`;
    const find = engine(async (file) => {
      if (file === crashOn) throw new PhotoFailed('the face worker stopped (1)');
      return [];
    });
    for (let attempt = 1; attempt <= MAX_INDEX_ATTEMPTS; attempt += 1) {
      await expect(run(find)).rejects.toBeInstanceOf(PhotoFailed);
      expect(await row(crashing)).toEqual({ status: 'waiting', attempts: attempt });
      expect((await row(next)).status).toBe('waiting');
    }
    await run(find);
    expect(await row(crashing)).toEqual({ status: 'unreadable', attempts: MAX_INDEX_ATTEMPTS });
    expect((await row(next)).status).toBe('indexed');
  });

  it('never holds against a photo a failure that is not its own (the model not loading)', async () => {
    const photo = await waitingPhoto();
    const unavailable = engine(() => Promise.reject(new Error('the face model is unavailable: sem memória')));
    for (let attempt = 1; attempt <= MAX_INDEX_ATTEMPTS + 2; attempt += 1)
      await expect(run(unavailable)).rejects.toThrow('unavailable');
    expect(await row(photo)).toEqual({ status: 'waiting', attempts: 0 });
    await run(engine(async () => []));
    expect((await row(photo)).status).toBe('indexed');
  });

  it('comes back for a photo another server claimed once that claim expires, and takes it then', async () => {
    const stranded = await waitingPhoto({ status: 'indexing', claimedBy: 'servidor-morto', claimedMinutesAgo: 4 });
    const jobs = queue();
    await run(
      engine(async () => []),
      jobs,
    );
    expect(jobs.queued).toHaveLength(1);
    expect(jobs.queued[0].data).toEqual({ event: 'outra' });
    // The claim expires a minute from now: the job is not taken before.
    const after = jobs.queued[0].options?.startAfterSeconds ?? 0;
    expect(after).toBeGreaterThanOrEqual(55);
    expect(after).toBeLessThanOrEqual(62);
    expect((await row(stranded)).status).toBe('indexing');

    await server.db.query("UPDATE face_photos SET claimed_at = now() - interval '6 minutes' WHERE media_id = $1", [
      stranded,
    ]);
    const later = queue();
    await run(
      engine(async () => []),
      later,
    );
    expect((await row(stranded)).status).toBe('indexed');
    expect(later.queued).toEqual([]);
  });

  it('claims no photo of an event whose face search is off', async () => {
    await waitingPhoto();
    await server.db.query("UPDATE events SET face_search = false WHERE name = 'outra'");
    expect(await claimPhotoToIndex(server.db, 'outra', 'este-servidor')).toBeNull();
  });

  it('stops between photos when the queue stops, leaving the rest to another job', async () => {
    const first = await waitingPhoto();
    const second = await waitingPhoto();
    let stopping = false;
    const jobs = queue(() => stopping);
    await run(
      engine(async () => {
        stopping = true;
        return [];
      }),
      jobs,
    );
    expect((await row(first)).status).toBe('indexed');
    expect(await row(second)).toEqual({ status: 'waiting', attempts: 0 });
    expect(jobs.queued.map((job) => job.data)).toEqual([{ event: 'outra' }]);

    // Nor is any photo claimed with the engine closed: the run fails, to be tried again later.
    await expect(
      run(
        engine(
          async () => [],
          () => true,
        ),
      ),
    ).rejects.toThrow('closed');
    expect(await row(second)).toEqual({ status: 'waiting', attempts: 0 });
  });

  it('the sweep queues a job for the events whose photos wait with nobody on them', async () => {
    await waitingPhoto();
    await waitingPhoto({ status: 'indexing', claimedBy: 'servidor-morto', claimedMinutesAgo: 10 });
    expect(await eventsLeftWaiting(server.db)).toContain('outra');
    const jobs = queue();
    const app = Fastify();
    scheduleFaceIndexSweep(app, server.db, jobs);
    await app.ready();
    await app.close();
    expect(jobs.queued.map((job) => job.data)).toContainEqual({ event: 'outra' });

    // Being indexed (a claim held), or with face search off: left alone.
    const held = await waitingPhoto({ status: 'indexing', claimedBy: 'servidor-vivo', claimedMinutesAgo: 1 });
    expect(await eventsLeftWaiting(server.db)).not.toContain('outra');
    await server.db.query('DELETE FROM face_photos WHERE media_id = $1', [held]);
    await server.db.query("UPDATE events SET face_search = false WHERE name = 'outra'");
    expect(await eventsLeftWaiting(server.db)).not.toContain('outra');
  });

  it('a switch turned off while a photo joins waits for it, and deletes its row too', async () => {
    await server.db.query(
      "INSERT INTO media (event_name, mode, file, kind) VALUES ('outra', 'pad', 'corrida.jpg', 'image')",
    );
    const ref = { eventName: 'outra', mode: 'pad' as const, file: 'corrida.jpg' };
    const client = await server.db.pool.connect();
    try {
      await client.query('BEGIN');
      expect(await photoJoinsFaceIndex(client, ref, async () => undefined)).toBe(true);
      let turnedOff = false;
      const off = setFaceSearch(server.db, 'outra', false, async () => undefined).then(() => {
        turnedOff = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(turnedOff).toBe(false);
      await client.query('COMMIT');
      await off;
    } finally {
      client.release();
    }
    expect((await server.db.query("SELECT 1 FROM face_photos WHERE event_name = 'outra'")).rowCount).toBe(0);
  });
});
