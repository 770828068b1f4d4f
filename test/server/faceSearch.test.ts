import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { forgetSelfie, hideFace, purgeExpiredSelfies, saveSelfie, searchFaces, selfieOf, unhideFace } from '../../server/src/domain/faceSearch';
import { createFaceEngine, type FaceEngine } from '../../server/src/faces/faceEngine';
import type { FoundFace } from '../../server/src/faces/faceModel';
import { DEVICE_KEYS, loadBasicSeed } from './support/fixtures';
import { newTeamMember, startTestServer, type TestServer } from './support/testServer';

/**
 * The search of 'Encontre minhas fotos' (issue 28), on the group photos shipped in
 * @vladmandic/face-api's package, indexed as booth photos of an event with face search on: a
 * selfie made of one face finds the photo it is in and no other; a selfie is kept as a descriptor
 * for a day at most; a guest who asked not to be found is left out of others' results.
 */
const DEMO = path.join(path.dirname(require.resolve('@vladmandic/face-api/package.json')), 'demo');
const photoBytes = (n: number) => fs.readFileSync(path.join(DEMO, `sample${n}.jpg`));
const camera = { 'x-device-id': 'cam1', 'x-device-key': DEVICE_KEYS.camera, 'content-type': 'image/jpeg' };

let server: TestServer;
let engine: FaceEngine;
const urls: Record<number, string> = {};
const facesOf: Record<number, FoundFace[]> = {};

/** A selfie of one face of a sample: cropped with a margin as a phone frames it, 640 px wide, recompressed; its descriptor. */
async function selfie(sample: number, face: number): Promise<Float32Array> {
  const bytes = photoBytes(sample);
  const { width = 0, height = 0 } = await sharp(bytes).metadata();
  const [x, y, w, h] = facesOf[sample][face].box;
  const left = Math.max(0, Math.round((x - w) * width));
  const top = Math.max(0, Math.round((y - h) * height));
  const right = Math.min(width, Math.round((x + 2 * w) * width));
  const bottom = Math.min(height, Math.round((y + 2 * h) * height));
  const crop = await sharp(bytes)
    .extract({ left, top, width: right - left, height: bottom - top })
    .resize({ width: 640 })
    .jpeg({ quality: 70 })
    .toBuffer();
  const [found] = await engine.findFaces(crop);
  if (!found) throw new Error(`no face found in the selfie of face ${face} of sample ${sample}`);
  return found.descriptor;
}

beforeAll(async () => {
  server = await startTestServer();
  await loadBasicSeed(server);
  engine = createFaceEngine();
  const team = await newTeamMember();
  expect((await server.call({ method: 'PUT', url: '/api/events/festa_ana/rostos', token: team.token, payload: { enabled: true } })).statusCode).toBe(200);
  for (const n of [4, 5]) {
    const sent = await server.call({ method: 'POST', url: `/api/device/media?file=grupo-${n}.jpg`, headers: camera, payload: photoBytes(n) });
    urls[n] = sent.json<{ url: string }>().url;
    facesOf[n] = await engine.findFaces(photoBytes(n));
  }
  await server.jobsDone();
});

afterAll(async () => {
  await engine.close();
  await server.close();
});

it('finds the photo a face is in, and no photo without it', async () => {
  for (const [sample, other] of [
    [4, 5],
    [5, 4],
  ]) {
    const found = await searchFaces(server.db, await selfie(sample, 0), ['festa_ana']);
    expect(found.map((photo) => photo.url)).toContain(urls[sample]);
    expect(found.map((photo) => photo.url)).not.toContain(urls[other]);
    expect(found[0]).toMatchObject({ url: urls[sample], event: 'festa_ana' });
  }
});

it('searches only the events it is given, with face search on', async () => {
  const descriptor = await selfie(4, 1);
  expect(await searchFaces(server.db, descriptor, [])).toEqual([]);
  expect(await searchFaces(server.db, descriptor, ['outra'])).toEqual([]);
  await server.db.query("UPDATE events SET face_search = false WHERE name = 'festa_ana'");
  try {
    expect(await searchFaces(server.db, descriptor, ['festa_ana'])).toEqual([]);
  } finally {
    await server.db.query("UPDATE events SET face_search = true WHERE name = 'festa_ana'");
  }
});

it("leaves out of others' results a photo with the face of a guest who asked not to be found, but not out of their own", async () => {
  // Guest B (face 1 of sample 4) asks not to be found; guest A (face 0) is in the same photo.
  await hideFace(server.db, 'agenteescondido01', await selfie(4, 1));
  try {
    expect((await searchFaces(server.db, await selfie(4, 0), ['festa_ana'])).map((photo) => photo.url)).not.toContain(urls[4]);
    // Someone else with a crop of B's face finds nothing of B; B, from B's own agent, finds B's photo.
    expect((await searchFaces(server.db, await selfie(4, 1), ['festa_ana'], 'agenteintruso001')).map((photo) => photo.url)).not.toContain(urls[4]);
    expect((await searchFaces(server.db, await selfie(4, 1), ['festa_ana'], 'agenteescondido01')).map((photo) => photo.url)).toContain(urls[4]);
  } finally {
    expect(await unhideFace(server.db, 'agenteescondido01')).toBe(true);
  }
  expect((await searchFaces(server.db, await selfie(4, 0), ['festa_ana'])).map((photo) => photo.url)).toContain(urls[4]);
});

it('keeps a selfie as its descriptor for a day at most, and deletes it at once when asked', async () => {
  const descriptor = await selfie(5, 2);
  await saveSelfie(server.db, 'agenteselfie0001', descriptor);
  expect(Array.from((await selfieOf(server.db, 'agenteselfie0001')) ?? [])).toEqual(Array.from(descriptor));
  const { rows } = await server.db.query<{ hours: number }>(
    "SELECT extract(epoch FROM expires_at - created_at)::int / 3600 AS hours FROM face_selfies WHERE agent = 'agenteselfie0001'",
  );
  expect(rows[0].hours).toBe(24);
  // A day later it is no longer read, and the sweep deletes it.
  expect(await purgeExpiredSelfies(server.db, new Date(Date.now() + 25 * 3600_000))).toBe(1);
  expect(await selfieOf(server.db, 'agenteselfie0001')).toBeNull();

  await saveSelfie(server.db, 'agenteselfie0001', descriptor);
  expect(await forgetSelfie(server.db, 'agenteselfie0001')).toBe(true);
  expect(await selfieOf(server.db, 'agenteselfie0001')).toBeNull();
  expect(await forgetSelfie(server.db, 'agenteselfie0001')).toBe(false);

  // 'Apagar minhas fotos' on the face screen (DELETE /api/faces/{agent}) deletes it too.
  await saveSelfie(server.db, 'agenteselfie0001', descriptor);
  expect((await server.call({ method: 'DELETE', url: '/api/faces/agenteselfie0001' })).statusCode).toBe(200);
  expect(await selfieOf(server.db, 'agenteselfie0001')).toBeNull();
});

describe('POST /api/uploadFace/{agent}: the selfie search', () => {
  let address = 0;
  /** A selfie of a face of a sample, as the face screen sends it (a data URL), from a vouched agent. */
  async function send(agent: string, sample: number, face: number, body: Record<string, unknown> = {}) {
    address += 1;
    const bytes = photoBytes(sample);
    const { width = 0, height = 0 } = await sharp(bytes).metadata();
    const [x, y, w, h] = facesOf[sample][face].box;
    const left = Math.max(0, Math.round((x - w) * width));
    const top = Math.max(0, Math.round((y - h) * height));
    const crop = await sharp(bytes)
      .extract({ left, top, width: Math.min(width, Math.round((x + 2 * w) * width)) - left, height: Math.min(height, Math.round((y + 2 * h) * height)) - top })
      .resize({ width: 640 })
      .jpeg({ quality: 80 })
      .toBuffer();
    return server.call({
      method: 'POST',
      url: `/api/uploadFace/${agent}`,
      payload: { poligram: `data:image/jpeg;base64,${crop.toString('base64')}`, ...body },
      remoteAddress: `10.28.0.${address}`,
      headers: { cookie: `agent=${agent}` },
    });
  }

  it('finds the photos of the face in the events asked that have face search on, keeps the descriptor, never the image', async () => {
    const facesBefore = (await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM faces')).rows[0].n;
    const response = await send('agentebusca00001', 5, 0, { eventos: ['festa_ana', 'outra', 'nao_existe'] });
    expect(response.statusCode).toBe(200);
    const reply = response.json<{ found: { url: string; event: string }[]; searched: string[]; unavailable: string[]; hidden: boolean }>();
    expect(reply.found[0]).toEqual({ url: urls[5], event: 'festa_ana' });
    expect(reply.found.map((photo) => photo.url)).not.toContain(urls[4]);
    expect(reply.searched).toEqual(['festa_ana']);
    expect(reply.unavailable).toEqual(['outra', 'nao_existe']);
    expect(await selfieOf(server.db, 'agentebusca00001')).not.toBeNull();
    expect((await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM faces')).rows[0].n).toBe(facesBefore);
  });

  it('says kindly when the photo has no face, and keeps nothing', async () => {
    address += 1;
    const wall = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#7c3aed' } })
      .jpeg()
      .toBuffer();
    const response = await server.call({
      method: 'POST',
      url: '/api/uploadFace/agentesemrosto01',
      payload: { poligram: `data:image/jpeg;base64,${wall.toString('base64')}`, eventos: ['festa_ana'] },
      remoteAddress: `10.28.1.${address}`,
      headers: { cookie: 'agent=agentesemrosto01' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json<{ message: string }>().message).toContain('Não encontramos um rosto na foto');
    expect(await selfieOf(server.db, 'agentesemrosto01')).toBeNull();
  });

  it("'Não me mostre' hides the face from others and searches nothing", async () => {
    const hidden = await send('agenteoculto0001', 4, 1, { eventos: ['festa_ana'], naoMeMostre: true });
    expect(hidden.json()).toEqual({ found: [], searched: [], unavailable: [], hidden: true });
    try {
      const other = await send('agenteoutro00001', 4, 0, { eventos: ['festa_ana'] });
      expect(other.json<{ found: { url: string }[] }>().found.map((photo) => photo.url)).not.toContain(urls[4]);
    } finally {
      await unhideFace(server.db, 'agenteoculto0001');
    }
  });
});
