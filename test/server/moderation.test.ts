import crypto from 'node:crypto';
import { unzipSync } from 'fflate';
import { DEVICE_PATHS } from '../../contract/devicePaths';
import type {
  DeviceLastReply,
  EventCard,
  ModeratedMedium,
  ModerationReply,
  ModerationSettingsReply,
  WallNightReply,
  WallReply,
} from '../../contract/wire';
import { descriptorBytes } from '../../server/src/modules/faces/model/faceMatch';
import { searchFaces } from '../../server/src/modules/faces/faceSearch';
import { DEVICE_KEYS, jpeg, loadBasicSeed } from './support/fixtures';
import { follow } from './support/followStream';
import { newTeamMember, newUser, startTestServer, type TestServer, type TestUser } from './support/testServer';

/**
 * Moderation (docs/product.md#moderation, docs/api.md#moderation): the owner and the team hide a
 * booth medium from every place it shows (galleries and their streams, the wall, 'Baixar todas',
 * a collection's ZIP, face search, deviceLast, print, its files) and show it again; 'Aprovar
 * antes do telão' keeps new photos off the wall until approved, and the galleries too when asked.
 */
let server: TestServer;
let base: string;
let owner: TestUser;
let team: TestUser;
let stranger: TestUser;

const A2 = '/media/festa_ana/pad/a2.jpg';
const camera = { 'x-device-id': 'cam1', 'x-device-key': DEVICE_KEYS.camera, 'content-type': 'image/jpeg' };

beforeAll(async () => {
  server = await startTestServer();
  await loadBasicSeed(server);
  owner = await newUser('dona-da-moderacao');
  team = await newTeamMember();
  stranger = await newUser('estranha-moderacao');
  await server.db.query("UPDATE events SET owner_uid = $1 WHERE name IN ('festa_ana', 'privada')", [owner.uid]);
  base = await server.app.listen({ host: '127.0.0.1', port: 0 });
});

afterAll(() => server.close());

const moderate = (url: string, action: string, token = owner.token, eventName = 'festa_ana') =>
  server.call({ method: 'POST', url: `/api/events/${eventName}/moderacao`, token, payload: { url, action } });
const moderation = async (filtro = 'todas', token = owner.token) => {
  const response = await server.call({ method: 'GET', url: `/api/events/festa_ana/moderacao?filtro=${filtro}`, token });
  expect(response.statusCode).toBe(200);
  return response.json<ModerationReply>();
};
const settle = async (wallApproval: boolean, holdGalleries: boolean) => {
  const response = await server.call({
    method: 'PUT',
    url: '/api/events/festa_ana/moderacao/ajustes',
    token: owner.token,
    payload: { wallApproval, holdGalleries },
  });
  expect(response.statusCode).toBe(200);
  return response.json<ModerationSettingsReply>();
};
const get = (url: string, headers: Record<string, string> = {}) => server.call({ method: 'GET', url, headers });
const gallery = async (mode = 'pad') => (await get(`/api/all/festa_ana/${mode}`)).json<{ product: string[] }>().product;
const wall = async () => (await get('/api/telao/festa-ana-1')).json<WallReply>();
const night = async () => (await get('/api/telao/festa-ana-1/noite')).json<WallNightReply>().product;
const zipNames = async () =>
  Object.keys(unzipSync(new Uint8Array((await get('/api/baixar/festa_ana/pad')).rawPayload)));
const collectionZip = (items: string[]) =>
  server.call({
    method: 'POST',
    url: '/api/baixar/colecao',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(items.map((item): [string, string] => ['itens', item])).toString(),
  });
const photos = async () =>
  (await get('/api/eventos/festa_ana/-')).json<EventCard[]>().find((card) => card.title === 'festa_ana')?.photos;
const print = (url: string) =>
  get(`/api/print/PACK5/${encodeURIComponent(url)}?request=tap-${crypto.randomBytes(8).toString('hex')}`);
const copies = async () =>
  (await server.db.query<{ copies: number }>("SELECT copies FROM packs WHERE hash = 'PACK5'")).rows[0].copies;
const mediaCookie = async (user: TestUser) => {
  const session = await server.call({ method: 'POST', url: '/api/media-session', token: user.token });
  return [session.headers['set-cookie']]
    .flat()
    .map((cookie) => String(cookie).split(';')[0])
    .join('; ');
};
const upload = async (file: string) => {
  const sent = await server.call({
    method: 'POST',
    url: `${DEVICE_PATHS.media}?file=${file}`,
    headers: camera,
    payload: await jpeg(320, 240),
  });
  expect(sent.statusCode).toBe(200);
  await server.jobsDone();
  return `/media/festa_ana/pad/${file}`;
};

describe('who moderates', () => {
  it("is the event's owner and the team alone", async () => {
    const signedOut = await server.call({
      method: 'POST',
      url: '/api/events/festa_ana/moderacao',
      payload: { url: A2, action: 'hide' },
    });
    expect(signedOut.statusCode).toBe(401);
    const refused = await moderate(A2, 'hide', stranger.token);
    expect({ status: refused.statusCode, error: refused.json<{ error: string }>().error }).toEqual({
      status: 403,
      error: 'not_event_owner',
    });
    expect(
      (await server.call({ method: 'GET', url: '/api/events/festa_ana/moderacao', token: stranger.token })).statusCode,
    ).toBe(403);
    expect((await moderate(A2, 'approve', team.token)).statusCode).toBe(200);
    expect((await moderate('/media/nao_existe/pad/a1.jpg', 'hide', owner.token, 'nao_existe')).statusCode).toBe(404);
  });

  it("refuses a medium of another event, or none, as not this event's (404), changing nothing", async () => {
    for (const url of ['/media/outra/pad/o1.jpg', '/media/festa_ana/pad/nao-ha.jpg', 'nada'])
      expect((await moderate(url, 'hide')).json<{ error: string }>()).toMatchObject({ error: 'media_not_found' });
    const { rows } = await server.db.query('SELECT 1 FROM media WHERE hidden_at IS NOT NULL');
    expect(rows).toHaveLength(0);
  });
});

describe('a hidden photo', () => {
  it('leaves the gallery, the wall, the ZIPs, the card, deviceLast and print; its file 404s to guests', async () => {
    const before = { photos: await photos(), copies: await copies() };
    expect(await gallery()).toContain(A2);
    // A print of it waits in the queue: hidden, it will not print, and its copy goes back.
    expect((await print(A2)).statusCode).toBe(200);
    expect(await copies()).toBe(before.copies - 1);
    const hidden = await moderate(A2, 'hide');
    expect(hidden.json<ModeratedMedium>()).toEqual({ url: A2, hidden: true, awaiting: false });
    // Asked again (a retried tap), it stays as it was.
    const at = (await server.db.query("SELECT hidden_at FROM media WHERE file = 'a2.jpg'")).rows[0] as unknown;
    expect((await moderate(A2, 'hide')).json<ModeratedMedium>().hidden).toBe(true);
    expect((await server.db.query("SELECT hidden_at FROM media WHERE file = 'a2.jpg'")).rows[0]).toEqual(at);

    expect(await gallery()).not.toContain(A2);
    const onWall = await wall();
    expect(onWall.product).not.toContain(A2);
    expect(onWall.withdrawn).toEqual([A2]);
    expect(await night()).not.toContain(A2);
    expect(await zipNames()).toEqual(['a1.jpg']);
    const fromCollection = unzipSync(
      new Uint8Array((await collectionZip([A2, '/media/festa_ana/pad/a1.jpg'])).rawPayload),
    );
    expect(Object.keys(fromCollection)).toEqual(['a1.jpg']);
    expect((await collectionZip([A2])).json<{ error: string }>().error).toBe('nothing_to_download');
    expect(await photos()).toBe((before.photos ?? 0) - 1);
    expect((await get('/api/deviceLast/festa_ana/cam1')).json<DeviceLastReply>().product).toEqual([
      '/media/festa_ana/pad/a1.jpg',
    ]);
    const printed = await print(A2);
    expect({ status: printed.statusCode, error: printed.json<{ error: string }>().error }).toEqual({
      status: 404,
      error: 'media_not_found',
    });
    expect(await copies()).toBe(before.copies);
    const { rows: jobs } = await server.db.query<{ status: string }>(
      "SELECT j.status FROM print_jobs j JOIN media m ON m.id = j.media_id WHERE m.file = 'a2.jpg'",
    );
    expect(jobs).toEqual([{ status: 'failed' }]);

    for (const url of [A2, '/thumbs/festa_ana/pad/a2.jpg.webp', '/display/festa_ana/pad/a2.jpg.webp']) {
      const file = await server.call({ method: 'HEAD', url });
      expect({ url, status: file.statusCode, hidden: file.headers['x-media-hidden'] }).toEqual({
        url,
        status: 404,
        hidden: '1',
      });
      expect(file.headers['cache-control']).toBe('no-store');
    }
    expect((await get(A2)).json<{ error: string }>().error).toBe('media_hidden');
  });

  it('still opens for the owner and the team, never into a shared cache', async () => {
    for (const user of [owner, team]) {
      const file = await get(A2, { cookie: await mediaCookie(user) });
      expect(file.statusCode).toBe(200);
      expect(file.headers['cache-control']).toBe('private, no-cache');
    }
    expect((await get(A2, { cookie: await mediaCookie(stranger) })).statusCode).toBe(404);
  });

  it('is no longer found by face search', async () => {
    const { rows } = await server.db.query<{ id: string; file: string }>(
      "SELECT id, file FROM media WHERE event_name = 'festa_ana' AND mode = 'pad' ORDER BY id",
    );
    const face = Float32Array.from({ length: 128 }, (_, i) => (i % 7) / 10);
    for (const row of rows) {
      await server.db.query(
        "INSERT INTO face_photos (media_id, event_name, status) VALUES ($1, 'festa_ana', 'indexed')",
        [row.id],
      );
      await server.db.query(
        `INSERT INTO face_descriptors (media_id, event_name, box, descriptor)
         VALUES ($1, 'festa_ana', '{0,0,1,1}', $2)`,
        [row.id, descriptorBytes(face)],
      );
    }
    await server.db.query("UPDATE events SET face_search = true WHERE name = 'festa_ana'");
    const found = (await searchFaces(server.db, face, ['festa_ana'])).map((photo) => photo.url);
    expect(found).toEqual(['/media/festa_ana/pad/a1.jpg']);
    await moderate(A2, 'show');
    expect((await searchFaces(server.db, face, ['festa_ana'])).map((photo) => photo.url).sort()).toEqual([
      '/media/festa_ana/pad/a1.jpg',
      A2,
    ]);
    await moderate(A2, 'hide');
  });

  it('comes back everywhere once shown', async () => {
    expect((await moderate(A2, 'show')).json<ModeratedMedium>()).toEqual({ url: A2, hidden: false, awaiting: false });
    expect(await gallery()).toContain(A2);
    const onWall = await wall();
    expect(onWall.product).toContain(A2);
    expect(onWall.withdrawn).toBeUndefined();
    expect(await zipNames()).toEqual(['a2.jpg', 'a1.jpg']);
    expect((await get('/api/deviceLast/festa_ana/cam1')).json<DeviceLastReply>().product).toEqual([A2]);
    const file = await get(A2);
    expect(file.statusCode).toBe(200);
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await print(A2)).statusCode).toBe(200);
  });

  it("moves the open gallery's and wall's streams the moment it is hidden, and again when shown", async () => {
    const galleryStream = await follow(`${base}/api/live/festa_ana/pad`);
    const wallStream = await follow(`${base}/api/telao/festa-ana-1/ao-vivo`);
    try {
      const [galleryFirst] = await galleryStream.next(1);
      const [wallFirst] = await wallStream.next(1);
      await moderate(A2, 'hide');
      const [, galleryHidden] = await galleryStream.next(2);
      const [, wallHidden] = await wallStream.next(2);
      expect(galleryHidden.data).not.toEqual(galleryFirst.data);
      expect(wallHidden.data).not.toEqual(wallFirst.data);
      await moderate(A2, 'show');
      const [, , galleryShown] = await galleryStream.next(3);
      const [, , wallShown] = await wallStream.next(3);
      expect(galleryShown.data).toEqual(galleryFirst.data);
      expect(wallShown.data).toEqual(wallFirst.data);
    } finally {
      await galleryStream.close();
      await wallStream.close();
    }
  });

  it("is listed to the owner with the counts, under 'ocultas' too", async () => {
    await moderate(A2, 'hide');
    const all = await moderation();
    expect(all).toMatchObject({ wallApproval: false, holdGalleries: false, waiting: 0, hidden: 1, next: null });
    expect(all.media.find((medium) => medium.url === A2)).toEqual({ url: A2, hidden: true, awaiting: false });
    expect((await moderation('ocultas')).media).toEqual([{ url: A2, hidden: true, awaiting: false }]);
    await moderate(A2, 'show');
  });
});

describe("'Aprovar antes do telão'", () => {
  it('keeps a new photo off the wall, not off the galleries, until approved', async () => {
    expect(await settle(true, false)).toEqual({ wallApproval: true, holdGalleries: false, waiting: 0, hidden: 0 });
    const url = await upload('aprovar-1.jpg');
    expect(await gallery()).toContain(url);
    expect((await wall()).product).not.toContain(url);
    expect(await night()).not.toContain(url);
    expect((await moderation('fila')).media).toEqual([{ url, hidden: false, awaiting: true }]);
    expect((await moderate(url, 'approve')).json<ModeratedMedium>()).toEqual({ url, hidden: false, awaiting: false });
    expect((await wall()).product[0]).toBe(url);
    expect((await moderation('fila')).media).toEqual([]);
  });

  it('keeps it off the galleries too when the owner holds them; hidden from the queue, it leaves it', async () => {
    expect(await settle(true, true)).toMatchObject({ wallApproval: true, holdGalleries: true });
    const url = await upload('aprovar-2.jpg');
    expect(await gallery()).not.toContain(url);
    expect((await get('/api/deviceLast/festa_ana/cam1')).json<DeviceLastReply>().product).toEqual([url]);
    expect((await moderation()).waiting).toBe(1);
    await moderate(url, 'hide');
    expect(await moderation('fila')).toMatchObject({ waiting: 0, hidden: 1, media: [] });
    await moderate(url, 'show');
    expect(await gallery()).toContain(url);
    expect((await wall()).product[0]).toBe(url);
  });

  it('turned off, lets what waited go on the wall; holding the galleries needs it on', async () => {
    const url = await upload('aprovar-3.jpg');
    expect((await wall()).product).not.toContain(url);
    expect(await settle(false, true)).toEqual({ wallApproval: false, holdGalleries: false, waiting: 0, hidden: 0 });
    expect((await wall()).product[0]).toBe(url);
    expect(await gallery()).toContain(url);
  });
});

describe("the owner's list", () => {
  it('comes in pages, newest first, each with the cursor of the next', async () => {
    await server.db.query(
      `INSERT INTO media (event_name, mode, file, kind)
       SELECT 'outra', 'pad', 'pagina-' || n || '.jpg', 'image' FROM generate_series(1, 65) AS n`,
    );
    await server.db.query("UPDATE events SET owner_uid = $1 WHERE name = 'outra'", [owner.uid]);
    const page = (query: string) =>
      server.call({ method: 'GET', url: `/api/events/outra/moderacao${query}`, token: owner.token });
    const first = (await page('')).json<ModerationReply>();
    expect(first.media).toHaveLength(60);
    expect(first.media[0].url).toBe('/media/outra/pad/pagina-65.jpg');
    const second = (await page(`?antes=${first.next}`)).json<ModerationReply>();
    expect(second.media.map((medium) => medium.url)).toEqual([
      ...[5, 4, 3, 2, 1].map((n) => `/media/outra/pad/pagina-${n}.jpg`),
      '/media/outra/pad/o1.jpg',
    ]);
    expect(second.next).toBeNull();
    expect((await page('?antes=x')).statusCode).toBe(400);
  });
});
