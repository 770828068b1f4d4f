import { WALL_HISTORY, WALL_NIGHT_PAGE } from '../../contract/wall';
import type { WallLinkReply, WallNightReply, WallReply } from '../../contract/wire';
import { attend, collectLinkOf, DEVICE_KEYS, jpeg, loadBasicSeed } from './support/fixtures';
import { follow } from './support/followStream';
import { newTeamMember, newUser, startTestServer, type TestServer, type TestUser } from './support/testServer';
import { DEVICE_PATHS } from '../../contract/devicePaths';
import type { EventName } from '../../contract/names';

/**
 * The live wall (docs/api.md#the-live-wall): a TV at the venue shows an event's newest
 * booth media, told of each new one by a stream. A public event's wall is anyone's; any other
 * event's opens for its owner, the team, and the wall link the owner makes and may revoke, whose
 * key also opens the event's files to that screen (a cookie), grants it nothing, and
 * stops the moment it is revoked.
 */
let server: TestServer;
let base: string;
let owner: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  await loadBasicSeed(server);
  owner = await newUser('dona-do-telao');
  await server.db.query("UPDATE events SET owner_uid = $1 WHERE name = 'privada'", [owner.uid]);
  base = await server.app.listen({ host: '127.0.0.1', port: 0 });
});

afterAll(() => server.close());

const wall = (publicId: string, { token, key, cookie }: { token?: string; key?: string; cookie?: string } = {}) =>
  server.call({
    method: 'GET',
    url: `/api/telao/${publicId}${key === undefined ? '' : `?chave=${encodeURIComponent(key)}`}`,
    token,
    headers: cookie ? { cookie } : {},
  });
const wallLink = (method: 'GET' | 'POST' | 'DELETE', eventName: EventName, token?: string) =>
  server.call({ method, url: `/api/events/${eventName}/telao`, token });
const newKey = async () => (await wallLink('POST', 'privada', owner.token)).json<WallLinkReply>().key as string;
const cookieOf = (response: { headers: Record<string, unknown> }) => {
  const header = [response.headers['set-cookie']]
    .flat()
    .find((value): value is string => typeof value === 'string' && value.startsWith('cabine_telao_'));
  return header?.split(';')[0];
};
const camera = { 'x-device-id': 'cam1', 'x-device-key': DEVICE_KEYS.camera };

describe("a public event's wall", () => {
  it('shows its title, cover and booth media of every mode, newest first, to anyone', async () => {
    await server.db.query("UPDATE events SET cover = '/media/festa_ana/pad/a1.jpg' WHERE name = 'festa_ana'");
    const response = await wall('festa-ana-1');
    expect(response.statusCode).toBe(200);
    const reply = response.json<WallReply>();
    expect(reply).toEqual({
      bname: 'festa_ana',
      displayTitle: 'Festa da Ana',
      cover: '/media/festa_ana/pad/a1.jpg',
      product: expect.arrayContaining([
        '/media/festa_ana/pad/a1.jpg',
        '/media/festa_ana/polaroid/p1.jpg',
        '/media/festa_ana/360/v1.mp4',
      ]),
      // A public event's collect links open it by themselves: no QR code needs a wall code.
      codes: {},
      visibility: 'public',
    });
    const { rows } = await server.db.query<{ url: string }>(
      "SELECT '/media/' || event_name || '/' || mode || '/' || file AS url FROM media WHERE event_name = " +
        "'festa_ana' AND role = 'booth' ORDER BY created_at DESC, id DESC",
    );
    expect(reply.product).toEqual(rows.map((row) => row.url));
    // No cookie: a public event's files are everyone's already.
    expect(cookieOf(response)).toBeUndefined();
  });

  it('holds a bounded history however long the party: the newest WALL_HISTORY', async () => {
    await server.db.query(
      `INSERT INTO media (event_name, mode, file, kind, created_at)
       SELECT 'outra', 'pad', 'muitas-' || n || '.jpg', 'image', now() + n * interval '1 second' FROM generate_series(1,
         $1::int) AS n`,
      [WALL_HISTORY + 15],
    );
    const { product } = (await wall('outra-1')).json<WallReply>();
    expect(product).toHaveLength(WALL_HISTORY);
    expect(product[0]).toBe(`/media/outra/pad/muitas-${WALL_HISTORY + 15}.jpg`);
    expect(product.at(-1)).toBe('/media/outra/pad/muitas-16.jpg');
  });

  it('reads the whole night a page at a time, oldest first, however long the party', async () => {
    const night: string[] = [];
    let after: string | null = null;
    for (let pages = 0; pages < 10; pages += 1) {
      const response = await server.call({
        method: 'GET',
        url: `/api/telao/outra-1/noite${after === null ? '' : `?depois=${after}`}`,
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('private, no-store');
      const page = response.json<WallNightReply>();
      expect(page.product.length).toBeLessThanOrEqual(WALL_NIGHT_PAGE);
      expect(page.codes).toEqual({});
      night.push(...page.product);
      after = page.next;
      if (after === null) break;
    }
    const { rows } = await server.db.query<{ url: string }>(
      "SELECT '/media/' || event_name || '/' || mode || '/' || file AS url FROM media WHERE event_name = " +
        "'outra' AND role = 'booth' ORDER BY created_at, id",
    );
    expect(rows.length).toBeGreaterThan(WALL_NIGHT_PAGE);
    expect(night).toEqual(rows.map((row) => row.url));
    // A cursor the server never gave is refused (400), never a 500.
    for (const bad of ['x', '1-', '9999999999999999999-1', '1-2-3'])
      expect((await server.call({ method: 'GET', url: `/api/telao/outra-1/noite?depois=${bad}` })).statusCode).toBe(
        400,
      );
    expect(
      (
        await server.call({ method: 'GET', url: '/api/telao/outra-1/noite?depois=999999999999999999-1' })
      ).json<WallNightReply>(),
    ).toEqual({
      product: [],
      codes: {},
      next: null,
    });
  });

  it('answers 304 while nothing changed, and the list again once a photo came', async () => {
    const first = await wall('festa-ana-1');
    const etag = first.headers.etag as string;
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const same = await server.call({
      method: 'GET',
      url: '/api/telao/festa-ana-1',
      headers: { 'if-none-match': etag },
    });
    expect(same.statusCode).toBe(304);
    const sent = await server.call({
      method: 'POST',
      url: `${DEVICE_PATHS.media}?file=telao-novo.jpg`,
      headers: { ...camera, 'content-type': 'image/jpeg' },
      payload: await jpeg(320, 240),
    });
    expect(sent.statusCode).toBe(200);
    await server.jobsDone();
    const after = await server.call({
      method: 'GET',
      url: '/api/telao/festa-ana-1',
      headers: { 'if-none-match': etag },
    });
    expect(after.statusCode).toBe(200);
    expect(after.json<WallReply>().product[0]).toBe('/media/festa_ana/pad/telao-novo.jpg');
  });
});

describe("a private event's wall", () => {
  it("is nobody else's: a stranger, a guest who was there and a wrong key learn nothing of it", async () => {
    const unknown = (await wall('nao-existe-1')).json();
    const guest = await newUser('convidada-telao');
    await attend(server, 'privada', 'agentetelao00001', guest.token);
    for (const response of [
      await wall('privada-1'),
      await wall('privada-1', { token: (await newUser('estranha')).token }),
      await wall('privada-1', { token: guest.token, cookie: server.visitorCookie('agentetelao00001') }),
      await wall('privada-1', { key: 'chave-inventada-0000000000000000' }),
      await wall('privada-1', { key: '<script>' }),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(unknown);
    }
  });

  it('opens for its owner and for the team from their accounts', async () => {
    const reply = (await wall('privada-1', { token: owner.token })).json<WallReply>();
    expect(reply.product).toEqual([await collectLinkOf(server, 'privada')]);
    // What decides its QR codes' wall codes: the wall reads its night afresh when it changes.
    expect(reply.visibility).toBe('private');
    expect((await wall('privada-1', { token: (await newTeamMember()).token })).statusCode).toBe(200);
  });

  it(`opens with the owner's wall link, whose cookie opens the event's files to that screen until the link is \
revoked`, async () => {
    const key = await newKey();
    const opened = await wall('privada-1', { key });
    expect(opened.statusCode).toBe(200);
    expect(opened.json<WallReply>().displayTitle).toBe('privada');
    const cookie = cookieOf(opened);
    expect(cookie).toMatch(/^cabine_telao_privada=/);
    expect(
      String([opened.headers['set-cookie']].flat().find((value) => String(value).startsWith('cabine_telao'))),
    ).toMatch(/HttpOnly; SameSite=Lax/);
    const file = (url: string, headers: Record<string, string> = {}) => server.call({ method: 'GET', url, headers });
    const photo = await collectLinkOf(server, 'privada');
    expect((await file(photo, { cookie: cookie as string })).statusCode).toBe(200);
    expect((await file(`${photo.replace('/media/', '/thumbs/')}.webp`, { cookie: cookie as string })).statusCode).toBe(
      200,
    );
    // Without it, the file asks for a login (a collect link's own file), as for any guest.
    expect((await file(photo)).statusCode).toBe(401);
    // A screen's wall is not a ZIP of the whole event: 'Baixar todas' stays the guests'.
    expect((await file('/api/baixar/privada/pad', { cookie: cookie as string })).statusCode).toBe(404);
    const collection = await server.call({
      method: 'POST',
      url: '/api/baixar/colecao',
      headers: { cookie: cookie as string, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams([['itens', photo]]).toString(),
    });
    expect(collection.statusCode).toBe(400);
    // Another event's files are not the wall's, even under that event's cookie name and with a wall link of its own.
    await server.db.query("UPDATE events SET visibility = 'private' WHERE name = 'outra'");
    try {
      await wallLink('POST', 'outra', (await newTeamMember()).token);
      const value = (cookie as string).slice((cookie as string).indexOf('=') + 1);
      expect((await file('/media/outra/pad/o1.jpg', { cookie: `cabine_telao_outra=${value}` })).statusCode).toBe(404);
    } finally {
      await server.db.query("UPDATE events SET visibility = 'public', wall_key = NULL WHERE name = 'outra'");
    }

    expect((await wallLink('DELETE', 'privada', owner.token)).json<WallLinkReply>()).toEqual({
      publicId: 'privada-1',
      key: null,
      visibility: 'private',
    });
    expect((await wall('privada-1', { key })).statusCode).toBe(404);
    // The screen is no guest: its file's name opens nothing for it, as for a stranger.
    expect((await file(photo, { cookie: cookie as string })).statusCode).toBe(404);
  });

  it('a new link replaces the old one: the old key and its cookie stop opening anything', async () => {
    const old = await newKey();
    const oldCookie = cookieOf(await wall('privada-1', { key: old })) as string;
    const key = await newKey();
    expect(key).not.toBe(old);
    expect((await wallLink('GET', 'privada', owner.token)).json<WallLinkReply>()).toEqual({
      publicId: 'privada-1',
      key,
      visibility: 'private',
    });
    expect((await wall('privada-1', { key: old })).statusCode).toBe(404);
    expect(
      (
        await server.call({
          method: 'GET',
          url: await collectLinkOf(server, 'privada'),
          headers: { cookie: oldCookie },
        })
      ).statusCode,
    ).toBe(404);
    expect((await wall('privada-1', { key })).statusCode).toBe(200);
  });

  it(`goes with every guest's access when the owner takes it: the old link and its cookie open nothing, at either \
address`, async () => {
    const key = await newKey();
    const cookie = cookieOf(await wall('privada-1', { key })) as string;
    const revoked = await server.call({ method: 'POST', url: '/api/events/privada/access/revoke', token: owner.token });
    const { publicId } = revoked.json<{ publicId: string }>();
    try {
      expect((await wall(publicId, { key })).statusCode).toBe(404);
      expect((await wall('privada-1', { key })).statusCode).toBe(404);
      expect(
        (await server.call({ method: 'GET', url: await collectLinkOf(server, 'privada'), headers: { cookie } }))
          .statusCode,
      ).not.toBe(200);
      expect((await wallLink('GET', 'privada', owner.token)).json<WallLinkReply>()).toEqual({
        publicId,
        key: null,
        visibility: 'private',
      });
    } finally {
      await server.db.query("UPDATE events SET public_id = 'privada-1' WHERE name = 'privada'");
    }
  });

  it(`gives its QR codes a wall code where a photo's own link would not open the event: stored before every guest's \
access was last revoked`, async () => {
    // As before any revocation (an earlier test made one).
    await server.db.query("UPDATE events SET grants_reset_at = NULL WHERE name = 'privada'");
    const before = (await wall('privada-1', { token: owner.token })).json<WallReply>();
    expect(before.product.length).toBeGreaterThan(0);
    // Stored under random names since the last revocation: their own links open the event.
    expect(before.codes).toEqual({});
    const revoked = await server.call({ method: 'POST', url: '/api/events/privada/access/revoke', token: owner.token });
    const { publicId } = revoked.json<{ publicId: string }>();
    try {
      const after = (await wall(publicId, { token: owner.token })).json<WallReply>();
      expect(Object.keys(after.codes ?? {}).sort()).toEqual([...after.product].sort());
      for (const code of Object.values(after.codes ?? {})) expect(code).toMatch(/^[A-Za-z0-9_-]{22}$/);
      const night = (
        await server.call({ method: 'GET', url: `/api/telao/${publicId}/noite`, token: owner.token })
      ).json<WallNightReply>();
      for (const url of night.product) expect(night.codes[url]).toBe(after.codes?.[url]);
      // A photo stored after it opens the event by its own link: no code.
      await server.db.query(
        "INSERT INTO media (event_name, mode, file, kind, unguessable, created_at) VALUES ('privada', 'pad', " +
          "'Depois0a1b2c3d4e5f6g7h.jpg', 'image', true, now() + interval '1 minute')",
      );
      const url = '/media/privada/pad/Depois0a1b2c3d4e5f6g7h.jpg';
      const latest = (await wall(publicId, { token: owner.token })).json<WallReply>();
      expect(latest.product[0]).toBe(url);
      expect(latest.codes?.[url]).toBeUndefined();
    } finally {
      await server.db.query("DELETE FROM media WHERE file = 'Depois0a1b2c3d4e5f6g7h.jpg'");
      await server.db.query("UPDATE events SET public_id = 'privada-1' WHERE name = 'privada'");
    }
  });

  it("a suspended event's link shows nothing (its order was refunded): only the team opens it", async () => {
    const key = await newKey();
    await server.db.query("UPDATE events SET suspended_at = now() WHERE name = 'privada'");
    try {
      expect((await wall('privada-1', { key })).statusCode).toBe(404);
      expect((await wall('privada-1', { token: owner.token })).statusCode).toBe(404);
      expect((await wall('privada-1', { token: (await newTeamMember()).token })).statusCode).toBe(200);
    } finally {
      await server.db.query("UPDATE events SET suspended_at = NULL WHERE name = 'privada'");
    }
  });
});

describe('a wall link grants nothing but the wall', () => {
  const TV = 'agentedatelevisao';
  /** The screen's browser: its own visitor, given by a page, and the wall's cookie its link set. */
  const screen = async (key: string) => {
    const opened = await wall('privada-1', { key, cookie: server.visitorCookie(TV) });
    expect(opened.statusCode).toBe(200);
    return {
      cookie: `${server.visitorCookie(TV)}; ${cookieOf(opened) as string}`,
      product: opened.json<WallReply>().product,
    };
  };
  const get = (url: string, cookie: string) => server.call({ method: 'GET', url, headers: { cookie } });
  const grantsOfTv = async () =>
    (await server.db.query('SELECT 1 FROM event_grants WHERE holder = $1', [`agent:${TV}`])).rowCount;
  /** Every file the wall shows, as the screen loads it: the file and its thumbnail. */
  const loadWall = async (product: string[], cookie: string) =>
    Promise.all(
      product
        .flatMap((url) => [url, `${url.replace('/media/', '/thumbs/')}.webp`])
        .map(async (url) => (await get(url, cookie)).statusCode),
    );

  // A link-only event: a grant would open its gallery and ZIP with no login at all. Its files
  // still collect links (an earlier test took every guest's access, which ends those of its files).
  beforeEach(() =>
    server.db.query("UPDATE events SET visibility = 'link', grants_reset_at = NULL WHERE name = 'privada'"),
  );
  afterEach(async () => {
    await server.db.query("UPDATE events SET visibility = 'private' WHERE name = 'privada'");
    await server.db.query('DELETE FROM event_grants WHERE holder = $1', [`agent:${TV}`]);
  });

  it(`shows the screen the wall's files and grants it no guest's access: no gallery, no ZIP, no collection \
ZIP`, async () => {
    const { cookie, product } = await screen(await newKey());
    expect(product.length).toBeGreaterThan(0);
    expect(await loadWall(product, cookie)).toEqual(product.flatMap(() => [200, 200]));
    expect(await grantsOfTv()).toBe(0);
    expect((await get('/api/all/privada/pad', cookie)).statusCode).toBe(404);
    expect((await get('/api/baixar/privada/pad', cookie)).statusCode).toBe(404);
    const collection = await server.call({
      method: 'POST',
      url: '/api/baixar/colecao',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(product.map((url): [string, string] => ['itens', url])).toString(),
    });
    expect(collection.statusCode).toBe(400);
    expect(await grantsOfTv()).toBe(0);
  });

  it(`ends at once when the link is revoked or renewed: the screen's files close, and nothing is left \
behind`, async () => {
    const first = await screen(await newKey());
    expect(await loadWall(first.product, first.cookie)).toEqual(first.product.flatMap(() => [200, 200]));
    // Renewed: the old screen's cookie opens nothing, and its file names grant it nothing.
    const second = await screen(await newKey());
    expect(await loadWall(first.product, first.cookie)).toEqual(first.product.flatMap(() => [404, 404]));
    expect(await loadWall(second.product, second.cookie)).toEqual(second.product.flatMap(() => [200, 200]));
    // Revoked: the same.
    await wallLink('DELETE', 'privada', owner.token);
    expect(await loadWall(second.product, second.cookie)).toEqual(second.product.flatMap(() => [404, 404]));
    expect((await get('/api/all/privada/pad', second.cookie)).statusCode).toBe(404);
    expect(await grantsOfTv()).toBe(0);
  });

  it("leaves the wall's QR codes collect links: a phone in the room that opens one is a guest", async () => {
    const { product } = await screen(await newKey());
    const phone = server.visitorCookie('agentedocelular01');
    try {
      expect((await get(product[0], phone)).statusCode).toBe(200);
      expect((await get('/api/all/privada/pad', phone)).statusCode).toBe(200);
    } finally {
      await server.db.query("DELETE FROM event_grants WHERE holder = 'agent:agentedocelular01'");
    }
  });
});

describe("the wall's link, in the owner's hands", () => {
  it('only the owner and the team see, make and revoke it', async () => {
    const stranger = await newUser('intrusa');
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      expect((await wallLink(method, 'privada')).statusCode).toBe(401);
      const refused = await wallLink(method, 'privada', stranger.token);
      expect(refused.statusCode).toBe(403);
      expect(refused.json<{ message: string }>().message).toMatch(/Só quem contratou o evento/);
      expect((await wallLink(method, 'nao_existe', owner.token)).statusCode).toBe(404);
    }
    const team = await newTeamMember();
    expect((await wallLink('POST', 'outra', team.token)).json<WallLinkReply>()).toEqual({
      publicId: 'outra-1',
      key: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/),
      visibility: 'public',
    });
  });

  it('refuses a malformed address with a clear 400, and changes nothing', async () => {
    const response = await server.call({ method: 'GET', url: '/api/telao/..%2Fetc' });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toEqual(expect.any(String));
  });
});

describe("the wall's stream", () => {
  it("says the wall's version at once, and a new one when a booth's photo of any mode joins it", async () => {
    const live = await follow(`${base}/api/telao/festa-ana-1/ao-vivo`);
    try {
      expect(live.response.status).toBe(200);
      expect(live.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      const [first] = await live.next(1);
      expect(first).toEqual({ event: 'gallery', data: { version: expect.any(String) } });
      const sent = await server.call({
        method: 'POST',
        url: `${DEVICE_PATHS.media}?file=telao-ao-vivo.jpg`,
        headers: { ...camera, 'content-type': 'image/jpeg' },
        payload: await jpeg(320, 240),
      });
      expect(sent.statusCode).toBe(200);
      const [, second] = await live.next(2);
      expect(second.event).toBe('gallery');
      expect(second.data).not.toEqual(first.data);
      expect((await wall('festa-ana-1')).json<WallReply>().product[0]).toBe('/media/festa_ana/pad/telao-ao-vivo.jpg');
    } finally {
      await live.close();
    }
  });

  it('opens with the key, and says closed and ends the moment the link is revoked', async () => {
    const key = await newKey();
    expect((await fetch(`${base}/api/telao/privada-1/ao-vivo`)).status).toBe(404);
    const live = await follow(`${base}/api/telao/privada-1/ao-vivo?chave=${key}`);
    try {
      await live.next(1);
      await wallLink('DELETE', 'privada', owner.token);
      const events = await live.next(2);
      expect(events[1]).toEqual({ event: 'closed', data: {} });
      await live.reading;
      expect(live.isEnded()).toBe(true);
    } finally {
      await live.close();
    }
  });
});
