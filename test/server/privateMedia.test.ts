import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyReply } from 'fastify';
import {
  loadMediaSessionSecret,
  MEDIA_COOKIE,
  setMediaSessionCookie,
  signMediaSession,
  verifyMediaSession,
} from '../../server/src/modules/access/http/mediaSession';
import { attend, basicSeed, DEVICE_KEYS, jpeg, loadBasicSeed, mp4 } from './support/fixtures';
import { newTeamMember, newUser, startTestServer, type TestServer, type TestUser } from './support/testServer';
import { DEVICE_PATHS } from '../../contract/devicePaths';
import type { EventName } from '../../contract/names';

/**
 * Who sees an event's media (docs/api.md#who-may-see-an-event): the gate in front of /media,
 * /thumbs and /display, the cookie a signed-in browser gets for it, the random names of
 * non-public events' files, and the owner's route that sets the visibility. `guest` was at the
 * private and the link-only events (they opened a collect link of each, then signed in);
 * `stranger` has an account and nothing more.
 */
let server: TestServer;
let owner: TestUser;
let stranger: TestUser;
let guest: TestUser;
let ownerCookie: string;

const PRIVATE_KEY = 'key-private-0001';
const cam2 = { 'x-device-id': 'cam2', 'x-device-key': PRIVATE_KEY };
const cam3 = { 'x-device-id': 'cam3', 'x-device-key': PRIVATE_KEY };
const ultra2 = { 'x-device-id': 'ultra2', 'x-device-key': PRIVATE_KEY };
const camera = { 'x-device-id': 'cam1', 'x-device-key': DEVICE_KEYS.camera };
const GUEST_AGENT = 'agenteconvidada01';
const RANDOM_NAME = /^\/media\/(privada|outra|ligada)\/(pad|360)\/([0-9a-f]{32})\.(jpg|mp4)$/;

beforeAll(async () => {
  server = await startTestServer();
  const seed = basicSeed();
  seed.events = [
    ...(seed.events ?? []),
    { name: 'ligada', publicId: 'ligada-link-1', visibility: 'link', devices: ['pad'] },
  ];
  seed.devices = [
    ...(seed.devices ?? []),
    { id: 'cam2', kind: 'booth', event: 'privada', mode: 'pad', key: PRIVATE_KEY },
    { id: 'ultra2', kind: 'ultra', event: 'privada', mode: '360', key: PRIVATE_KEY },
    { id: 'cam3', kind: 'booth', event: 'outra', mode: 'pad', key: PRIVATE_KEY },
  ];
  seed.media = [...(seed.media ?? []), { event: 'ligada', mode: 'pad', file: 'l1.jpg', source: 'a1.jpg' }];
  await loadBasicSeed(server, seed);
  [owner, stranger, guest] = await Promise.all([newUser('dona'), newUser('estranho'), newUser('convidada')]);
  await server.db.query("UPDATE events SET owner_uid = $1 WHERE name IN ('outra', 'ligada', 'privada')", [owner.uid]);
  ownerCookie = await mediaCookie(owner);
  await attend(server, 'privada', GUEST_AGENT, guest.token);
  await attend(server, 'ligada', GUEST_AGENT, guest.token);
});

afterAll(() => server.close());

/** The `name=value` of the media cookie a signed-in user's SPA obtains. */
async function mediaCookie(user: TestUser): Promise<string> {
  const response = await server.call({ method: 'POST', url: '/api/media-session', token: user.token });
  expect(response.statusCode).toBe(200);
  const header = [response.headers['set-cookie']].flat()[0] ?? '';
  return header.split(';')[0];
}

const get = (url: string, cookie?: string, extra: Record<string, string> = {}) =>
  server.call({ method: 'GET', url, headers: { ...extra, ...(cookie ? { cookie } : {}) } });

async function onlyUrl(url: string, token: string): Promise<string> {
  const { product } = (await server.call({ method: 'GET', url, token })).json<{ product: string[] }>();
  expect(product).toHaveLength(1);
  return product[0];
}

function upload(headers: Record<string, string>, file: string, body: Buffer, type = 'image/jpeg') {
  return server.call({
    method: 'POST',
    url: `${DEVICE_PATHS.media}?file=${file}`,
    headers: { ...headers, 'content-type': type },
    payload: body,
  });
}

const secretOf = () =>
  Buffer.from(fs.readFileSync(path.join(server.dataDir, 'media-session.key'), 'utf8').trim(), 'hex');

describe('the media cookie', () => {
  it('is handed only to a signed-in caller: HttpOnly, SameSite=Lax, an hour long, never cached', async () => {
    expect((await server.call({ method: 'POST', url: '/api/media-session' })).statusCode).toBe(401);
    const response = await server.call({ method: 'POST', url: '/api/media-session', token: stranger.token });
    expect(response.statusCode).toBe(200);
    const { expiresAt } = response.json<{ expiresAt: number }>();
    expect(expiresAt).toBeGreaterThan(Date.now() + 50 * 60 * 1000);
    const header = String(response.headers['set-cookie']);
    expect(header).toMatch(new RegExp(`^${MEDIA_COOKIE}=[^;]+; Path=/; Max-Age=3600; HttpOnly; SameSite=Lax$`));
    expect(response.headers['cache-control']).toBe('no-store');
    expect(verifyMediaSession(secretOf(), header.split(';')[0].split('=')[1])).toBe(stranger.uid);
  });

  it('is cleared on logout', async () => {
    const response = await server.call({ method: 'DELETE', url: '/api/media-session' });
    expect(response.statusCode).toBe(200);
    expect(String(response.headers['set-cookie'])).toMatch(
      new RegExp(`^${MEDIA_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax$`),
    );
  });

  it('is Secure when the public URL is https', () => {
    const headers: Record<string, string> = {};
    const reply = {
      header: (name: string, value: string) => ((headers[name] = value), reply),
    } as unknown as FastifyReply;
    setMediaSessionCookie(reply, { secret: Buffer.alloc(32, 1), secure: true }, { uid: 'u1', team: false });
    expect(headers['Set-Cookie']).toMatch(/; SameSite=Lax; Secure$/);
  });

  it('keeps its secret in the data folder across restarts, unless one is configured', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'media-secret-'));
    try {
      const first = await loadMediaSessionSecret(null, dir);
      expect(first).toHaveLength(32);
      expect(fs.statSync(path.join(dir, 'media-session.key')).mode & 0o777).toBe(0o600);
      expect((await loadMediaSessionSecret(null, dir)).equals(first)).toBe(true);
      expect((await loadMediaSessionSecret('x'.repeat(40), dir)).equals(first)).toBe(false);
      // Processes starting at once on a new folder (app servers, the seed command) end up with one secret.
      const fresh = fs.mkdtempSync(path.join(os.tmpdir(), 'media-secret-'));
      const together = await Promise.all(Array.from({ length: 6 }, () => loadMediaSessionSecret(null, fresh)));
      expect(new Set(together.map((secret) => secret.toString('hex'))).size).toBe(1);
      expect(fs.readdirSync(fresh)).toEqual(['media-session.key']);
      fs.rmSync(fresh, { recursive: true, force: true });
      // The server's own secret is the one in its data folder: its cookies verify with it.
      expect(verifyMediaSession(secretOf(), ownerCookie.split('=')[1])).toBe(owner.uid);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("a private event's media", () => {
  let photo: string;
  let video: string;

  beforeAll(async () => {
    photo = await onlyUrl('/api/all/privada/pad', guest.token);
    const made = await server.call({
      method: 'POST',
      url: `${DEVICE_PATHS.ultraVideo}?file=giro.mp4`,
      headers: { ...ultra2, 'content-type': 'video/mp4' },
      payload: mp4(),
    });
    expect(made.statusCode).toBe(200);
    video = made.json<{ url: string }>().url;
  });

  it(`open by their random name (a collect link) only signed in: a visitor without a login gets 401, no byte of the \
file and nothing cached`, async () => {
    const guestSignedOut = server.visitorCookie(GUEST_AGENT);
    for (const url of [
      photo,
      `${photo.replace('/media/', '/thumbs/')}.webp`,
      `${photo.replace('/media/', '/display/')}.webp`,
      video,
    ]) {
      for (const cookie of [undefined, guestSignedOut]) {
        const response = await get(url, cookie);
        expect({ url, status: response.statusCode }).toEqual({ url, status: 401 });
        expect(response.json()).toEqual({
          error: 'media_login_required',
          message: 'Este evento é privado. Faça login para ver as fotos.',
        });
        expect(response.headers['cache-control']).toBe('no-store');
        expect(response.headers['content-type']).toMatch(/^application\/json/);
      }
      // Signed in, the same guest's browser loads it.
      expect((await get(url, `${guestSignedOut}; ${await mediaCookie(guest)}`)).statusCode).toBe(200);
    }
    const head = await server.call({ method: 'HEAD', url: photo, headers: { cookie: guestSignedOut } });
    expect(head.statusCode).toBe(401);
    expect(head.rawPayload).toHaveLength(0);
    const range = await get(video, guestSignedOut, { range: 'bytes=0-9' });
    expect(range.statusCode).toBe(401);
    expect(range.headers['content-range']).toBeUndefined();
  });

  it('are served to a browser with the media cookie, kept out of shared caches', async () => {
    const file = await get(photo, ownerCookie);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.headers['cache-control']).toBe('private, no-cache');
    expect(file.rawPayload.equals(fs.readFileSync(path.join(server.dataDir, photo)))).toBe(true);
    const thumb = await get(`${photo.replace('/media/', '/thumbs/')}.webp`, ownerCookie);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect(thumb.headers['cache-control']).toBe('private, no-cache');
    const rendition = await get(`${photo.replace('/media/', '/display/')}.webp`, ownerCookie);
    expect(rendition.statusCode).toBe(200);
    expect(rendition.headers['content-type']).toBe('image/webp');
    expect(rendition.headers['cache-control']).toBe('private, no-cache');
    expect(rendition.headers.vary).toBe('Cookie');

    const head = await server.call({ method: 'HEAD', url: photo, headers: { cookie: ownerCookie } });
    expect(head.statusCode).toBe(200);
    expect(Number(head.headers['content-length'])).toBe(file.rawPayload.length);
    expect(head.rawPayload).toHaveLength(0);

    const range = await get(video, `theme=x; ${ownerCookie}`, { range: 'bytes=4-11' });
    expect(range.statusCode).toBe(206);
    expect(range.headers['content-range']).toBe('bytes 4-11/32');
    expect(range.rawPayload.toString('latin1')).toBe('ftypisom');
    expect(range.headers['cache-control']).toBe('private, no-cache');
  });

  it('refuse a forged, altered, foreign or expired cookie', async () => {
    const [payload, signature] = [
      ownerCookie.slice(0, ownerCookie.lastIndexOf('.')),
      ownerCookie.slice(ownerCookie.lastIndexOf('.') + 1),
    ];
    const flipped = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    const later = Date.now() + 10 * 24 * 3600 * 1000;
    const forgeries = [
      `${payload}.${flipped}`,
      // Another uid or a longer life under the same signature.
      `${MEDIA_COOKIE}=${Buffer.from(stranger.uid).toString('base64url')}.${ownerCookie.split('.')[1]}.${signature}`,
      `${MEDIA_COOKIE}=${ownerCookie.split('=')[1].split('.')[0]}.${later}.${signature}`,
      `${MEDIA_COOKIE}=${signMediaSession(Buffer.alloc(32, 7), owner.uid, later)}`,
      `${MEDIA_COOKIE}=${signMediaSession(secretOf(), owner.uid, Date.now() - 1000)}`,
      `${MEDIA_COOKIE}=`,
      `${MEDIA_COOKIE}=${'a'.repeat(600)}`,
      `outro=${ownerCookie.split('=')[1]}`,
    ];
    for (const cookie of forgeries) {
      const response = await get(photo, cookie);
      // Nobody it vouches for: the link alone, which needs a login.
      expect({ cookie, status: response.statusCode }).toEqual({ cookie, status: 401 });
      expect(response.rawPayload.includes(Buffer.from([0xff, 0xd8, 0xff]))).toBe(false);
    }
    // The same signer with a future expiry is good: the refusals above are about the forgery.
    expect((await get(photo, `${MEDIA_COOKIE}=${signMediaSession(secretOf(), owner.uid, later)}`)).statusCode).toBe(
      200,
    );
  });

  it('answer 404 for an unknown event or a path that names no media file, signed in or not', async () => {
    for (const url of [
      '/media/nada/pad/x.jpg',
      '/media/privada/pad',
      '/media/privada/pad/a/b.jpg',
      '/media/privada/nulo/x.jpg',
      '/thumbs/privada/pad/x.jpg',
      '/display/privada/pad/x.jpg',
      '/display/privada/pad/x.jpg.webp',
      '/media/privada%2Fpad/x.jpg/y',
    ]) {
      expect({ url, status: (await get(url, ownerCookie)).statusCode }).toEqual({ url, status: 404 });
    }
  });
});

describe("a public event's media", () => {
  it('stay open to anyone and cached by anyone, thumbnails and renditions too', async () => {
    for (const url of [
      '/media/festa_ana/pad/a1.jpg',
      '/thumbs/festa_ana/pad/a1.jpg.webp',
      '/display/festa_ana/pad/a1.jpg.webp',
    ]) {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    const range = await get('/media/festa_ana/360/v1.mp4', undefined, { range: 'bytes=0-3' });
    expect(range.statusCode).toBe(206);
  });
});

describe("a link-only event's media", () => {
  it(`open by their random link without a login, which makes its visitor a guest: the galleries and card open to them, \
not to a stranger`, async () => {
    const url = await onlyUrl('/api/all/ligada/pad', guest.token);
    expect(url).toMatch(RANDOM_NAME);
    const file = await get(url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['cache-control']).toBe('private, no-cache');
    expect((await get(`${url.replace('/media/', '/thumbs/')}.webp`)).statusCode).toBe(200);
    expect((await get(`${url.replace('/media/', '/display/')}.webp`)).statusCode).toBe(200);

    // Strangers, signed in or not, learn nothing of the event.
    expect((await server.call({ method: 'GET', url: '/api/all/ligada/pad' })).statusCode).toBe(404);
    expect((await server.call({ method: 'GET', url: '/api/all/ligada/pad', token: stranger.token })).statusCode).toBe(
      404,
    );
    expect(
      (await server.call({ method: 'GET', url: '/api/eventos/ligada/agent0001', token: stranger.token })).json(),
    ).toEqual([]);
    // A new visitor opens the link, signed out: its galleries and its card are theirs now, with no login.
    const visitor = 'agentenovo000001';
    expect((await get(url, server.visitorCookie(visitor))).statusCode).toBe(200);
    expect(
      (
        await server.call({
          method: 'GET',
          url: '/api/all/ligada/pad',
          headers: { cookie: server.visitorCookie(visitor) },
        })
      ).statusCode,
    ).toBe(200);
    const cards = (
      await server.call({
        method: 'GET',
        url: `/api/eventos/ligada/${visitor}`,
        headers: { cookie: server.visitorCookie(visitor) },
      })
    ).json<{ title: string; visible: boolean; visibility: string }[]>();
    expect(cards.map((c) => [c.title, c.visible, c.visibility])).toEqual([['ligada', false, 'link']]);
    // A name that is not its random one is nothing to a stranger.
    expect((await get('/media/ligada/pad/l1.jpg')).statusCode).toBe(404);
  });
});

describe('file names', () => {
  it('of a private event are random, 128 bits, one per upload; a retried upload keeps its name', async () => {
    const image = await jpeg(80, 60);
    const first = await upload(cam2, 'IMG_0001.jpg', image);
    const second = await upload(cam2, 'IMG_0002.jpg', image);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const [a, b] = [first.json<{ url: string }>().url, second.json<{ url: string }>().url];
    expect(a).toMatch(RANDOM_NAME);
    expect(b).toMatch(RANDOM_NAME);
    expect(a).not.toBe(b);
    // 32 hex digits: 128 bits, and not the name the booth asked for.
    expect(RANDOM_NAME.exec(a)?.[3]).toHaveLength(32);
    expect(a).not.toContain('IMG_0001');
    expect(fs.existsSync(path.join(server.dataDir, a))).toBe(true);

    const retried = await upload(cam2, 'IMG_0001.jpg', image);
    expect(retried.json<{ url: string }>().url).toBe(a);
    await server.jobsDone();
    const { product } = (await server.call({ method: 'GET', url: '/api/all/privada/pad', token: guest.token })).json<{
      product: string[];
    }>();
    expect(product.filter((u) => u === a || u === b)).toEqual([a, b]);
  });

  it('of a public event are the ones the booth asked for', async () => {
    const response = await upload(camera, 'publica-01.jpg', await jpeg(80, 60));
    expect(response.json()).toEqual({ url: '/media/festa_ana/pad/publica-01.jpg' });
  });
});

describe('PUT /api/events/{bname}/visibility', () => {
  const put = (eventName: EventName, body: unknown, token?: string) =>
    server.call({
      method: 'PUT',
      url: `/api/events/${eventName}/visibility`,
      token,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
  const visibilityOf = async (name: string) =>
    (await server.db.query<{ visibility: string }>('SELECT visibility FROM events WHERE name = $1', [name])).rows[0]
      .visibility;

  it(`lets the owner make the event private: its media close at once, its old names stay, new ones are \
random`, async () => {
    // Asked once while public: the gate's cache holds 'public' now.
    expect((await get('/media/outra/pad/o1.jpg')).statusCode).toBe(200);

    const response = await put('outra', { visibility: 'private' }, owner.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ bname: 'outra', visibility: 'private' });
    expect(await visibilityOf('outra')).toBe('private');

    const closed = await get('/media/outra/pad/o1.jpg');
    expect(closed.statusCode).toBe(404);
    expect((await get('/display/outra/pad/o1.jpg.webp')).statusCode).toBe(404);
    expect((await get('/media/outra/pad/o1.jpg', ownerCookie)).statusCode).toBe(200);
    expect((await server.call({ method: 'GET', url: '/api/all/outra/pad' })).statusCode).toBe(404);
    expect((await server.call({ method: 'GET', url: '/api/all/outra/pad', token: owner.token })).statusCode).toBe(200);

    const uploaded = await upload(cam3, 'depois.jpg', await jpeg(40, 30));
    expect(uploaded.json<{ url: string }>().url).toMatch(RANDOM_NAME);

    // And public again: open to anyone, cached by anyone.
    expect((await put('outra', { visibility: 'public' }, owner.token)).statusCode).toBe(200);
    const open = await get('/media/outra/pad/o1.jpg');
    expect(open.statusCode).toBe(200);
    expect(open.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('refuses another user (403) and a signed-out caller (401), and changes nothing', async () => {
    const other = await put('ligada', { visibility: 'public' }, stranger.token);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({
      error: 'not_event_owner',
      message: 'Só quem contratou o evento pode mudar quem vê as fotos.',
    });
    expect((await put('privada', { visibility: 'public' }, guest.token)).statusCode).toBe(403);
    expect((await put('ligada', { visibility: 'public' })).statusCode).toBe(401);
    expect(await visibilityOf('ligada')).toBe('link');
    expect(await visibilityOf('privada')).toBe('private');
  });

  it(`follows the account's paid order: whoever created the event from it owns it, and load_events says its \
visibility`, async () => {
    const buyer = await newUser('compradora');
    await loadBasicSeed(server, {
      accounts: [{ uid: buyer.uid, email: buyer.email, displayName: 'Compradora' }],
      orders: [
        {
          orderId: '987654321',
          coupon: 'DEZ',
          uid: buyer.uid,
          clientName: 'Compradora',
          email: buyer.email,
          cpf: '52998224725',
          eventName: 'Formatura',
          eventDate: '2027-05-20',
          eventTime: '19:30',
          paymentMethod: 'card',
          status: 'approved',
          products: [{ id: 'album' }],
        },
      ],
    });
    const made = await server.call({
      method: 'GET',
      url: '/api/create_event/formatura_compradora/987654321',
      token: buyer.token,
    });
    expect({ status: made.statusCode, body: made.body }).toEqual({ status: 200, body: 'ok' });
    const ownEvents = async () =>
      (await server.call({ method: 'GET', url: '/api/load_events', token: buyer.token })).json<
        { createdName?: string; visibility?: string }[]
      >();
    expect((await ownEvents()).map((e) => [e.createdName, e.visibility])).toEqual([['formatura_compradora', 'public']]);

    expect((await put('formatura_compradora', { visibility: 'link' }, owner.token)).statusCode).toBe(403);
    expect((await put('formatura_compradora', { visibility: 'link' }, buyer.token)).statusCode).toBe(200);
    expect((await ownEvents()).map((e) => [e.createdName, e.visibility])).toEqual([['formatura_compradora', 'link']]);
  });

  it('lets the team set any event', async () => {
    const team = await newTeamMember();
    const response = await put('privada', { visibility: 'link' }, team.token);
    expect(response.statusCode).toBe(200);
    expect(await visibilityOf('privada')).toBe('link');
    expect((await put('privada', { visibility: 'private' }, team.token)).statusCode).toBe(200);
  });

  it('refuses a bad body, an odd name and an unknown event', async () => {
    for (const body of [
      { visibility: 'secreto' },
      {},
      { visibility: 'public', extra: 1 },
      { visibility: true },
      'public',
    ]) {
      const response = await put('ligada', body, owner.token);
      expect({ body, status: response.statusCode }).toEqual({ body, status: 400 });
    }
    expect((await put('..%2Fligada', { visibility: 'public' }, owner.token)).statusCode).toBe(400);
    expect((await put('nada', { visibility: 'public' }, owner.token)).statusCode).toBe(404);
    expect(await visibilityOf('ligada')).toBe('link');
  });
});
