import fs from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import { FACE_RETENTION_DAYS } from '../../server/src/modules/faces/selfies';
import { hideFace } from '../../server/src/modules/faces/faceHiding';
import { saveSelfie } from '../../server/src/modules/faces/faceSearch';
import {
  HIDDEN_FACE_RETENTION_DAYS,
  KEPT_AFTER_ERASURE,
  LEAD_RETENTION_MONTHS,
  purgeExpired,
  RESULT_RETENTION_DAYS,
} from '../../server/src/modules/privacy/privacy';
import { scheduleRetention } from '../../server/src/modules/privacy/http/privacyRoutes';
import { createMediaStorage } from '../../server/src/modules/media/storage/mediaStorage';
import { DEVICE_KEYS, jpeg, loadBasicSeed } from './support/fixtures';
import { newUser, startTestServer, type TestServer, type TestUser } from './support/testServer';
import { DEVICE_PATHS } from '../../contract/devicePaths';

/**
 * 'Apagar minhas fotos' and what is kept (LGPD): what an erasure removes and
 * what it leaves (other visitors, other accounts, orders, the event's media), by agent signed
 * out and by token signed in; the summary of what is kept; the retention sweep.
 */

let server: TestServer;
let ana: TestUser;
let bruno: TestUser;
let address = 0;

const ZERO = { collection: 0, packs: 0, events: 0, faces: 0, results: 0, grants: 0 };

async function createAccount(
  user: TestUser,
  agent: string,
  lists: { collection: string; packs: string; events: string },
) {
  const account = JSON.stringify({
    email: user.email,
    agent,
    displayName: 'X',
    photoURL: '',
    phone: '',
    tiktok: '',
    instagram: '',
    transactions: [],
  });
  const created = await server.call({
    method: 'GET',
    url: `/api/createAccount?${new URLSearchParams({ account, ...lists }).toString()}`,
    token: user.token,
    headers: { cookie: server.visitorCookie(agent) },
  });
  expect(created.body).toBe('ok');
}

/**
 * A face capture kept from before face search (face search stopped storing them; the retention sweep
 * takes the last of them within FACE_RETENTION_DAYS): its row and its file, as the upload left them.
 */
async function keptFaceCapture(agent: string): Promise<void> {
  address += 1;
  const file = `${agent}/${address}-captura.jpg`;
  const bytes = await jpeg();
  fs.mkdirSync(path.join(server.dataDir, 'faces', agent), { recursive: true });
  fs.writeFileSync(path.join(server.dataDir, 'faces', file), bytes);
  await server.db.query('INSERT INTO faces (name, file, bytes) VALUES ($1, $2, $3)', [agent, file, bytes.length]);
}

async function addResult(agent: string, url: string): Promise<void> {
  await server.db.query("INSERT INTO agent_results (agent, url, kind) VALUES ($1, $2, 'mirror')", [agent, url]);
}

async function addOrder(orderId: string, uid: string): Promise<void> {
  await server.db.query(
    `INSERT INTO orders (order_id, coupon, uid, client_name, email, cpf, event_name, event_date, event_time,
      payment_method, lines, total, discount, discounted_total, status)
     VALUES ($1, 'DEZ', $2, 'Ana', 'ana@example.com', '52998224725', 'festa', '2026-09-20', '20:00', 'pix', '[]', 100,
       0, 100, 'approved')`,
    [orderId, uid],
  );
}

const count = async (sql: string, values: unknown[] = []) =>
  (await server.db.query<{ n: number }>(sql, values)).rows[0].n;
const facesOf = (agent: string) => count('SELECT count(*)::int AS n FROM faces WHERE name = $1', [agent]);
const resultsOf = (agent: string) => count('SELECT count(*)::int AS n FROM agent_results WHERE agent = $1', [agent]);
const faceFolder = (agent: string) => path.join(server.dataDir, 'faces', agent);
const accountOf = async (user: TestUser) =>
  (await server.call({ method: 'GET', url: '/api/account', token: user.token })).json<{
    collection: string[];
    packs: string[];
    events: string[];
  }>();

/** The visitor's own browser: the agent the body names is the one its cookies were signed for. */
const ownBrowser = (agent: unknown) => ({ cookie: typeof agent === 'string' ? server.visitorCookie(agent) : '' });
const erase = (payload: unknown, token?: string) =>
  server.call({
    method: 'POST',
    url: '/api/privacy/erase',
    payload: payload as object,
    token,
    headers: ownBrowser((payload as { agent?: unknown }).agent),
  });
const summary = (agent: string, token?: string) =>
  server.call({ method: 'GET', url: `/api/privacy/data/${agent}`, token, headers: ownBrowser(agent) });

beforeAll(async () => {
  server = await startTestServer();
  await loadBasicSeed(server);
  [ana, bruno] = await Promise.all([newUser('ana'), newUser('bruno')]);
  // Ana's account was created on the phone of agent anaphone; Bruno's on brunophone.
  await createAccount(ana, 'anaphone', {
    collection: '/media/festa_ana/pad/a1.jpg,/media/festa_ana/pad/a2.jpg',
    packs: 'PACK5',
    events: 'festa_ana',
  });
  await createAccount(bruno, 'brunophone', {
    collection: '/media/festa_ana/pad/a1.jpg',
    packs: 'PACK5',
    events: 'festa_ana',
  });
  await addOrder('900000001', ana.uid);
});

afterAll(() => server.close());

describe('signed out, by the device agent', () => {
  beforeAll(async () => {
    await keptFaceCapture('guestphone1');
    await keptFaceCapture('guestphone1');
    await keptFaceCapture('otherguest1');
    await addResult('guestphone1', '/media/festa_ana/feed/ia-1.jpg');
    await addResult('otherguest1', '/media/festa_ana/feed/ia-2.jpg');
    // Face search: a selfie's descriptor kept for the session, and a face hidden from others' searches.
    await saveSelfie(server.db, 'guestphone1', new Float32Array(128).fill(0.1));
    await hideFace(server.db, 'guestphone1', ['festa_ana']);
    await saveSelfie(server.db, 'otherguest1', new Float32Array(128).fill(0.3));
  });

  it("shows what is kept of the agent: its faces and results, no account's lists", async () => {
    const response = await summary('guestphone1');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...ZERO, faces: 4, results: 1, orders: 0 });
  });

  it("removes the agent's faces (rows and files) and results, and nothing of anyone else", async () => {
    const mediaBefore = await count('SELECT count(*)::int AS n FROM media');
    expect(fs.readdirSync(faceFolder('guestphone1'))).toHaveLength(2);
    // 'Não me mostre' is kept per event it hides in: those rows are the agent's too.
    expect(await count("SELECT count(*)::int AS n FROM face_hidden_events WHERE agent = 'guestphone1'")).toBe(1);

    const response = await erase({ agent: 'guestphone1' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ removed: { ...ZERO, faces: 4, results: 1 }, kept: KEPT_AFTER_ERASURE });

    expect(await facesOf('guestphone1')).toBe(0);
    expect(await count("SELECT count(*)::int AS n FROM face_selfies WHERE agent = 'guestphone1'")).toBe(0);
    expect(await count("SELECT count(*)::int AS n FROM face_hidden WHERE agent = 'guestphone1'")).toBe(0);
    expect(await count("SELECT count(*)::int AS n FROM face_hidden_events WHERE agent = 'guestphone1'")).toBe(0);
    expect(await count("SELECT count(*)::int AS n FROM face_selfies WHERE agent = 'otherguest1'")).toBe(1);
    expect(fs.existsSync(faceFolder('guestphone1'))).toBe(false);
    expect(await resultsOf('guestphone1')).toBe(0);
    // Another visitor, the accounts, the orders and the event's media are as they were.
    expect(await facesOf('otherguest1')).toBe(1);
    expect(fs.readdirSync(faceFolder('otherguest1'))).toHaveLength(1);
    expect(await resultsOf('otherguest1')).toBe(1);
    expect((await accountOf(ana)).collection).toHaveLength(2);
    expect((await accountOf(bruno)).collection).toHaveLength(1);
    expect(await count('SELECT count(*)::int AS n FROM orders')).toBe(1);
    expect(await count('SELECT count(*)::int AS n FROM media')).toBe(mediaBefore);
    expect((await summary('guestphone1')).json()).toEqual({ ...ZERO, orders: 0 });
  });

  it("refuses a visitor's id named by another browser: nothing is shown, nothing erased (403)", async () => {
    const before = { faces: await facesOf('otherguest1'), results: await resultsOf('otherguest1') };
    expect(before.faces).toBeGreaterThan(0);
    const stranger = { cookie: server.visitorCookie('estranho01') };
    for (const headers of [stranger, {}, { cookie: 'agent=otherguest1' }]) {
      const erased = await server.call({
        method: 'POST',
        url: '/api/privacy/erase',
        payload: { agent: 'otherguest1' },
        headers,
      });
      expect(erased.statusCode).toBe(403);
      expect(erased.json().error).toBe('agent_not_vouched');
      expect((await server.call({ method: 'GET', url: '/api/privacy/data/otherguest1', headers })).statusCode).toBe(
        403,
      );
    }
    expect({ faces: await facesOf('otherguest1'), results: await resultsOf('otherguest1') }).toEqual(before);
  });

  it('is idempotent: a repeat answers 200 and removes nothing more', async () => {
    const again = await erase({ agent: 'guestphone1' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ removed: ZERO, kept: KEPT_AFTER_ERASURE });
    expect(await facesOf('otherguest1')).toBe(1);
  });

  it("cannot reach an account's lists: the agent an account was created with is not enough", async () => {
    await keptFaceCapture('brunophone');
    const response = await erase({ agent: 'brunophone' });
    expect(response.json().removed).toEqual({ ...ZERO, faces: 1 });
    expect(await accountOf(bruno)).toMatchObject({
      packs: ['PACK5'],
      events: ['festa_ana'],
      collection: ['/media/festa_ana/pad/a1.jpg'],
    });
  });
});

describe('signed in, by token and device agent', () => {
  beforeAll(async () => {
    await keptFaceCapture('anaphone');
    await keptFaceCapture('anatablet');
    await keptFaceCapture('brunophone');
    await addResult('anaphone', '/media/festa_ana/feed/ia-3.jpg');
    await addResult('anatablet', '/media/festa_ana/feed/ia-4.jpg');
    await addResult('brunophone', '/media/festa_ana/feed/ia-5.jpg');
  });

  it("shows the account's lists, the faces and results of both its agents, and its orders", async () => {
    expect((await summary('anatablet', ana.token)).json()).toEqual({
      collection: 2,
      packs: 1,
      events: 1,
      faces: 2,
      results: 2,
      grants: 0,
      orders: 1,
    });
  });

  it("removes the account's lists and the faces and results of the device and of the account's own agent", async () => {
    const response = await erase({ agent: 'anatablet' }, ana.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      removed: { collection: 2, packs: 1, events: 1, faces: 2, results: 2, grants: 0 },
      kept: KEPT_AFTER_ERASURE,
    });

    expect(await accountOf(ana)).toMatchObject({ collection: [], packs: [], events: [], transactions: ['900000001'] });
    for (const agent of ['anaphone', 'anatablet']) {
      expect(await facesOf(agent)).toBe(0);
      expect(await resultsOf(agent)).toBe(0);
      expect(fs.existsSync(faceFolder(agent))).toBe(false);
    }
    // The order stays, bound to Ana; Bruno's account and phone are untouched; the pack still has its copies.
    expect((await server.db.query('SELECT uid, status FROM orders WHERE order_id = $1', ['900000001'])).rows).toEqual([
      { uid: ana.uid, status: 'approved' },
    ]);
    expect(await accountOf(bruno)).toMatchObject({
      collection: ['/media/festa_ana/pad/a1.jpg'],
      packs: ['PACK5'],
      events: ['festa_ana'],
    });
    expect(await facesOf('brunophone')).toBe(1);
    expect(await resultsOf('brunophone')).toBe(1);
    expect(await count("SELECT copies AS n FROM packs WHERE hash = 'PACK5'")).toBe(5);
    expect((await summary('anatablet', ana.token)).json()).toEqual({ ...ZERO, orders: 1 });
  });

  it('is idempotent signed in too', async () => {
    const again = await erase({ agent: 'anatablet' }, ana.token);
    expect(again.statusCode).toBe(200);
    expect(again.json().removed).toEqual(ZERO);
  });
});

describe("a booth result's own media", () => {
  const mirror = { 'x-device-id': 'mirror1', 'x-device-key': DEVICE_KEYS.mirror };
  let session = 0;

  /** The AI mirror makes an image for `agent`, as a guest drives it from their phone: its URL. */
  async function mirrorImageFor(agent: string): Promise<string> {
    session += 1;
    const sh = `apagar${session}`;
    await server.call({
      method: 'POST',
      url: DEVICE_PATHS.mirrorSession,
      headers: mirror,
      payload: { sessionHash: sh },
    });
    for (const step of ['start/0', 'mode/Anime', 'prompt/Samurai']) {
      expect(
        (
          await server.call({
            method: 'GET',
            url: `/api/espelho/mirror1/${sh}/${agent}/${step}`,
            headers: ownBrowser(agent),
          })
        ).statusCode,
      ).toBe(200);
    }
    expect((await server.call({ method: 'GET', url: DEVICE_PATHS.mirrorJob, headers: mirror })).statusCode).toBe(200);
    const image = await server.call({
      method: 'POST',
      url: `${DEVICE_PATHS.mirrorImage}?file=espelho.jpg`,
      headers: { ...mirror, 'content-type': 'image/jpeg' },
      payload: await jpeg(),
    });
    return image.json<{ url: string }>().url;
  }

  const served = async (url: string) => (await server.call({ method: 'GET', url })).statusCode;
  const rowOf = (url: string) =>
    count("SELECT count(*)::int AS n FROM media WHERE '/media/' || event_name || '/' || mode || '/' || file = $1", [
      url,
    ]);

  it("deletes the guest's mirror images, rows and files, and nobody else's, nor the event's gallery", async () => {
    const mine = await mirrorImageFor('resultguest1');
    const theirs = await mirrorImageFor('resultguest2');
    const gallery = (await server.call({ method: 'GET', url: '/api/all/festa_ana/pad' })).json<{ product: string[] }>()
      .product;
    expect(await served(mine)).toBe(200);
    expect(await rowOf(mine)).toBe(1);
    // A print job of the image keeps its history without it; one not yet printed fails and gives its copy back.
    const pack = (await server.db.query<{ hash: string }>('SELECT hash FROM packs LIMIT 1')).rows[0].hash;
    const copiesOf = async () =>
      (await server.db.query<{ copies: number }>('SELECT copies FROM packs WHERE hash = $1', [pack])).rows[0].copies;
    await server.db.query(
      "INSERT INTO print_jobs (pack_hash, media_id, status) SELECT $1, id, 'printed' FROM media WHERE file = $2",
      [pack, mine.split('/')[4]],
    );
    const queued = await server.call({
      method: 'GET',
      url: `/api/print/${pack}/${encodeURIComponent(mine)}?request=tap-apagar-0000001`,
    });
    expect(queued.statusCode).toBe(200);
    const copiesBefore = await copiesOf();
    const status = async () =>
      (await server.call({ method: 'GET', url: `/api/printStatus/${pack}/tap-apagar-0000001` })).json();
    expect(await status()).toEqual({ status: 'queued', copies: copiesBefore });

    const response = await erase({ agent: 'resultguest1' });
    expect(response.statusCode).toBe(200);
    expect(response.json().removed).toEqual({ ...ZERO, results: 1 });

    expect(await rowOf(mine)).toBe(0);
    expect(await served(mine)).toBe(404);
    expect(fs.existsSync(path.join(server.dataDir, 'media', ...mine.split('/').slice(2)))).toBe(false);
    expect(fs.existsSync(path.join(server.dataDir, 'thumbs', ...mine.split('/').slice(2)) + '.webp')).toBe(false);
    expect(await count("SELECT count(*)::int AS n FROM print_jobs WHERE media_id IS NULL AND status = 'printed'")).toBe(
      1,
    );
    expect(await status()).toEqual({ status: 'failed', copies: copiesBefore + 1 });
    // Once: another erasure gives nothing back again.
    await erase({ agent: 'resultguest1' });
    expect(await copiesOf()).toBe(copiesBefore + 1);
    // Another guest's image and the event's own photos stay.
    expect(await served(theirs)).toBe(200);
    expect(await rowOf(theirs)).toBe(1);
    expect(
      (await server.call({ method: 'GET', url: '/api/all/festa_ana/pad' })).json<{ product: string[] }>().product,
    ).toEqual(gallery);
    for (const url of gallery) expect(await served(url)).toBe(200);
  });

  it("never deletes a gallery's photo, whatever URL a result row names", async () => {
    const gallery = (await server.call({ method: 'GET', url: '/api/all/festa_ana/pad' })).json<{ product: string[] }>()
      .product;
    await addResult('resultguest3', gallery[0]);
    expect((await erase({ agent: 'resultguest3' })).json().removed).toEqual({ ...ZERO, results: 1 });
    expect(await rowOf(gallery[0])).toBe(1);
    expect(await served(gallery[0])).toBe(200);
  });
});

describe('bad input changes nothing and gets a 4xx', () => {
  beforeAll(async () => {
    await keptFaceCapture('keptguest1');
  });

  it.each([
    ['no body', undefined],
    ['no agent', {}],
    ['an agent that is not an id', { agent: '../keptguest1' }],
    ['an empty agent', { agent: '' }],
    ['a list of agents', { agent: ['keptguest1'] }],
    ['an unknown field', { agent: 'keptguest1', uid: 'someone' }],
    ['a number', { agent: 42 }],
  ])('%s: 400', async (_name, payload) => {
    const response = await server.call({
      method: 'POST',
      url: '/api/privacy/erase',
      ...(payload === undefined ? {} : { payload }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty('message');
    expect(await facesOf('keptguest1')).toBe(1);
  });

  it('a body that is not JSON (what a form of another site can send): 4xx', async () => {
    const response = await server.call({
      method: 'POST',
      url: '/api/privacy/erase',
      headers: { 'content-type': 'text/plain' },
      payload: 'agent=keptguest1',
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(await facesOf('keptguest1')).toBe(1);
  });

  it('an invalid token: 401, and not even the agent is erased', async () => {
    const response = await erase({ agent: 'keptguest1' }, 'not-a-token');
    expect(response.statusCode).toBe(401);
    expect(await facesOf('keptguest1')).toBe(1);
    expect((await summary('keptguest1', 'not-a-token')).statusCode).toBe(401);
  });

  it('hostile agents in the summary path never get a 5xx', async () => {
    for (const value of ['..', '%2e%2e', '%2F..%2Fetc', 'a'.repeat(5000), '%00', '%3Cscript%3E', '%E0%A4%A', ' ']) {
      const response = await server.call({ method: 'GET', url: `/api/privacy/data/${value}` });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    }
  });
});

describe('retention', () => {
  const now = new Date();
  const daysBefore = (days: number) => new Date(now.getTime() - days * 24 * 3600 * 1000).toISOString();

  async function oldFace(agent: string, days: number): Promise<string> {
    const file = `${agent}/old-${days}.jpg`;
    fs.mkdirSync(faceFolder(agent), { recursive: true });
    fs.writeFileSync(path.join(server.dataDir, 'faces', file), await jpeg());
    await server.db.query('INSERT INTO faces (name, file, created_at) VALUES ($1, $2, $3)', [
      agent,
      file,
      daysBefore(days),
    ]);
    return path.join(server.dataDir, 'faces', file);
  }

  /** A result's media row and file, as the mirror stores them, made `createdAt`: the file's path. */
  async function mirrorResultMedia(file: string, createdAt: string): Promise<string> {
    const target = path.join(server.dataDir, 'media', 'festa_ana', 'feed', file);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, await jpeg());
    await server.db.query(
      'INSERT INTO media (event_name, mode, file, kind, has_thumb, device_id, role, unguessable, created_at) ' +
        "VALUES ('festa_ana', 'feed', $1, 'image', false, 'mirror1', 'result', true, $2)",
      [file, createdAt],
    );
    return target;
  }

  it(`deletes faces older than ${FACE_RETENTION_DAYS} days (rows and files), results and leads past theirs, and keeps \
the rest`, async () => {
    const expired = await oldFace('sweepGuest', FACE_RETENTION_DAYS + 1);
    const recent = await oldFace('sweepGuest', FACE_RETENTION_DAYS - 1);
    await server.db.query(
      "INSERT INTO agent_results (agent, url, kind, created_at) VALUES ('sweepGuest', " +
        "'/media/festa_ana/feed/old.jpg', 'mirror', $1), ('sweepGuest', '/media/festa_ana/feed/new.jpg', " +
        "'mirror', $2)",
      [daysBefore(RESULT_RETENTION_DAYS + 1), daysBefore(10)],
    );
    const monthsAgo = (months: number) => {
      const date = new Date(now);
      date.setUTCMonth(date.getUTCMonth() - months);
      return date.toISOString();
    };
    await server.db.query(
      "INSERT INTO leads (evento, nome, created_at) VALUES ('antigo', 'Velho', $1), ('recente', 'Novo', $2)",
      [monthsAgo(LEAD_RETENTION_MONTHS + 1), monthsAgo(LEAD_RETENTION_MONTHS - 1)],
    );

    // A guest's old result media (the mirror's image) and a recent one: the old goes, rows and files.
    const oldResult = await mirrorResultMedia('velho-resultado.jpg', daysBefore(RESULT_RETENTION_DAYS + 1));
    const newResult = await mirrorResultMedia('novo-resultado.jpg', daysBefore(10));

    const purged = await purgeExpired(server.db, createMediaStorage(server.dataDir), now);
    expect(purged).toEqual({ faces: 1, leads: 1, results: 1, contacts: 0, deliveries: 0 });
    expect(fs.existsSync(oldResult)).toBe(false);
    expect(fs.existsSync(newResult)).toBe(true);
    expect(
      (
        await server.db.query(
          "SELECT file FROM media WHERE role = 'result' AND file IN ('velho-resultado.jpg', 'novo-resultado.jpg')",
        )
      ).rows,
    ).toEqual([{ file: 'novo-resultado.jpg' }]);
    expect(fs.existsSync(expired)).toBe(false);
    expect(fs.existsSync(recent)).toBe(true);
    expect((await server.db.query("SELECT url FROM agent_results WHERE agent = 'sweepGuest'")).rows).toEqual([
      { url: '/media/festa_ana/feed/new.jpg' },
    ]);
    expect((await server.db.query("SELECT evento FROM leads WHERE evento IN ('antigo', 'recente')")).rows).toEqual([
      { evento: 'recente' },
    ]);
    // Faces sent today (by the tests above) are far from their end.
    expect(await facesOf('keptguest1')).toBe(1);
  });

  it(`deletes a 'Não me mostre' asked more than ${HIDDEN_FACE_RETENTION_DAYS} days ago (the cookies' lifetime), and \
counts it with the faces`, async () => {
    const hide = (agent: string, days: number) =>
      server.db.query('INSERT INTO face_hidden (agent, descriptor, created_at) VALUES ($1, $2, $3)', [
        agent,
        Buffer.alloc(512),
        daysBefore(days),
      ]);
    await hide('hiddenlongago', HIDDEN_FACE_RETENTION_DAYS + 1);
    await hide('hiddenrecently', HIDDEN_FACE_RETENTION_DAYS - 1);
    const purged = await purgeExpired(server.db, createMediaStorage(server.dataDir), now);
    expect(purged).toEqual({ faces: 1, leads: 0, results: 0, contacts: 0, deliveries: 0 });
    expect(
      (await server.db.query("SELECT agent FROM face_hidden WHERE agent IN ('hiddenlongago', 'hiddenrecently')")).rows,
    ).toEqual([{ agent: 'hiddenrecently' }]);
  });

  it('runs as a server starts, and stops with it', async () => {
    const expired = await oldFace('startGuest', FACE_RETENTION_DAYS + 5);
    const app = Fastify();
    scheduleRetention(app, { db: server.db, storage: createMediaStorage(server.dataDir) });
    await app.ready();
    expect(await facesOf('startGuest')).toBe(0);
    expect(fs.existsSync(expired)).toBe(false);
    await app.close();
  });
});
