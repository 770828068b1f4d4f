import crypto from 'node:crypto';
import { parsePackReply } from '../../contract/packReply';
import { loadBasicSeed } from './support/fixtures';
import { startTestServer, type TestServer } from './support/testServer';

/** A guest's packs: which of them the server knows, and the prints they pay for. */

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  await loadBasicSeed(server);
});

afterAll(() => server.close());

describe('GET /api/validatePacks/{hashes}', () => {
  it("answers one literal per known pack, with its event's title, which the SPA parser reads", async () => {
    const response = await server.call({ method: 'GET', url: '/api/validatePacks/PACK5,NOPE,PACK0' });
    expect(response.statusCode).toBe(200);
    expect(parsePackReply(response.json()).packs).toEqual([
      { hash: 'PACK5', copies: 5, bname: 'festa_ana', title: 'Festa da Ana' },
      { hash: 'PACK0', copies: 0, bname: 'festa_ana', title: 'Festa da Ana' },
    ]);
  });

  it('takes at most 20 hashes a call: 20 answer, 21 (or a huge list) are refused with a message', async () => {
    const list = (n: number) => ['PACK5', ...Array.from({ length: n - 1 }, (_, i) => `H${i}`)].join(',');
    const twenty = await server.call({ method: 'GET', url: `/api/validatePacks/${list(20)}` });
    expect(twenty.statusCode).toBe(200);
    expect(parsePackReply(twenty.json()).packs.map((p) => p.hash)).toEqual(['PACK5']);
    for (const n of [21, 500]) {
      const refused = await server.call({ method: 'GET', url: `/api/validatePacks/${list(n)}` });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ error: 'too_many_packs', message: 'Consulte no máximo 20 packs por vez.' });
    }
  });

  it('ignores malformed hashes', async () => {
    expect(
      (
        await server.call({ method: 'GET', url: `/api/validatePacks/${encodeURIComponent("'); DROP TABLE packs;--")}` })
      ).json(),
    ).toEqual([]);
  });
});

describe('GET /api/print/{packHash}/{printId}', () => {
  const photo = encodeURIComponent('/media/festa_ana/pad/a1.jpg');
  /** A tap's own id, as the SPA sends with every print. */
  const tap = () => `request=tap-${crypto.randomBytes(8).toString('hex')}`;

  it('spends one copy and queues a print job', async () => {
    const response = await server.call({ method: 'GET', url: `/api/print/PACK5/${photo}?${tap()}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'queued', copies: 4 });
    const jobs = await server.db.query('SELECT status FROM print_jobs WHERE pack_hash = $1', ['PACK5']);
    expect(jobs.rows).toEqual([{ status: 'queued' }]);
  });

  it('refuses a pack without copies with 409 and queues nothing', async () => {
    const response = await server.call({ method: 'GET', url: `/api/print/PACK0/${photo}?${tap()}` });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: 'no_copies', message: 'Este pacote não possui cópias suficientes' });
    expect((await server.db.query("SELECT 1 FROM print_jobs WHERE pack_hash = 'PACK0'")).rowCount).toBe(0);
  });

  it(`refuses videos, GIFs, unknown media, media of another event, unknown packs and paths outside the \
media`, async () => {
    const cases: [string, number][] = [
      [`/api/print/PACK5/${encodeURIComponent('/media/festa_ana/360/v1.mp4')}?${tap()}`, 422],
      [`/api/print/PACK5/${encodeURIComponent('/media/festa_ana/boomerang/b1.gif')}?${tap()}`, 422],
      [`/api/print/PACK5/${encodeURIComponent('/media/festa_ana/pad/nada.jpg')}?${tap()}`, 404],
      [`/api/print/PACK5/${encodeURIComponent('/media/outra/pad/o1.jpg')}?${tap()}`, 403],
      [`/api/print/NOPACK/${photo}?${tap()}`, 404],
      [`/api/print/PACK5/${encodeURIComponent('../../../etc/passwd')}?${tap()}`, 400],
      [`/api/print/PACK5/${encodeURIComponent('/media/festa_ana/pad/..%2F..%2Fx.jpg')}?${tap()}`, 400],
      [`/api/print/PACK%20X/${photo}?${tap()}`, 400],
    ];
    for (const [url, status] of cases) {
      const response = await server.call({ method: 'GET', url });
      expect({ url, status: response.statusCode }).toEqual({ url, status });
    }
    expect((await server.db.query("SELECT copies FROM packs WHERE hash = 'PACK5'")).rows[0].copies).toBe(4);
  });

  it("lets a pack of no event print a public event's photo", async () => {
    const response = await server.call({
      method: 'GET',
      url: `/api/print/PACKANY/${encodeURIComponent('/media/outra/pad/o1.jpg')}?${tap()}`,
    });
    expect(response.json()).toEqual({ status: 'queued', copies: 2 });
  });

  describe('with a request id of its own', () => {
    const copiesOf = async (hash: string) =>
      (await server.db.query('SELECT copies FROM packs WHERE hash = $1', [hash])).rows[0].copies as number;
    const jobsOf = async (hash: string) =>
      (await server.db.query('SELECT 1 FROM print_jobs WHERE pack_hash = $1', [hash])).rowCount;
    const pack = 'PACKREQ';

    beforeAll(async () => {
      await server.db.query(`INSERT INTO packs (hash, event_name, copies) VALUES ($1, 'festa_ana', 5)`, [pack]);
    });

    it('spends one copy for a replayed id and answers the same reply', async () => {
      const url = `/api/print/${pack}/${photo}?request=tap-${crypto.randomBytes(8).toString('hex')}`;
      const first = await server.call({ method: 'GET', url });
      const again = await server.call({ method: 'GET', url });
      expect(first.statusCode).toBe(200);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(first.json());
      // Earlier tests' prints are ahead of it in the queue: the answer says so.
      expect(first.json()).toMatchObject({ status: 'queued', copies: 4 });
      expect(await copiesOf(pack)).toBe(4);
      expect(await jobsOf(pack)).toBe(1);
    });

    it('spends one copy per different id', async () => {
      const one = await server.call({
        method: 'GET',
        url: `/api/print/${pack}/${photo}?request=${'a'.repeat(16)}${Date.now()}`,
      });
      const two = await server.call({
        method: 'GET',
        url: `/api/print/${pack}/${photo}?request=${'b'.repeat(16)}${Date.now()}`,
      });
      expect([one.json().copies, two.json().copies]).toEqual([3, 2]);
      expect((await server.call({ method: 'GET', url: `/api/print/${pack}/${photo}?${tap()}` })).json().copies).toBe(1);
      expect(await copiesOf(pack)).toBe(1);
    });

    it('spends nothing on a call without an id (a link or a replayed URL): 400, with why', async () => {
      const response = await server.call({ method: 'GET', url: `/api/print/${pack}/${photo}` });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: 'print_request_missing',
        message: 'Pedido de impressão sem identificação: toque em imprimir de novo.',
      });
      expect(await copiesOf(pack)).toBe(1);
      expect(await jobsOf(pack)).toBe(4);
    });

    it("spends nothing when another site's page loads it (an image, a frame, a link from elsewhere): 403", async () => {
      const foreign = [
        { 'sec-fetch-dest': 'image', 'sec-fetch-site': 'same-origin' },
        { 'sec-fetch-dest': 'image', 'sec-fetch-site': 'cross-site' },
        { 'sec-fetch-dest': 'iframe', 'sec-fetch-site': 'same-origin' },
        { 'sec-fetch-dest': 'document', 'sec-fetch-site': 'cross-site' },
        { 'sec-fetch-dest': 'empty', 'sec-fetch-site': 'cross-site' },
      ];
      for (const headers of foreign) {
        const response = await server.call({ method: 'GET', url: `/api/print/${pack}/${photo}?${tap()}`, headers });
        expect({ headers, status: response.statusCode, reply: response.json() }).toEqual({
          headers,
          status: 403,
          reply: { error: 'print_not_from_site', message: 'Só o botão imprimir do site usa uma cópia.' },
        });
      }
      expect(await copiesOf(pack)).toBe(1);
      // The site's own call (fetch, same origin) still prints.
      const own = await server.call({
        method: 'GET',
        url: `/api/print/${pack}/${photo}?${tap()}`,
        headers: { 'sec-fetch-dest': 'empty', 'sec-fetch-site': 'same-origin' },
      });
      expect(own.json()).toMatchObject({ status: 'queued', copies: 0 });
    });

    it('refuses a malformed request id', async () => {
      for (const id of ['short', 'x'.repeat(65), 'a b c d e f g h i j']) {
        expect(
          (await server.call({ method: 'GET', url: `/api/print/${pack}/${photo}?request=${encodeURIComponent(id)}` }))
            .statusCode,
        ).toBe(400);
      }
      expect(await copiesOf(pack)).toBe(0);
    });

    it('never spends a copy on a prefetch', async () => {
      for (const headers of [
        { 'sec-purpose': 'prefetch' },
        { purpose: 'prefetch' },
        { 'x-moz': 'prefetch' },
        { 'sec-purpose': 'prefetch;prerender' },
      ]) {
        const response = await server.call({ method: 'GET', url: `/api/print/${pack}/${photo}?${tap()}`, headers });
        expect(response.statusCode).toBe(409);
        expect(response.json().error).toBe('prefetch_refused');
        expect(response.json().message).toMatch(/pré-carga/);
      }
      expect(await copiesOf(pack)).toBe(0);
    });
  });
});
