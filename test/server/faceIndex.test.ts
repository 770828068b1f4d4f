import fs from 'node:fs';
import path from 'node:path';
import type { FaceSearchStatusReply } from '../../contract/wire';
import { parseMediaPath } from '../../contract/mediaPath';
import { configuredMediaStorage, mediaKey } from '../../server/src/storage/mediaStorage';
import { DEVICE_KEYS, loadBasicSeed } from './support/fixtures';
import { newTeamMember, newUser, startTestServer, type TestServer, type TestUser } from './support/testServer';

/**
 * Faces indexed as photos arrive (issue 28): off by default; turned on by the event's owner or the
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
  const sent = await server.call({ method: 'POST', url: `/api/device/media?file=${file}`, headers: camera, payload: bytes });
  expect(sent.statusCode).toBe(200);
  return sent.json<{ url: string }>().url;
}
const groupPhoto = (n: number) => fs.readFileSync(path.join(DEMO, `sample${n}.jpg`));
const status = async (bname = 'festa_ana', token = team.token) => {
  const response = await server.call({ method: 'GET', url: `/api/events/${bname}/rostos`, token });
  return { code: response.statusCode, body: response.json<FaceSearchStatusReply>() };
};
const turn = (enabled: boolean, bname = 'festa_ana', token = team.token) =>
  server.call({ method: 'PUT', url: `/api/events/${bname}/rostos`, token, payload: { enabled } });
const kept = async () =>
  (
    await server.db.query<{ photos: number; faces: number }>(
      "SELECT (SELECT count(*)::int FROM face_photos WHERE event_name = 'festa_ana') AS photos, (SELECT count(*)::int FROM face_descriptors WHERE event_name = 'festa_ana') AS faces",
    )
  ).rows[0];

it('is off by default: a photo uploaded then is not indexed', async () => {
  expect((await status()).body).toEqual({ enabled: false, indexed: 0, waiting: 0, faces: 0 });
  await upload('grupo-antes.jpg', groupPhoto(1));
  await server.jobsDone();
  expect(await kept()).toEqual({ photos: 0, faces: 0 });
});

it("turned on, indexes the event's booth photos already there and each one uploaded after, keeping boxes and descriptors only", async () => {
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
    `SELECT d.box, octet_length(d.descriptor) AS bytes FROM face_descriptors d JOIN media m ON m.id = d.media_id WHERE m.file = 'grupo-depois.jpg'`,
  );
  expect(rows.length).toBeGreaterThanOrEqual(4);
  for (const row of rows) {
    expect(row.bytes).toBe(512);
    expect(row.box).toHaveLength(4);
  }
  expect((await kept()).faces).toBe(second.faces);
});

it('leaves out for good a photo the model cannot read, and goes on with the others', async () => {
  const url = await upload('grupo-estragado.jpg', groupPhoto(3));
  await server.jobsDone();
  // Its bytes ruined in the store, and the photo to be indexed again.
  await server.db.query("UPDATE face_photos SET status = 'waiting' WHERE media_id = (SELECT id FROM media WHERE file = 'grupo-estragado.jpg')");
  const ref = parseMediaPath(url);
  if (!ref) throw new Error(url);
  await configuredMediaStorage(server.config).objects.put(mediaKey(ref), Buffer.from('não é uma foto'), { contentType: 'image/jpeg' });
  await server.call({ method: 'PUT', url: '/api/events/festa_ana/rostos', token: team.token, payload: { enabled: true } });
  await server.jobsDone();
  const { rows } = await server.db.query<{ status: string; faces: number }>(
    "SELECT status, faces FROM face_photos WHERE media_id = (SELECT id FROM media WHERE file = 'grupo-estragado.jpg')",
  );
  expect(rows).toEqual([{ status: 'unreadable', faces: 0 }]);
  // The faces found in it before are gone with it.
  expect((await server.db.query("SELECT 1 FROM face_descriptors d JOIN media m ON m.id = d.media_id WHERE m.file = 'grupo-estragado.jpg'")).rowCount).toBe(0);
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
  expect((await server.call({ method: 'PUT', url: '/api/events/festa_ana/rostos', token: team.token, payload: { enabled: 'sim' } })).statusCode).toBe(400);
  expect((await status()).body.enabled).toBe(false);
});
