import type { InjectOptions } from 'fastify';
import { countedAddress } from '../../server/src/platform/http/clientAddress';
import { RATE_LIMITS, TOO_MANY_REQUESTS_MESSAGE, VENUE_PHONES } from '../../server/src/platform/http/rateLimits';
import { loadBasicSeed } from './support/fixtures';
import { newUser, startSecondApp, startTestServer, type TestServer, type TestUser } from './support/testServer';

/** Small limits, so that a test reaches them in a few calls. */
const LIMIT = 3;

const GENERIC_REFUSAL = { error: 'too_many_requests', message: TOO_MANY_REQUESTS_MESSAGE };
/** What a route's refusal says: its own words, or the generic ones. */
const refusalOf = (route: string) =>
  (RATE_LIMITS as Record<string, { refusal?: { error: string; message: string } }>)[route]?.refusal ?? GENERIC_REFUSAL;

function expectTooMany(
  response: { statusCode: number; headers: Record<string, unknown>; json: () => unknown },
  refusal: { error: string; message: string } = GENERIC_REFUSAL,
): void {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toEqual(refusal);
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(60);
}

describe('rate limits', () => {
  let server: TestServer;
  let behindProxy: TestServer;
  let user: TestUser;

  beforeAll(async () => {
    const overrides = Object.fromEntries(Object.keys(RATE_LIMITS).map((route) => [route, LIMIT]));
    server = await startTestServer({}, { rateLimits: { overrides } });
    await loadBasicSeed(server);
    behindProxy = await startTestServer({ TRUST_PROXY: '1' }, { rateLimits: { overrides } });
    user = await newUser('limitado');
  });
  afterAll(async () => {
    await server.close();
    await behindProxy.close();
  });

  let address = 0;
  /** Each test from its own addresses, so that no test spends another's allowance. */
  const ip = (n = 0) => `10.9.${address}.${n + 1}`;
  beforeEach(() => {
    address += 1;
  });

  async function spend(
    target: Pick<TestServer, 'call'>,
    request: InjectOptions & { token?: string },
    times = LIMIT,
  ): Promise<void> {
    for (let i = 0; i < times; i += 1) expect((await target.call(request)).statusCode).not.toBe(429);
  }

  it("are a table of sane limits a minute: a person's few, an address's at least ten persons'", () => {
    for (const [route, { perMinute, perAddress }] of Object.entries(RATE_LIMITS)) {
      expect([route, perMinute >= 5 && perMinute <= 120, perAddress >= 6 * perMinute]).toEqual([route, true, true]);
    }
  });

  // Signed in where the route wants it, so that the guard lets the calls reach the limit.
  it.each<[string, InjectOptions & { signedIn?: boolean; visitor?: string }]>([
    ['validatePacks', { method: 'GET', url: '/api/validatePacks/PACK5' }],
    // A balancer's probe: each server counts its own (a balancer asks every one), and a flood of it is refused.
    ['readyz', { method: 'GET', url: '/readyz' }],
    ['print', { method: 'GET', url: '/api/print/NOPACK/festa_ana%2Fpad%2Fa1.jpg?request=tap-rate-limited-01' }],
    ['printStatus', { method: 'GET', url: '/api/printStatus/NOPACK/p_unknownrequest0001' }],
    ['landingForm', { method: 'POST', url: '/api/landingForm', payload: {} }],
    ['check_bname', { method: 'GET', url: '/api/check_bname/festa_ana' }],
    ['check_bname_partner', { method: 'GET', url: '/api/check_bname_partner/parceiro1' }],
    ['authorize_partner', { method: 'POST', url: '/api/authorize_partner', payload: {}, signedIn: true }],
    ['set_transaction', { method: 'POST', url: '/api/set_transaction', payload: {}, signedIn: true }],
    ['order', { method: 'POST', url: '/api/order/DEZ', payload: {} }],
    ['process_payment_card', { method: 'POST', url: '/api/process_payment_card', payload: {} }],
    ['orderStatus', { method: 'GET', url: '/api/orders/123456789' }],
    ['uploadFace', { method: 'POST', url: '/api/uploadFace/agentr001', visitor: 'agentr001', payload: {} }],
    ['faceSearch', { method: 'GET', url: '/api/fotos-do-rosto/agentr004?eventos=festa_ana', visitor: 'agentr004' }],
    [
      'collectFound',
      { method: 'POST', url: '/api/fotos-do-rosto/agentr005/colecao', visitor: 'agentr005', payload: {} },
    ],
    ['privacyErase', { method: 'POST', url: '/api/privacy/erase', payload: {} }],
    ['downloadGallery', { method: 'GET', url: '/api/baixar/festa_ana/pad' }],
    // The wall's night: paging it through is bounded (a wall link's holder reading every QR code's wall code).
    ['wallNight', { method: 'GET', url: '/api/telao/festa-ana-1/noite' }],
    // A share told ('A festa em números'): a flood of them counts nothing, and is refused.
    ['shareBeacon', { method: 'POST', url: '/api/compartilhado', payload: {} }],
    // A collect told by the app: a flood of them counts nothing, and is refused.
    ['collect', { method: 'POST', url: '/api/coletado', payload: {} }],
    [
      'downloadCollection',
      {
        method: 'POST',
        url: '/api/baixar/colecao',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'itens=%2Fmedia%2Fnada%2Fpad%2Fx.jpg',
      },
    ],
  ])(
    '%s: the call past the limit is a 429 in Portuguese with Retry-After; another address is not affected',
    async (route, { signedIn, visitor, ...options }) => {
      const request = {
        ...options,
        token: signedIn ? user.token : undefined,
        headers: visitor ? { cookie: server.visitorCookie(visitor) } : undefined,
      };
      const refusal = refusalOf(route);
      await spend(server, { ...request, remoteAddress: ip() });
      expectTooMany(await server.call({ ...request, remoteAddress: ip() }), refusal);
      if (visitor) {
        // A visitor's limit is theirs from any address; another visitor at the same one has their own.
        expectTooMany(await server.call({ ...request, remoteAddress: ip(1) }), refusal);
        const other = `${visitor}x`;
        const theirs = {
          ...request,
          url: request.url?.toString().replace(visitor, other),
          headers: { cookie: server.visitorCookie(other) },
        };
        expect((await server.call({ ...theirs, remoteAddress: ip() })).statusCode).not.toBe(429);
      } else expect((await server.call({ ...request, remoteAddress: ip(1) })).statusCode).not.toBe(429);
    },
  );

  it(`a venue: each visitor behind one address has a visitor's allowance, and the address a venue's \
ceiling`, async () => {
    const venue = await startTestServer({}, { rateLimits: { overrides: { validatePacks: 2 } } });
    try {
      await loadBasicSeed(venue);
      const address = '10.77.0.1';
      const ask = (cookie?: string) =>
        venue.call({
          method: 'GET',
          url: '/api/validatePacks/PACK5',
          remoteAddress: address,
          headers: cookie ? { cookie } : {},
        });
      const statuses = new Map<number, number>();
      // VENUE_PHONES guests, two checks each (their whole allowance), all behind the Wi-Fi's address.
      for (let phone = 0; phone < VENUE_PHONES; phone += 1) {
        const cookie = venue.visitorCookie(`convidado${String(phone).padStart(4, '0')}`);
        for (const status of [(await ask(cookie)).statusCode, (await ask(cookie)).statusCode])
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
      expect(Object.fromEntries(statuses)).toEqual({ 200: 2 * VENUE_PHONES });
      // One guest past their own allowance is refused, not the venue.
      expectTooMany(await ask(venue.visitorCookie('convidado0000')));
      // The address's ceiling is a venue's worth: a new visitor past it is refused too.
      expectTooMany(await ask(venue.visitorCookie('convidado9999')));
      // Another address has its own.
      expect(
        (await venue.call({ method: 'GET', url: '/api/validatePacks/PACK5', remoteAddress: '10.77.0.2' })).statusCode,
      ).toBe(200);
    } finally {
      await venue.close();
    }
  });

  it.each([
    ['createAccount', '/api/createAccount?account=x'],
    ['updateAccount', '/api/updateAccount'],
    ['modifyAccount', '/api/modifyAccount/add/packs/PACK5'],
  ])(
    "%s is counted per account: the account's calls from another address are refused, another account's are not",
    async (_route, url) => {
      const other = await newUser(`outro-${_route.toLowerCase()}`);
      await spend(server, { method: 'GET', url, token: user.token, remoteAddress: ip() });
      expectTooMany(await server.call({ method: 'GET', url, token: user.token, remoteAddress: ip(1) }));
      // A venue's guests share its address: another account there is not affected.
      expect((await server.call({ method: 'GET', url, token: other.token, remoteAddress: ip() })).statusCode).not.toBe(
        429,
      );
    },
  );

  it(`a visitor given on the spot counts as its address: a made-up agent on every request is one person, a signed \
visitor keeps its own count`, async () => {
    const request = { method: 'GET' as const, url: '/api/validatePacks/PACK5', remoteAddress: ip() };
    const madeUp = (n: number) => ({ ...request, headers: { cookie: `agent=inventado${address}x${n}` } });
    for (let n = 0; n < LIMIT; n += 1) {
      const reply = await server.call(madeUp(n));
      expect(reply.statusCode).toBe(200);
      // The server gave it a new visitor: the made-up agent was not taken.
      expect(String(reply.headers['set-cookie'])).toMatch(/agent_sig=/);
    }
    expectTooMany(await server.call(madeUp(LIMIT)));
    expectTooMany(
      await server.call({
        ...madeUp(LIMIT + 1),
        headers: { cookie: `agent=inventado${address}y; agent_sig=${'x'.repeat(22)}` },
      }),
    );
    // Two visitors the server signed, at the same address: each has its whole allowance.
    for (const visitor of [`assinado${address}a`, `assinado${address}b`]) {
      const theirs = { ...request, headers: { cookie: server.visitorCookie(visitor) } };
      await spend(server, theirs);
      expectTooMany(await server.call(theirs));
    }
  });

  it(`a request its person's limit refuses is not counted for the address: one phone hammering leaves its venue's \
other phones theirs`, async () => {
    // check_bname at a twentieth: 3 a minute per person, 30 per address (signed as the first server signs).
    const small = await startSecondApp(server, { rateLimits: { scale: 0.05 } });
    try {
      const request = { method: 'GET' as const, url: '/api/check_bname/festa_ana', remoteAddress: ip() };
      const phone = (n: number) => ({
        ...request,
        headers: { cookie: server.visitorCookie(`celular${address}x${n}`) },
      });
      await spend(small, phone(0));
      for (let i = 0; i < 40; i += 1) expectTooMany(await small.call(phone(0)));
      // 43 requests from the address, 3 of them counted: nine more phones have their whole allowance.
      for (let n = 1; n <= 9; n += 1) await spend(small, phone(n));
      // The address's ceiling still holds for the requests it counts.
      expectTooMany(await small.call(phone(10)));
    } finally {
      await small.close();
    }
  });

  it('tells nothing of the limit on an allowed call, and when to come back on a refused one', async () => {
    const request = { method: 'GET' as const, url: '/api/validatePacks/PACK5', remoteAddress: ip() };
    const allowed = await server.call(request);
    expect(allowed.statusCode).toBe(200);
    expect(Object.keys(allowed.headers).filter((name) => name.startsWith('x-ratelimit'))).toEqual([]);
    await spend(server, request, LIMIT - 1);
    expectTooMany(await server.call(request));
  });

  it('counts each route apart', async () => {
    await spend(server, { method: 'GET', url: '/api/check_bname/festa_ana', remoteAddress: ip() });
    expect(
      (await server.call({ method: 'GET', url: '/api/validatePacks/PACK5', remoteAddress: ip() })).statusCode,
    ).toBe(200);
  });

  it("counts face uploads by visitor: another visitor's are not affected", async () => {
    // A capture the checks refuse counts too (and costs no second of the face model).
    const poligram = 'not an image';
    const upload = (agent: string) =>
      server.call({
        method: 'POST',
        url: `/api/uploadFace/${agent}`,
        payload: { poligram },
        remoteAddress: ip(),
        headers: { cookie: server.visitorCookie(agent) },
      });
    for (let i = 0; i < LIMIT; i += 1) expect((await upload('agentr002')).statusCode).toBe(400);
    expectTooMany(await upload('agentr002'), refusalOf('uploadFace'));
    expect((await upload('agentr003')).statusCode).toBe(400);
  });

  it('are counted in the database: a second app server on it allows what is left, not a new allowance', async () => {
    const overrides = Object.fromEntries(Object.keys(RATE_LIMITS).map((route) => [route, LIMIT]));
    const second = await startSecondApp(server, { rateLimits: { overrides } });
    try {
      const request = { method: 'GET' as const, url: '/api/validatePacks/PACK5', remoteAddress: ip() };
      await spend(server, request, LIMIT - 1);
      expect((await second.call(request)).statusCode).toBe(200);
      expectTooMany(await server.call(request));
      expectTooMany(await second.call(request));
      // Sent to both at once, as a balancer spreads them: LIMIT in all.
      const burst = { ...request, remoteAddress: ip(1) };
      const replies = await Promise.all(
        Array.from({ length: LIMIT * 4 }, (_, n) => (n % 2 === 0 ? server : second).call(burst)),
      );
      expect(replies.filter((reply) => reply.statusCode === 200)).toHaveLength(LIMIT);
    } finally {
      await second.close();
    }
  });

  it("/readyz is counted by each app server alone: a balancer's probes of one do not spend another's", async () => {
    const overrides = Object.fromEntries(Object.keys(RATE_LIMITS).map((route) => [route, LIMIT]));
    const second = await startSecondApp(server, { rateLimits: { overrides } });
    try {
      const probe = { method: 'GET' as const, url: '/readyz', remoteAddress: ip() };
      await spend(server, probe);
      expectTooMany(await server.call(probe));
      expect((await second.call(probe)).statusCode).toBe(200);
    } finally {
      await second.close();
    }
  });

  it('count an IPv6 client by its /64: new addresses in it share one allowance, another /64 has its own', async () => {
    const url = '/api/check_bname/festa_ana';
    const from = (remoteAddress: string) => server.call({ method: 'GET', url, remoteAddress });
    const prefix = `2001:db8:${address}:1`;
    for (let i = 0; i < LIMIT; i += 1) expect((await from(`${prefix}::${i + 1}`)).statusCode).toBe(200);
    expectTooMany(await from(`${prefix}:ffff:eeee:dddd:cccc`));
    expect((await from(`2001:db8:${address}:2::1`)).statusCode).toBe(200);
  });

  it('without TRUST_PROXY, X-Forwarded-For does not change the address counted', async () => {
    const request = { method: 'GET' as const, url: '/api/validatePacks/PACK5', remoteAddress: ip() };
    for (let i = 0; i < LIMIT; i += 1) {
      expect((await server.call({ ...request, headers: { 'x-forwarded-for': `203.0.113.${i}` } })).statusCode).toBe(
        200,
      );
    }
    expectTooMany(await server.call({ ...request, headers: { 'x-forwarded-for': '203.0.113.99' } }));
  });

  it('with TRUST_PROXY=1, the address the proxy forwards is the one counted', async () => {
    const proxy = { method: 'GET' as const, url: '/api/validatePacks/PACK5', remoteAddress: ip() };
    const client = { ...proxy, headers: { 'x-forwarded-for': ip(1) } };
    for (let i = 0; i < LIMIT; i += 1) expect((await behindProxy.call(client)).statusCode).toBe(200);
    expectTooMany(await behindProxy.call(client));
    // Another client through the same proxy has its own allowance.
    expect((await behindProxy.call({ ...proxy, headers: { 'x-forwarded-for': ip(2) } })).statusCode).toBe(200);
  });
});

describe('the address a client is counted by', () => {
  it.each([
    ['198.51.100.7', '198.51.100.7'],
    ['::ffff:198.51.100.7', '198.51.100.7'],
    ['2001:db8:a:b:1:2:3:4', '2001:db8:a:b::/64'],
    ['2001:0db8:000a:000b:ffff::1', '2001:db8:a:b::/64'],
    ['2001:db8:a:c::1', '2001:db8:a:c::/64'],
    ['::1', '::/64'],
    ['not an address', 'not an address'],
  ])('%s: %s', (ip, counted) => {
    expect(countedAddress(ip)).toBe(counted);
  });
});
