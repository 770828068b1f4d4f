import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEVICE_PATHS } from '../../contract/devicePaths';
import type { EventNumbersReply } from '../../contract/wire';
import { DEVICE_KEYS, jpeg, loadBasicSeed } from './support/fixtures';
import { dataUrl } from '../support/faceSelfies';
import { newUser, startTestServer, type TestServer, type TestUser } from './support/testServer';

/**
 * 'A festa em números' (docs/product.md#the-party-in-numbers): each thing a guest or a booth does at the party moves
 * its own figure, once, whatever retries and reloads follow, and nothing else.
 */
let server: TestServer;
let owner: TestUser;

const PHOTO = '/media/festa_ana/pad/a1.jpg';
/** Every figure of the reply that is a number: what an action may move. */
type Figures = Omit<EventNumbersReply, 'bname' | 'booths' | 'hours' | 'top' | 'delivery'>;

beforeAll(async () => {
  const distDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'spa-')), 'dist');
  fs.mkdirSync(distDir, { recursive: true });
  fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
  fs.writeFileSync(path.join(distDir, 'app.html'), '<!doctype html><html><head></head><body></body></html>');
  // A face found in any selfie: the search itself is faceSearch.test.ts's; here only that it happened counts.
  const faceEngine = () => ({
    closed: false,
    findFaces: async () => [
      { box: [0, 0, 10, 10] as [number, number, number, number], score: 1, descriptor: new Float32Array(128) },
    ],
    close: async () => undefined,
  });
  server = await startTestServer({ DIST_DIR: distDir }, { faceEngine });
  await loadBasicSeed(server);
  owner = await newUser('dona-da-festa');
  await server.db.query("UPDATE events SET owner_uid = $1, face_search = true WHERE name = 'festa_ana'", [owner.uid]);
});

afterAll(() => server.close());

const numbers = async (token = owner.token): Promise<EventNumbersReply> => {
  const response = await server.call({ method: 'GET', url: '/api/events/festa_ana/numeros', token });
  expect(response.statusCode).toBe(200);
  return response.json<EventNumbersReply>();
};

const figures = ({ bname: _b, booths: _o, hours: _h, top: _t, delivery: _d, ...rest }: EventNumbersReply): Figures =>
  rest;

/** The figures `act` moved, by how much (those it left alone are not listed). */
async function moved(act: () => Promise<unknown>): Promise<Partial<Figures>> {
  const before = figures(await numbers());
  await act();
  const after = figures(await numbers());
  const changed: Partial<Figures> = {};
  for (const key of Object.keys(after) as (keyof Figures)[])
    if (after[key] !== before[key]) changed[key] = after[key] - before[key];
  return changed;
}

const as = (agent: string) => ({ cookie: server.visitorCookie(agent) });
const twice = async (act: () => Promise<unknown>) => {
  await act();
  await act();
};

it("counts a booth's photo once, under its device", async () => {
  const upload = () =>
    server.call({
      method: 'POST',
      url: `${DEVICE_PATHS.media}?file=numeros-001.jpg`,
      headers: { 'x-device-id': 'cam1', 'x-device-key': DEVICE_KEYS.camera, 'content-type': 'image/jpeg' },
      payload: jpegBytes,
    });
  const jpegBytes = await jpeg();
  const cam1 = async () => (await numbers()).booths.find((booth) => booth.device === 'cam1')?.taken ?? 0;
  const before = await cam1();
  expect(await moved(upload)).toEqual({ taken: 1 });
  expect(await cam1()).toBe(before + 1);
});

it('counts a collect once per visitor and photo, however often its link is opened', async () => {
  const open = (agent: string) =>
    server.call({ method: 'GET', url: `/collect?id=${PHOTO}`, headers: { accept: 'text/html', ...as(agent) } });
  expect(await moved(() => twice(() => open('numerosa01')))).toEqual({ collected: 1 });
  expect(await moved(() => open('numerosb01'))).toEqual({ collected: 1 });
  expect((await numbers()).top[0]).toEqual({ url: PHOTO, collected: 2 });
});

it('puts no photo the host hid among the most collected, and puts it back once shown', async () => {
  const moderate = (action: string) =>
    server.call({
      method: 'POST',
      url: '/api/events/festa_ana/moderacao',
      token: owner.token,
      payload: { url: PHOTO, action },
    });
  expect((await numbers()).top.map((photo) => photo.url)).toContain(PHOTO);
  expect((await moderate('hide')).statusCode).toBe(200);
  expect((await numbers()).top.map((photo) => photo.url)).not.toContain(PHOTO);
  expect((await moderate('show')).statusCode).toBe(200);
  expect((await numbers()).top[0]).toEqual({ url: PHOTO, collected: 2 });
});

it('counts a share once per visitor and photo, and refuses a photo that is not there', async () => {
  const share = (url: string) =>
    server.call({ method: 'POST', url: '/api/compartilhado', payload: { url }, headers: as('numerosa01') });
  expect(await moved(() => twice(() => share(PHOTO)))).toEqual({ shared: 1 });
  expect((await share('/media/festa_ana/pad/nada.jpg')).statusCode).toBe(404);
  // Another event's photo that is not this visitor's to see: as if it were not there.
  expect((await share('/media/privada/pad/x1.jpg')).statusCode).toBe(404);
});

it("counts a gallery's 'Baixar todas' once per visitor and gallery", async () => {
  const download = () => server.call({ method: 'GET', url: '/api/baixar/festa_ana/pad', headers: as('numerosa01') });
  expect(await moved(() => twice(download))).toEqual({ downloaded: 1 });
  // A client that keeps no cookie is handed a new visitor each time: nobody to count once, so not counted at all.
  const cookieless = () => server.call({ method: 'GET', url: '/api/baixar/festa_ana/polaroid' });
  expect(await moved(() => twice(cookieless))).toEqual({});
});

it("counts a print once, spending one copy of the event's packs, its request retried", async () => {
  const print = () =>
    server.call({ method: 'GET', url: `/api/print/PACK5/${encodeURIComponent(PHOTO)}?request=numeros-print-0001` });
  expect(await moved(() => twice(print))).toEqual({ printed: 1, copiesLeft: -1 });
});

it('counts every selfie sent to the face search, in the event it searched', async () => {
  const poligram = dataUrl(await jpeg(64, 64));
  const search = () =>
    server.call({
      method: 'POST',
      url: '/api/uploadFace/numerosa01',
      payload: { consentimento: true, poligram, eventos: ['festa_ana'] },
      headers: as('numerosa01'),
    });
  expect(await moved(() => twice(async () => expect((await search()).statusCode).toBe(200)))).toEqual({
    faceSearches: 2,
  });
});

it('counts a wall once per screen, however often it asks for its photos', async () => {
  const wall = (agent: string) => server.call({ method: 'GET', url: '/api/telao/festa-ana-1', headers: as(agent) });
  expect(await moved(() => twice(() => wall('numerostv01')))).toEqual({ wallViews: 1 });
  expect(await moved(() => wall('numerostv02'))).toEqual({ wallViews: 1 });
});

it("shows the night hour by hour in Brazil's time, each hour's figures adding up to the totals", async () => {
  const { hours, taken, collected } = await numbers();
  expect(hours.length).toBeGreaterThan(0);
  for (const hour of hours) expect(hour.hour).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:00$/);
  expect(hours.reduce((sum, hour) => sum + hour.taken, 0)).toBe(taken);
  expect(hours.reduce((sum, hour) => sum + hour.collected, 0)).toBe(collected);
});

it("exports the figures as a CSV a spreadsheet in Brazil opens: ';', a byte order mark, a file name", async () => {
  const response = await server.call({ method: 'GET', url: '/api/events/festa_ana/numeros/csv', token: owner.token });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(response.headers['content-disposition']).toBe('attachment; filename="festa_ana-numeros.csv"');
  const now = await numbers();
  expect(response.body.startsWith('\uFEFFEvento;festa_ana\r\n')).toBe(true);
  const lines = response.body.split('\r\n');
  expect(lines).toContain('Indicador;Total');
  expect(lines).toContain(`Fotos coletadas;${now.collected}`);
  expect(lines).toContain(`Cópias impressas;${now.printed}`);
  expect(lines).toContain(`${PHOTO};2`);
  expect(lines.some((line) => /^\d{2}\/\d{2}\/\d{4} \d{2}:00;\d+;\d+$/.test(line))).toBe(true);
});

it('answers its owner and the team only', async () => {
  const stranger = await newUser('estranho');
  const asked = (token?: string) =>
    server.call({ method: 'GET', url: '/api/events/festa_ana/numeros', ...(token ? { token } : {}) });
  expect((await asked()).statusCode).toBe(401);
  expect([403, 404]).toContain((await asked(stranger.token)).statusCode);
});
