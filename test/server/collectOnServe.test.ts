import fs from 'node:fs';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { addToList, COOKIE_VALUE_BUDGET, parseList, parseScalar } from '../../contract/cookieLists';
import { mediaUrl } from '../../contract/mediaPath';
import { basicSeed, loadBasicSeed } from './support/fixtures';
import { newTeamMember, newUser, startTestServer, type TestServer } from './support/testServer';
import { temporaryDistDir } from './support/spaDist';

/**
 * Opening a collect link collects its item (docs/product.md#collect) the moment the page arrives, not when
 * the app's scripts have: on venue Wi-Fi they come seconds after the photo, and a guest who closes
 * the page having seen it must still have it in 'Minha Coleção'. The page itself carries the
 * visitor's lists (docs/product.md#session-and-cookies, cookies collection, events, bname) with the item added; the
 * SPA reads them as it starts.
 */
let server: TestServer;
let privatePhoto: string;
let linkPhoto: string;
let guessablePhoto: string;

const SHELL =
  '<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><script defer ' +
  'src="/assets/main.js"></script></head><body><div id="root"></div></body></html>';

beforeAll(async () => {
  const distDir = temporaryDistDir();
  fs.mkdirSync(distDir, { recursive: true });
  fs.writeFileSync(
    path.join(distDir, 'index.html'),
    '<!doctype html><html><head></head><body><div id="root"><h1>landing</h1></div></body></html>',
  );
  fs.writeFileSync(path.join(distDir, 'app.html'), SHELL);
  server = await startTestServer({ DIST_DIR: distDir });
  const seed = basicSeed();
  seed.events = [
    ...(seed.events ?? []),
    { name: 'ligada', publicId: 'ligada-1', visibility: 'link', devices: ['pad'] },
  ];
  seed.media = [
    ...(seed.media ?? []),
    { event: 'ligada', mode: 'pad', file: 'l1.jpg', source: 'a1.jpg' },
    { event: 'ligada', mode: 'pad', file: 'l2.jpg', source: 'a1.jpg' },
  ];
  await loadBasicSeed(server, seed);
  // A non-public event's files are stored under random names (knowing one is knowing its link).
  const stored = async (event: string, source: string) =>
    mediaUrl({
      ...(
        await server.db.query<{ file: string }>('SELECT file FROM media WHERE event_name = $1 AND source_name = $2', [
          event,
          source,
        ])
      ).rows[0],
      eventName: event,
      mode: 'pad',
    });
  privatePhoto = await stored('privada', 'x1.jpg');
  linkPhoto = await stored('ligada', 'l1.jpg');
  // One stored before there were random names: its name is no key.
  guessablePhoto = await stored('ligada', 'l2.jpg');
  await server.db.query("UPDATE media SET unguessable = false WHERE event_name = 'ligada' AND source_name = 'l2.jpg'");
});

afterAll(() => server.close());

/** A browser's cookies for this site: what the pages set, sent back with the next request. */
class Browser {
  readonly cookies = new Map<string, string>();

  /** A returning visitor (`agent`) has the signature the server gave them with it. */
  constructor(initial: Record<string, string> = {}) {
    for (const [name, value] of Object.entries(initial)) this.cookies.set(name, value);
    if (initial.agent) this.cookies.set('agent_sig', server.visitorCookie(initial.agent).split('agent_sig=')[1]);
  }

  async open(url: string, method: 'GET' | 'HEAD' = 'GET'): Promise<LightMyRequestResponse> {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await server.call({
      method,
      url,
      headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) },
    });
    expect(response.statusCode).toBe(200);
    for (const header of [response.headers['set-cookie'] ?? []].flat()) {
      const [pair, ...attributes] = header.split(';').map((part) => part.trim());
      const at = pair.indexOf('=');
      if (attributes.some((attribute) => /^Max-Age=0$/i.test(attribute))) this.cookies.delete(pair.slice(0, at));
      else this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return response;
  }

  /** A cookie as the SPA reads it (js-cookie decodes each %XX run). */
  read(name: string): string | undefined {
    return this.cookies.get(name)?.replace(/(%[\dA-F]{2})+/gi, decodeURIComponent);
  }

  /** 'Minha Coleção' as the SPA starts with it (src/session/persistence.ts). */
  get collection(): string[] {
    return parseList(this.read('collection'));
  }

  get events(): string[] {
    return parseList(this.read('events'));
  }
}

/** A cookie value as the SPA's js-cookie writes it. */
const written = (list: string[]) =>
  encodeURIComponent(list.join(',')).replace(/%(2[346BF]|3[AC-F]|40|5[BDE]|60|7[BCD])/g, decodeURIComponent);

describe('the collect page collects its photo as it is served', () => {
  it(`puts the photo in a returning visitor's collection, after what they had, and the event among \
theirs`, async () => {
    const guest = new Browser({
      agent: 'visitante0000000001',
      collection: written(['/media/outra/pad/o1.jpg']),
      events: 'outra',
      bname: 'outra',
    });
    await guest.open('/collect?id=/media/festa_ana/pad/a1.jpg');
    // No script ran: this is what the app will show once it starts, or next time.
    expect(guest.collection).toEqual(['/media/outra/pad/o1.jpg', '/media/festa_ana/pad/a1.jpg']);
    expect(guest.events).toEqual(['outra', 'festa_ana']);
    expect(parseScalar(guest.read('bname'))).toBe('festa_ana');
    expect(guest.read('agent')).toBe('visitante0000000001');
  });

  it('collects for a new visitor too, beside the agent id the page hands out', async () => {
    const guest = new Browser();
    await guest.open('/collect?id=/media/festa_ana/pad/a2.jpg');
    expect(guest.collection).toEqual(['/media/festa_ana/pad/a2.jpg']);
    expect(guest.events).toEqual(['festa_ana']);
    expect(guest.read('agent')).toMatch(/^[a-z0-9]{20}$/);
  });

  it('keeps the photo once: opened again, and collected again by the app, it is one item', async () => {
    const guest = new Browser({ agent: 'visitante0000000002' });
    await guest.open('/collect?id=/media/festa_ana/polaroid/p1.jpg');
    expect(guest.collection).toEqual(['/media/festa_ana/polaroid/p1.jpg']);
    const again = await guest.open('/collect?id=/media/festa_ana/polaroid/p1.jpg');
    // Nothing left to change: the second page sets no list.
    expect([again.headers['set-cookie'] ?? []].flat().filter((header) => !header.startsWith('agent='))).toEqual([]);
    // The app's own collect of the same link (collectionSlice) changes nothing.
    expect(addToList(guest.collection, '/media/festa_ana/polaroid/p1.jpg')).toEqual([
      '/media/festa_ana/polaroid/p1.jpg',
    ]);
  });

  it('makes room in a full cookie by letting the oldest entries go, never the new photo', async () => {
    const old = Array.from({ length: 200 }, (_, i) => `/media/outra/pad/antiga-${String(i).padStart(3, '0')}.jpg`);
    const guest = new Browser({ agent: 'visitante0000000003', collection: written(old) });
    await guest.open('/collect?id=/media/festa_ana/pad/a1.jpg');
    const kept = guest.collection;
    expect(kept.at(-1)).toBe('/media/festa_ana/pad/a1.jpg');
    expect(kept.slice(0, -1)).toEqual(old.slice(old.length - kept.length + 1));
    expect(encodeURIComponent(kept.join(',')).length).toBeLessThanOrEqual(COOKIE_VALUE_BUDGET);
  });

  it('reads the id as the app does: a storage path whose last three segments name the item', async () => {
    const guest = new Browser({ agent: 'visitante0000000009' });
    await guest.open(`/collect?id=${encodeURIComponent('gs://bucket/eventos/festa_ana/pad/a2.jpg')}`);
    expect(guest.collection).toEqual(['/media/festa_ana/pad/a2.jpg']);
  });

  it('collects a file of a link-only event stored under a random name: knowing the link is being let in', async () => {
    const guest = new Browser({ agent: 'visitante0000000004' });
    await guest.open(`/collect?id=${linkPhoto}`);
    expect(guest.collection).toEqual([linkPhoto]);
  });

  it("collects a private event's photo for a signed-in visitor, whose browser has the media cookie", async () => {
    const user = await newUser('coleta');
    const session = await server.call({ method: 'POST', url: '/api/media-session', token: user.token });
    const [pair] = String([session.headers['set-cookie']].flat()[0]).split(';');
    const [name, value] = [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)];
    const guest = new Browser({ agent: 'visitante0000000005', [name]: value });
    await guest.open(`/collect?id=${privatePhoto}`);
    expect(guest.collection).toEqual([privatePhoto]);
  });
});

describe("the collect page is the guest's presence at the event", () => {
  it(`made private after the party, a public event stays open to the guests who opened its collect links, and to \
nobody else`, async () => {
    const guest = new Browser({ agent: 'visitante0000000010' });
    await guest.open('/collect?id=/media/outra/pad/o1.jpg');
    await server.db.query("UPDATE events SET visibility = 'link' WHERE name = 'outra'");
    try {
      const gallery = (agent: string) =>
        server.call({ method: 'GET', url: '/api/all/outra/pad', headers: { cookie: server.visitorCookie(agent) } });
      expect((await gallery('visitante0000000010')).statusCode).toBe(200);
      expect((await gallery('visitante0000000011')).statusCode).toBe(404);
    } finally {
      await server.db.query("UPDATE events SET visibility = 'public' WHERE name = 'outra'");
    }
  });
});

describe("the collect page on a screen of the event's wall", () => {
  it('shows the photo the wall shows, and grants the screen nothing', async () => {
    const team = await newTeamMember();
    const key = (await server.call({ method: 'POST', url: '/api/events/ligada/telao', token: team.token })).json<{
      key: string;
    }>().key;
    const tv = new Browser({ agent: 'visitantetelevisao01' });
    await tv.open(`/api/telao/ligada-1?chave=${key}`);
    expect([...tv.cookies.keys()]).toContain('cabine_telao_ligada');
    await tv.open(`/collect?id=${linkPhoto}`);
    expect(tv.collection).toEqual([linkPhoto]);
    expect(
      (await server.db.query("SELECT 1 FROM event_grants WHERE holder = 'agent:visitantetelevisao01'")).rowCount,
    ).toBe(0);
    expect(
      (
        await server.call({
          method: 'GET',
          url: '/api/all/ligada/pad',
          headers: { cookie: server.visitorCookie('visitantetelevisao01') },
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('the collect page collects nothing', () => {
  it.each([
    ['of a private event, for a visitor the media gate keeps out', () => privatePhoto],
    ['of a link-only event under a name anyone could guess, without a login', () => guessablePhoto],
    ['that does not exist', () => '/media/festa_ana/pad/nao-existe.jpg'],
    ['of an event that does not exist', () => '/media/ninguem/pad/a1.jpg'],
    ['that is not a media item', () => '/media/festa_ana/pad/a1.html'],
    ['of an unknown mode', () => '/media/festa_ana/selfie/a1.jpg'],
  ])('%s', async (_label, idOf) => {
    const id = idOf();
    const guest = new Browser({
      agent: 'visitante0000000006',
      collection: written(['/media/outra/pad/o1.jpg']),
      events: 'outra',
    });
    const response = await guest.open(`/collect?id=${encodeURIComponent(id)}`);
    // A returning visitor, and no list changes: no cookie at all.
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(guest.collection).toEqual(['/media/outra/pad/o1.jpg']);
    expect(guest.events).toEqual(['outra']);
  });

  it('for a HEAD request, or on another page', async () => {
    const guest = new Browser({ agent: 'visitante0000000007' });
    await guest.open('/collect?id=/media/festa_ana/pad/a1.jpg', 'HEAD');
    await guest.open('/eventos?id=/media/festa_ana/pad/a1.jpg');
    expect(guest.collection).toEqual([]);
  });

  it('and the page still comes when the database fails', async () => {
    const query = jest.spyOn(server.db, 'query').mockRejectedValue(new Error('database gone'));
    try {
      const guest = new Browser({ agent: 'visitante0000000008' });
      const response = await guest.open('/collect?id=/media/festa_ana/pad/a1.jpg');
      expect(response.body).toContain('<div id="root"></div>');
      expect(guest.collection).toEqual([]);
    } finally {
      query.mockRestore();
    }
  });
});

describe("a wall's QR code", () => {
  const codesOf = async (publicId: string, token: string) =>
    (await server.call({ method: 'GET', url: `/api/telao/${publicId}/noite`, token })).json<{
      codes: Record<string, string>;
    }>().codes;

  it(`opens a photo whose own link was taken back (every guest's access revoked) to whoever scans it, with the code of \
the event as it is now only`, async () => {
    const team = await newTeamMember();
    const revoke = async () =>
      (await server.call({ method: 'POST', url: '/api/events/ligada/access/revoke', token: team.token })).json<{
        publicId: string;
      }>().publicId;
    try {
      const publicId = await revoke();
      // Its own link was taken back: a new phone opening it collects nothing.
      const plain = new Browser();
      await plain.open(`/collect?id=${linkPhoto}`);
      expect(plain.collection).toEqual([]);

      const codes = await codesOf(publicId, team.token);
      expect(Object.keys(codes)).toEqual(expect.arrayContaining([linkPhoto, guessablePhoto]));
      const scanned = new Browser();
      await scanned.open(`/collect?id=${encodeURIComponent(linkPhoto)}&telao=${codes[linkPhoto]}`);
      expect(scanned.collection).toEqual([linkPhoto]);
      expect(scanned.events).toEqual(['ligada']);
      // The app's own check of the photo, as the page's scripts make it, opens it too.
      expect(
        (
          await server.call({
            method: 'HEAD',
            url: linkPhoto,
            headers: { cookie: [...scanned.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
          })
        ).statusCode,
      ).toBe(200);

      // Another photo's code, an altered one: nothing.
      for (const code of [
        codes[guessablePhoto],
        `${codes[linkPhoto].slice(0, -1)}${codes[linkPhoto].endsWith('A') ? 'B' : 'A'}`,
        'curto',
      ]) {
        const other = new Browser();
        await other.open(`/collect?id=${encodeURIComponent(linkPhoto)}&telao=${code}`);
        expect(other.collection).toEqual([]);
      }
      // Every guest's access revoked again: the codes handed out until then open nothing.
      await revoke();
      const late = new Browser();
      await late.open(`/collect?id=${encodeURIComponent(linkPhoto)}&telao=${codes[linkPhoto]}`);
      expect(late.collection).toEqual([]);
    } finally {
      await server.db.query("UPDATE events SET public_id = 'ligada-1', grants_reset_at = NULL WHERE name = 'ligada'");
    }
  });

  it(`takes back the codes a wall opened by its link was given when the link is revoked or renewed; its owner's wall's \
codes stay`, async () => {
    const team = await newTeamMember();
    const linkCodes = async (key: string) =>
      (await server.call({ method: 'GET', url: `/api/telao/${publicId}/noite?chave=${key}` })).json<{
        codes: Record<string, string>;
      }>().codes;
    const scan = async (code: string) => {
      const phone = new Browser();
      await phone.open(`/collect?id=${encodeURIComponent(linkPhoto)}&telao=${code}`);
      return phone.collection;
    };
    const wallLink = async (method: 'POST' | 'DELETE') =>
      (await server.call({ method, url: '/api/events/ligada/telao', token: team.token })).json<{ key: string | null }>()
        .key;
    const publicId = (
      await server.call({ method: 'POST', url: '/api/events/ligada/access/revoke', token: team.token })
    ).json<{ publicId: string }>().publicId;
    try {
      const first = (await wallLink('POST')) as string;
      const fromLink = (await linkCodes(first))[linkPhoto];
      const fromOwner = (await codesOf(publicId, team.token))[linkPhoto];
      expect(fromLink).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(fromLink).not.toBe(fromOwner);
      expect(await scan(fromLink)).toEqual([linkPhoto]);
      // Renewed: the old link's codes open nothing; the new link's do.
      const second = (await wallLink('POST')) as string;
      expect(await scan(fromLink)).toEqual([]);
      const renewed = (await linkCodes(second))[linkPhoto];
      expect(await scan(renewed)).toEqual([linkPhoto]);
      // Revoked: nothing left behind.
      await wallLink('DELETE');
      expect(await scan(renewed)).toEqual([]);
      // The owner's own wall's codes are not the link's: they stay until every guest's access is revoked.
      expect(await scan(fromOwner)).toEqual([linkPhoto]);
    } finally {
      await server.db.query(
        "UPDATE events SET public_id = 'ligada-1', grants_reset_at = NULL, wall_key = NULL WHERE name = 'ligada'",
      );
    }
  });
});
