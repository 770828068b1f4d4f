import crypto from 'node:crypto';
import zlib from 'node:zlib';
import pg from 'pg';
import { connectDatabase } from '../../server/src/platform/db/database';
import { migrate, readMigrations } from '../../server/src/platform/db/migrate';
import type { SeedFile } from '../../server/src/modules/seed/seedFormat';
import { eventually } from '../e2e/support/eventually';
import { attend, jpeg, loadBasicSeed } from './support/fixtures';
import { newUser, startTestServer, type TestServer, type TestUser } from './support/testServer';
import { DEVICE_PATHS } from '../../contract/devicePaths';

let server: TestServer;
let user: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  await loadBasicSeed(server);
  user = await newUser();
  // The user was at the private event: they opened one of its collect links, then signed in.
  await attend(server, 'privada', 'agentevisitante01', user.token);
});

afterAll(() => server.close());

describe('GET /api/eventos/{events}/{agent}', () => {
  it(`lists the named events with their cards, in the given order, with the title people read (the name when there is \
none)`, async () => {
    const response = await server.call({ method: 'GET', url: '/api/eventos/outra,festa_ana,desconhecido/agent0001' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      {
        title: 'outra',
        displayTitle: 'outra',
        visible: true,
        visibility: 'public',
        profile: '',
        cover: '',
        photos: 1,
        devices: ['pad'],
      },
      // a1, a2 (pad), p1 (polaroid), v1 (360); b1.gif is boomerang, a booth festa_ana does not have.
      {
        title: 'festa_ana',
        displayTitle: 'Festa da Ana',
        visible: true,
        visibility: 'public',
        profile: '',
        cover: '',
        photos: 4,
        devices: ['pad', 'polaroid', '360', 'nulo'],
      },
    ]);
  });

  it("shows a private event's card only to a signed-in visitor who was there", async () => {
    const anonymous = await server.call({ method: 'GET', url: '/api/eventos/privada/agent0001' });
    expect(anonymous.json()).toEqual([]);
    // An account is not enough: a stranger's list leaves it out.
    const stranger = await newUser('estranho');
    expect(
      (await server.call({ method: 'GET', url: '/api/eventos/privada/agent0001', token: stranger.token })).json(),
    ).toEqual([]);
    const signedIn = await server.call({ method: 'GET', url: '/api/eventos/privada/agent0001', token: user.token });
    expect(signedIn.json()).toHaveLength(1);
  });

  it('answers an empty list to "-" and ignores malformed names', async () => {
    expect((await server.call({ method: 'GET', url: '/api/eventos/-/agent0001' })).json()).toEqual([]);
    const odd = await server.call({
      method: 'GET',
      url: `/api/eventos/${encodeURIComponent("../x,a'b,festa_ana")}/agent0001`,
    });
    expect(odd.statusCode).toBe(200);
    expect(odd.json().map((e: { title: string }) => e.title)).toEqual(['festa_ana']);
  });

  it('refuses an invalid token and a malformed agent', async () => {
    expect(
      (await server.call({ method: 'GET', url: '/api/eventos/festa_ana/agent0001', token: 'not-a-token' })).statusCode,
    ).toBe(401);
    expect((await server.call({ method: 'GET', url: '/api/eventos/festa_ana/a%20b' })).statusCode).toBe(400);
  });
});

describe('GET /api/evento/{id}', () => {
  it('answers devices and bname to a signed-in visitor', async () => {
    const response = await server.call({ method: 'GET', url: '/api/evento/festa-ana-1', token: user.token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      devices: ['pad', 'polaroid', '360', 'nulo'],
      bname: 'festa_ana',
      displayTitle: 'Festa da Ana',
    });
  });

  it('is 401 without a token or with a forged one, 404 for an unknown id, 400 for odd input', async () => {
    expect((await server.call({ method: 'GET', url: '/api/evento/festa-ana-1' })).statusCode).toBe(401);
    const forged =
      `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{"sub":"x"}').toString('base64url')}` +
      `.`;
    expect((await server.call({ method: 'GET', url: '/api/evento/festa-ana-1', token: forged })).statusCode).toBe(401);
    expect((await server.call({ method: 'GET', url: '/api/evento/nao-existe', token: user.token })).statusCode).toBe(
      404,
    );
    expect((await server.call({ method: 'GET', url: '/api/evento/a%2F..%2Fb', token: user.token })).statusCode).toBe(
      400,
    );
    expect(
      (await server.call({ method: 'GET', url: `/api/evento/${'x'.repeat(5000)}`, token: user.token })).statusCode,
    ).toBeLessThan(500);
  });
});

describe('GET /api/all/{bname}/{type}', () => {
  it('lists a booth media oldest first', async () => {
    const response = await server.call({ method: 'GET', url: '/api/all/festa_ana/pad' });
    expect(response.json()).toEqual({ product: ['/media/festa_ana/pad/a1.jpg', '/media/festa_ana/pad/a2.jpg'] });
  });

  it('keeps a private event to signed-in visitors who were there', async () => {
    // Nothing tells a stranger, signed in or not, that it exists.
    expect((await server.call({ method: 'GET', url: '/api/all/privada/pad' })).statusCode).toBe(404);
    const stranger = await newUser('estranho');
    expect((await server.call({ method: 'GET', url: '/api/all/privada/pad', token: stranger.token })).statusCode).toBe(
      404,
    );
    // A private event's media are stored under random names (the seed's x1.jpg is not one).
    expect((await server.call({ method: 'GET', url: '/api/all/privada/pad', token: user.token })).json()).toEqual({
      product: [expect.stringMatching(/^\/media\/privada\/pad\/[0-9a-f]{32}\.jpg$/)],
    });
  });

  it('answers 404 for an unknown event and 400 for an unknown type or odd name', async () => {
    expect((await server.call({ method: 'GET', url: '/api/all/nada/pad' })).statusCode).toBe(404);
    expect((await server.call({ method: 'GET', url: '/api/all/festa_ana/nulo' })).statusCode).toBe(400);
    expect((await server.call({ method: 'GET', url: '/api/all/..%2F..%2Fetc/pad' })).statusCode).toBe(400);
  });
});

describe('GET /api/all/{bname}/{type}, asked again by an open gallery', () => {
  const polaroid = '/api/all/festa_ana/polaroid';
  const ask = (url: string, ifNoneMatch?: string, token?: string) =>
    server.call({ method: 'GET', url, token, headers: ifNoneMatch ? { 'if-none-match': ifNoneMatch } : {} });
  const polaroidBooth = { 'x-device-id': 'cam-polaroid', 'x-device-key': 'key-cam-polaroid-0001' };
  const uploadPolaroid = async (file: string) => {
    const response = await server.call({
      method: 'POST',
      url: `${DEVICE_PATHS.media}?file=${file}`,
      headers: { ...polaroidBooth, 'content-type': 'image/jpeg' },
      payload: await jpeg(),
    });
    expect(response.statusCode).toBe(200);
    // Its job (the thumbnail, recorded on its row) done before the test goes on: the tests that
    // count the database's queries count a poll's, and the spy would see the worker's too.
    await server.jobsDone();
  };

  beforeAll(async () => {
    await server.db.query(
      `INSERT INTO devices (id, kind, event_name, mode, key_hash) VALUES ($1, 'booth', 'festa_ana', 'polaroid', $2)`,
      [
        polaroidBooth['x-device-id'],
        // A key stored before the pepper (a plain SHA-256) still opens its device.
        crypto.createHash('sha256').update(polaroidBooth['x-device-key']).digest('hex'),
      ],
    );
  });

  it('answers with an ETag, revalidated by the browser every time (no-cache)', async () => {
    const response = await ask(polaroid);
    expect(response.statusCode).toBe(200);
    expect(response.headers.etag).toMatch(/^W\/".+"$/);
    expect(response.headers['cache-control']).toBe('private, no-cache');
  });

  it('answers 304 without a body while nothing changed, the same ETag twice', async () => {
    const first = await ask(polaroid);
    const etag = String(first.headers.etag);
    for (const tag of [etag, etag, etag.replace(/^W\//, ''), `"other", ${etag}`, '*']) {
      const again = await ask(polaroid, tag);
      expect({ tag, status: again.statusCode, body: again.body }).toEqual({ tag, status: 304, body: '' });
      expect(again.headers.etag).toBe(etag);
      expect(again.headers['cache-control']).toBe('private, no-cache');
      expect(again.headers['content-length']).toBeUndefined();
    }
    expect((await ask(polaroid, '"something-else"')).statusCode).toBe(200);
    // Another booth's gallery is another list.
    expect((await ask('/api/all/festa_ana/pad', etag)).statusCode).toBe(200);
  });

  it('answers the new list with a new ETag once the booth uploads, then 304 again', async () => {
    const before = await ask(polaroid);
    const etag = String(before.headers.etag);
    await uploadPolaroid('nova-polaroid.jpg');
    const after = await ask(polaroid, etag);
    expect(after.statusCode).toBe(200);
    expect(after.json().product).toEqual([...before.json().product, '/media/festa_ana/polaroid/nova-polaroid.jpg']);
    expect(after.headers.etag).not.toBe(etag);
    expect((await ask(polaroid, String(after.headers.etag))).statusCode).toBe(304);
  });

  it('decides a 304 from memory once it knows the gallery: no trip to the database while nothing changed', async () => {
    const etag = String((await ask(polaroid)).headers.etag);
    const query = jest.spyOn(server.db, 'query');
    try {
      expect((await ask(polaroid, etag)).statusCode).toBe(304);
      expect((await ask(polaroid, etag)).statusCode).toBe(304);
      expect(query.mock.calls.map(([sql]) => String(sql))).toEqual([]);
      // After an upload, small queries tell the new version and the list is read once.
      await uploadPolaroid('outra-polaroid.jpg');
      query.mockClear();
      const after = await ask(polaroid, etag);
      expect(after.statusCode).toBe(200);
      const media = query.mock.calls.map(([sql]) => String(sql)).filter((sql) => /\bmedia\b/.test(sql));
      expect(media.filter((sql) => /ORDER BY created_at/.test(sql))).toHaveLength(1);
      expect(media.filter((sql) => !/ORDER BY created_at|count\(\*\)/.test(sql))).toEqual([]);
      // Once the upload's own notification has come (and made one more small query), polls cost nothing again.
      const fresh = String(after.headers.etag);
      await eventually(async () => {
        query.mockClear();
        expect((await ask(polaroid, fresh)).statusCode).toBe(304);
        expect(query.mock.calls).toEqual([]);
      }, 5_000);
    } finally {
      query.mockRestore();
    }
  });

  it('keeps a private event to signed-in visitors who were there, whatever ETag is sent', async () => {
    const etag = String((await ask('/api/all/privada/pad', undefined, user.token)).headers.etag);
    expect((await ask('/api/all/privada/pad', etag, user.token)).statusCode).toBe(304);
    expect((await ask('/api/all/privada/pad', etag)).statusCode).toBe(404);
    expect((await ask('/api/all/privada/pad', '*')).statusCode).toBe(404);
    // The list a signed-in guest had built is not handed out from memory either.
    expect((await ask('/api/all/privada/pad')).statusCode).toBe(404);
  });

  it(`builds a list once per change: the next guest gets the same bytes without the list being read \
again`, async () => {
    const first = await ask(polaroid);
    const query = jest.spyOn(server.db, 'query');
    try {
      const second = await ask(polaroid);
      expect(second.statusCode).toBe(200);
      expect(second.body).toBe(first.body);
      expect(second.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(second.headers.etag).toBe(first.headers.etag);
      expect(query.mock.calls.map(([sql]) => String(sql))).toEqual([]);
    } finally {
      query.mockRestore();
    }
  });

  it(`sends the list compressed to a browser that takes it, the same list and ETag, and says it varies by \
encoding`, async () => {
    const plain = await ask(polaroid);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/);
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br', 'br', zlib.brotliDecompressSync],
      ['gzip', 'gzip', zlib.gunzipSync],
    ] as const) {
      const packed = await server.call({ method: 'GET', url: polaroid, headers: { 'accept-encoding': accept } });
      expect(packed.statusCode).toBe(200);
      expect(packed.headers['content-encoding']).toBe(encoding);
      expect(packed.headers.etag).toBe(plain.headers.etag);
      expect(JSON.parse(decode(packed.rawPayload).toString())).toEqual(plain.json());
      const again = await server.call({
        method: 'GET',
        url: polaroid,
        headers: { 'accept-encoding': accept, 'if-none-match': String(plain.headers.etag) },
      });
      expect(again.statusCode).toBe(304);
      expect(again.headers.vary).toMatch(/Accept-Encoding/);
    }
  });
});

describe("an event's cover and profile images", () => {
  const cover = '/media/festa_capa/feed/capa.jpg';
  const profile = '/media/festa_capa/feed/perfil.jpg';
  const feedBooth = { 'x-device-id': 'cam-capa', 'x-device-key': 'key-cam-capa-0001' };
  /** An event whose cover and profile are stored beside its feed booth's photos, as the demo seed does. */
  const seed = (covers: { cover: string; profile: string }): SeedFile => ({
    events: [{ name: 'festa_capa', publicId: 'festa-capa-1', devices: ['pad', 'feed', 'nulo'], ...covers }],
    devices: [{ id: 'cam-capa', kind: 'booth', event: 'festa_capa', mode: 'feed', key: feedBooth['x-device-key'] }],
    media: [
      { event: 'festa_capa', mode: 'feed', file: 'f1.jpg', source: 'a1.jpg', device: 'cam-capa' },
      { event: 'festa_capa', mode: 'feed', file: 'capa.jpg', source: 'a2.jpg' },
      { event: 'festa_capa', mode: 'feed', file: 'perfil.jpg', source: 'a2.jpg' },
      { event: 'festa_capa', mode: 'pad', file: 'p1.jpg', source: 'a1.jpg' },
      // A mode the event has no booth for: no gallery of the event shows it.
      { event: 'festa_capa', mode: 'polaroid', file: 'x1.jpg', source: 'a1.jpg' },
    ],
  });
  const gallery = async (mode: string) =>
    (await server.call({ method: 'GET', url: `/api/all/festa_capa/${mode}` })).json().product;
  const card = async () => (await server.call({ method: 'GET', url: '/api/eventos/festa_capa/agent0001' })).json()[0];

  beforeAll(() => loadBasicSeed(server, seed({ cover, profile })));

  it('are not in the booth gallery they are stored beside', async () => {
    expect(await gallery('feed')).toEqual(['/media/festa_capa/feed/f1.jpg']);
    expect(await gallery('pad')).toEqual(['/media/festa_capa/pad/p1.jpg']);
    // Still served: the card shows them.
    expect((await server.call({ method: 'GET', url: cover })).statusCode).toBe(200);
  });

  it("are not counted on the event's card, which counts exactly what its booths' galleries show", async () => {
    expect(await card()).toEqual({
      title: 'festa_capa',
      displayTitle: 'festa_capa',
      visible: true,
      visibility: 'public',
      profile,
      cover,
      photos: 2,
      devices: ['pad', 'feed', 'nulo'],
    });
    expect((await gallery('feed')).length + (await gallery('pad')).length).toBe(2);
  });

  it("a photo the booth uploads is a guest's photo: in the gallery and counted", async () => {
    const response = await server.call({
      method: 'POST',
      url: `${DEVICE_PATHS.media}?file=capa-nova.jpg`,
      headers: { ...feedBooth, 'content-type': 'image/jpeg' },
      payload: await jpeg(),
    });
    expect(response.statusCode).toBe(200);
    await server.jobsDone();
    expect(await gallery('feed')).toEqual(['/media/festa_capa/feed/f1.jpg', '/media/festa_capa/feed/capa-nova.jpg']);
    expect((await card()).photos).toBe(3);
  });

  it('follow the event when a seed gives it another cover: the old one is a booth photo again', async () => {
    await loadBasicSeed(server, seed({ cover: '/media/festa_capa/pad/p1.jpg', profile }));
    expect(await gallery('feed')).toEqual([
      '/media/festa_capa/feed/f1.jpg',
      '/media/festa_capa/feed/capa.jpg',
      '/media/festa_capa/feed/capa-nova.jpg',
    ]);
    expect(await gallery('pad')).toEqual([]);
    expect((await card()).photos).toBe(3);
    // A photo a booth took stays a guest's photo, even when the event shows it as its cover.
    await loadBasicSeed(server, seed({ cover: '/media/festa_capa/feed/f1.jpg', profile }));
    expect(await gallery('feed')).toEqual([
      '/media/festa_capa/feed/f1.jpg',
      '/media/festa_capa/feed/capa.jpg',
      '/media/festa_capa/feed/capa-nova.jpg',
    ]);
    await loadBasicSeed(server, seed({ cover, profile }));
    expect(await gallery('feed')).toEqual(['/media/festa_capa/feed/f1.jpg', '/media/festa_capa/feed/capa-nova.jpg']);
    expect(await gallery('pad')).toEqual(['/media/festa_capa/pad/p1.jpg']);
  });

  it('already indexed as booth media in an older database are set apart by the migration', async () => {
    const adminUrl = process.env.TEST_PG_ADMIN_URL ?? '';
    const name = `t_${crypto.randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const db = connectDatabase(adminUrl.replace(/\/postgres$/, `/${name}`), 2);
    try {
      await migrate(
        db,
        readMigrations().filter((m) => m.version < 3),
      );
      await db.query(
        `INSERT INTO events (name, public_id, cover, profile) VALUES ('velha', 'velha-1', ` +
          `'/media/velha/feed/capa.jpg', '/media/velha/feed/perfil.jpg')`,
      );
      await db.query(
        `INSERT INTO devices (id, kind, event_name, mode, key_hash) VALUES ('cam-velha', 'booth', 'velha', ` +
          `'feed', 'x')`,
      );
      await db.query(`INSERT INTO media (event_name, mode, file, kind, device_id) VALUES
        ('velha', 'feed', 'capa.jpg', 'image', NULL), ('velha', 'feed', 'perfil.jpg', 'image', NULL),
        ('velha', 'feed', 'f1.jpg', 'image', NULL), ('velha', 'pad', 'capa.jpg', 'image', NULL)`);
      expect(await migrate(db)).toEqual(
        readMigrations()
          .filter((m) => m.version >= 3)
          .map((m) => m.version),
      );
      const roles = await db.query('SELECT mode, file, role FROM media ORDER BY mode, file');
      expect(roles.rows).toEqual([
        { mode: 'feed', file: 'capa.jpg', role: 'event' },
        { mode: 'feed', file: 'f1.jpg', role: 'booth' },
        { mode: 'feed', file: 'perfil.jpg', role: 'event' },
        { mode: 'pad', file: 'capa.jpg', role: 'booth' },
      ]);
    } finally {
      await db.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });
});

describe('GET /api/deviceLast/{bname}/{device}', () => {
  it("answers the device's newest media; 404 for a device that is not the event's", async () => {
    expect((await server.call({ method: 'GET', url: '/api/deviceLast/festa_ana/cam1' })).json()).toEqual({
      product: ['/media/festa_ana/pad/a2.jpg'],
      boothTitle: 'Cabine Pad',
      eventTitle: 'Festa da Ana',
    });
    expect((await server.call({ method: 'GET', url: '/api/deviceLast/festa_ana/ninguem' })).statusCode).toBe(404);
    expect((await server.call({ method: 'GET', url: '/api/deviceLast/festa_ana/a%20b' })).statusCode).toBe(400);
  });
});

describe('POST /api/landingForm', () => {
  const lead = {
    data: '2026-12-01',
    indicacao: 'Instagram',
    evento: 'Casamento',
    email: 'ana@example.com',
    instagram: '@ana',
    tiktok: '',
    telefone: '(11) 98888-7777',
    nome: 'Ana',
    comentarios: "<script>alert('x')</script>",
  };

  it('stores the lead, hostile text kept as text', async () => {
    const response = await server.call({ method: 'POST', url: '/api/landingForm', payload: lead });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('ok');
    const stored = await server.db.query('SELECT nome, comentarios FROM leads ORDER BY id DESC LIMIT 1');
    expect(stored.rows[0]).toEqual({ nome: 'Ana', comentarios: "<script>alert('x')</script>" });
  });

  it('stores a retried lead once', async () => {
    const payload = { ...lead, nome: 'Retry', clientId: 'lead-abcdef123' };
    await server.call({ method: 'POST', url: '/api/landingForm', payload });
    await server.call({ method: 'POST', url: '/api/landingForm', payload });
    expect((await server.db.query("SELECT 1 FROM leads WHERE nome = 'Retry'")).rowCount).toBe(1);
  });

  it.each([
    ['without nome', { ...lead, nome: undefined }],
    ['with a blank evento', { ...lead, evento: '   ' }],
    ['with a number for nome', { ...lead, nome: 42 }],
    ['with a huge comment', { ...lead, comentarios: 'x'.repeat(6000) }],
    ['with an unknown field', { ...lead, admin: true }],
  ])('refuses a lead %s with 400', async (_case, payload) => {
    const before = (await server.db.query('SELECT count(*)::int AS n FROM leads')).rows[0].n;
    const response = await server.call({ method: 'POST', url: '/api/landingForm', payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('invalid_request');
    expect((await server.db.query('SELECT count(*)::int AS n FROM leads')).rows[0].n).toBe(before);
  });

  it('refuses a body that is not JSON', async () => {
    const response = await server.call({
      method: 'POST',
      url: '/api/landingForm',
      payload: '{nope',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
  });
});
