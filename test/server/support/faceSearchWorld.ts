import type { FaceEngine } from '../../../server/src/modules/faces/model/faceEngine';
import type { FoundFace } from '../../../server/src/modules/faces/model/faceModel';
import { dataUrl, demoPhoto, faceCrop } from '../../support/faceSelfies';
import { DEVICE_KEYS, loadBasicSeed } from './fixtures';
import { recordedFaceEngine } from './recordedFaces';
import { newTeamMember, startTestServer, type TestServer } from './testServer';
import { DEVICE_PATHS } from '../../../contract/devicePaths';

/**
 * The world of the face search's test files (faceSearch, faceHiding, faceCollect): the group photos shipped in
 * @vladmandic/face-api's package, indexed as booth photos of festa_ana with face search on. `server`, `engine` and
 * `team` are live bindings, set by the hooks `withFaceSearchWorld` registers (each test file has its own copy of
 * this module, so its own server).
 */
const camera = { 'x-device-id': 'cam1', 'x-device-key': DEVICE_KEYS.camera, 'content-type': 'image/jpeg' };

export let server: TestServer;
export let engine: FaceEngine;
export let team: Awaited<ReturnType<typeof newTeamMember>>;
export const urls: Record<number, string> = {};
export const facesOf: Record<number, FoundFace[]> = {};

/** A selfie of one face of a sample, as a phone frames it; its descriptor. */
export async function selfie(sample: number, face: number): Promise<Float32Array> {
  const [found] = await engine.findFaces(await faceCrop(demoPhoto(sample), facesOf[sample][face].box, { quality: 70 }));
  if (!found) throw new Error(`no face found in the selfie of face ${face} of sample ${sample}`);
  return found.descriptor;
}

/** Sends demo photo `sample` as a booth photo of festa_ana; answers its URL once indexed. */
export async function boothPhoto(sample: number, file: string): Promise<string> {
  const sent = await server.call({
    method: 'POST',
    url: `${DEVICE_PATHS.media}?file=${file}`,
    headers: camera,
    payload: demoPhoto(sample),
  });
  expect(sent.statusCode).toBe(200);
  await server.jobsDone();
  return sent.json<{ url: string }>().url;
}

/** Starts the file's server with samples 4 and 5 indexed at festa_ana before its tests, and stops it after them. */
export function withFaceSearchWorld(): void {
  beforeAll(async () => {
    // The real model, each photo's faces found once in the run (recordedFaces.ts).
    server = await startTestServer({}, { faceEngine: recordedFaceEngine });
    await loadBasicSeed(server);
    engine = recordedFaceEngine();
    team = await newTeamMember();
    expect(
      (
        await server.call({
          method: 'PUT',
          url: '/api/events/festa_ana/rostos',
          token: team.token,
          payload: { enabled: true },
        })
      ).statusCode,
    ).toBe(200);
    for (const n of [4, 5]) {
      urls[n] = await boothPhoto(n, `grupo-${n}.jpg`);
      facesOf[n] = await engine.findFaces(demoPhoto(n));
    }
  });

  afterAll(async () => {
    await engine.close();
    await server.close();
  });
}

let address = 0;
/** A request from the visitor's own browser (its agent cookie), each from its own address. */
export const from = (agent: string) => {
  address += 1;
  return { remoteAddress: `10.28.0.${address}`, headers: { cookie: server.visitorCookie(agent) } };
};
/** A selfie of a face of a sample, as the face screen sends it (a data URL). */
export const send = async (agent: string, sample: number, face: number, eventos?: string[]) =>
  server.call({
    method: 'POST',
    url: `/api/uploadFace/${agent}`,
    payload: {
      poligram: dataUrl(await faceCrop(demoPhoto(sample), facesOf[sample][face].box)),
      consentimento: true,
      ...(eventos ? { eventos } : {}),
    },
    ...from(agent),
  });
/** The face screen's search again with the selfie kept for the session. */
export const again = (agent: string, eventos: string, cookieAgent = agent) =>
  server.call({ method: 'GET', url: `/api/fotos-do-rosto/${agent}?eventos=${eventos}`, ...from(cookieAgent) });
export const foundUrls = (response: { json: () => unknown }) =>
  (response.json() as { found: { url: string }[] }).found.map((photo) => photo.url);
