import { getAuth } from 'firebase-admin/auth';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import type { InjectOptions } from 'fastify';
import { newInvitationHash } from '../../src/lib/invitationHash';
import type { IdentityVerifier, VerifyOptions } from '../../server/src/auth/identity';
import { basicSeed, loadBasicSeed } from './support/fixtures';
import { newTeamMember, newUser, startTestServer, type DeclaredRoute, type TestServer, type TestUser } from './support/testServer';

/**
 * Who may call the partner and team routes (issue 12, rule 3): every route of the family, every
 * kind of caller, the status each one gets (and, where it says something, the reply).
 */

let server: TestServer;
const callers: Record<Exclude<Caller, 'signedOut'>, TestUser> = {} as never;
/** The options the guard asked the verifier for, per request URL. */
const verifications: { url: string; options: VerifyOptions | undefined }[] = [];
let currentUrl = '';

type Caller = 'signedOut' | 'plain' | 'partnerA' | 'partnerB' | 'team';

/** Paths of the partner and team family; every team-only route belongs to it too. */
const FAMILY_PREFIXES = [
  '/api/contracts',
  '/api/deals',
  '/api/launch_coupon',
  '/api/create_contract',
  '/api/check_bname_partner',
  '/api/authorize_',
  '/api/check_team',
  '/api/team',
  '/api/leads',
  '/api/partner',
];

const inFamily = (route: DeclaredRoute) => route.auth === 'team' || FAMILY_PREFIXES.some((prefix) => route.url.startsWith(prefix));

type Expected = number | { status: number; body: string };

interface Row {
  /** `METHOD /api/path` as declared. */
  route: string;
  /** Which case of the route, when it has several. */
  label?: string;
  /** The request, made when it is sent (a fresh hash, the coupon shown right now). */
  request: () => Promise<InjectOptions> | InjectOptions;
  expected: Record<Caller, Expected>;
}

/** 401 signed out, then the same for all four signed-in callers but the team's. */
const only = (who: 'team' | 'partnerA' | 'partnerAAndTeam', allowed: Expected, refused: Expected = 403): Record<Caller, Expected> => ({
  signedOut: 401,
  plain: refused,
  partnerA: who === 'team' ? refused : allowed,
  partnerB: refused,
  team: who === 'partnerA' ? refused : allowed,
});

const text = (body: string): Expected => ({ status: 200, body });

async function shownCoupon(): Promise<string> {
  currentUrl = '/api/contracts/parceiro1';
  const response = await server.call({ method: 'GET', url: '/api/contracts/parceiro1', token: callers.team.token });
  return (response.json() as { title: string; last: string }[]).find((c) => c.title === 'Contrato 1')?.last ?? '';
}

let fresh = 0;

const ROWS: Row[] = [
  { route: 'GET /api/contracts/:partner', request: () => ({ method: 'GET', url: '/api/contracts/parceiro1' }), expected: only('partnerAAndTeam', 200) },
  { route: 'GET /api/deals/:partner', request: () => ({ method: 'GET', url: '/api/deals/parceiro1' }), expected: only('partnerAAndTeam', 200) },
  {
    route: 'POST /api/launch_coupon',
    request: async () => ({ method: 'POST', url: '/api/launch_coupon', payload: { partner: 'parceiro1', contractTitle: 'Contrato 1', lastCoupon: await shownCoupon() } }),
    expected: only('partnerA', 200),
  },
  {
    route: 'POST /api/create_contract',
    request: () => ({ method: 'POST', url: '/api/create_contract', payload: { partner: 'matriz', duration: 30, rate: 10, discount: 5, kit: 'Kit', n_coupons: 3 } }),
    expected: only('team', 200),
  },
  {
    route: 'GET /api/check_bname_partner/:name',
    label: 'an owned name',
    request: () => ({ method: 'GET', url: '/api/check_bname_partner/parceiro_dono' }),
    expected: { signedOut: text('taken'), plain: text('taken'), partnerA: text('taken'), partnerB: text('taken'), team: text('owned') },
  },
  {
    route: 'GET /api/check_bname_partner/:name',
    label: 'a taken name',
    request: () => ({ method: 'GET', url: '/api/check_bname_partner/parceiro1' }),
    expected: { signedOut: text('taken'), plain: text('taken'), partnerA: text('taken'), partnerB: text('taken'), team: text('taken') },
  },
  {
    route: 'POST /api/authorize_hash',
    request: () => ({ method: 'POST', url: '/api/authorize_hash', payload: { partnerName: `matriz_${(fresh += 1)}`, hash: newInvitationHash() } }),
    expected: only('team', 200),
  },
  {
    // Any signed-in account may accept an invitation; an unknown hash proves it got that far.
    route: 'POST /api/authorize_partner',
    request: () => ({ method: 'POST', url: '/api/authorize_partner', payload: { partnerName: 'parceiro_dono', hash: newInvitationHash() } }),
    expected: { signedOut: 401, plain: 404, partnerA: 404, partnerB: 404, team: 404 },
  },
  { route: 'GET /api/team_orders', request: () => ({ method: 'GET', url: '/api/team_orders' }), expected: only('team', 200) },
  {
    route: 'POST /api/team_orders/:orderId',
    request: () => ({ method: 'POST', url: '/api/team_orders/400000001', payload: { status: 'approved' } }),
    expected: only('team', 200),
  },
  { route: 'GET /api/leads', request: () => ({ method: 'GET', url: '/api/leads' }), expected: only('team', 200) },
  {
    route: 'GET /api/check_team',
    request: () => ({ method: 'GET', url: '/api/check_team' }),
    expected: { signedOut: 401, plain: text('no'), partnerA: text('no'), partnerB: text('no'), team: text('ok') },
  },
];

beforeAll(async () => {
  server = await startTestServer(
    {},
    {
      verifier: (inner: IdentityVerifier): IdentityVerifier => ({
        verify(token, options) {
          verifications.push({ url: currentUrl, options });
          return inner.verify(token, options);
        },
      }),
    },
  );
  const [plain, partnerA, partnerB, team] = await Promise.all([newUser('comum'), newUser('parceiro-a'), newUser('parceiro-b'), newTeamMember()]);
  Object.assign(callers, { plain, partnerA, partnerB, team });
  const seed = basicSeed();
  await loadBasicSeed(server, {
    ...seed,
    partners: [...(seed.partners ?? []), { name: 'parceiro_dono' }],
    accounts: [
      { uid: partnerA.uid, email: partnerA.email, partner: 'parceiro1' },
      { uid: partnerB.uid, email: partnerB.email, partner: 'parceiro2' },
    ],
  });
  // A pending Pix order for the team to settle.
  const order = await server.call({
    method: 'POST',
    url: '/api/order/DEZ',
    payload: {
      products: [{ id: 'album', name: 'Álbum', type: 'product', hours: 0, quantity: 1, selectedAccessories: [], unitPrice: 80, totalPrice: 80 }],
      total: 80,
      clientName: 'Cliente',
      eventName: 'Festa',
      eventDate: '2030-07-01',
      eventTime: '20:00',
      paymentMethod: 'pix',
      email: 'cliente@example.com',
      cpf: '12345678909',
      orderId: '400000001',
      claim: 'claim-400000001-matriz',
    },
  });
  expect(order.statusCode).toBe(200);
});

afterAll(() => server.close());

async function send(row: Row, caller: Caller): Promise<Expected> {
  const request = await row.request();
  currentUrl = String(request.url);
  const response = await server.call({ ...request, token: caller === 'signedOut' ? undefined : callers[caller].token });
  const expected = row.expected[caller];
  // A body is compared where the table says one.
  return typeof expected === 'object' && response.statusCode === 200 ? { status: 200, body: response.body } : response.statusCode;
}

describe('the access matrix of the partner and team routes', () => {
  it('has a row for every route of the family the server declares, and no other', () => {
    const declared = [...new Set(server.routes.filter(inFamily).map((r) => `${r.method} ${r.url}`))].sort();
    expect(declared.length).toBeGreaterThanOrEqual(10);
    expect([...new Set(ROWS.map((row) => row.route))].sort()).toEqual(declared);
  });

  it.each(ROWS.map((row) => [`${row.route}${row.label ? ` (${row.label})` : ''}`, row] as const))('%s', async (_name, row) => {
    const actual: Partial<Record<Caller, Expected>> = {};
    // The partner's own account last: it is the one a launch of the shown coupon changes.
    for (const caller of ['signedOut', 'plain', 'partnerB', 'team', 'partnerA'] as const) actual[caller] = await send(row, caller);
    expect(actual).toEqual(row.expected);
  });

  it('answers 401 to a token that is not valid on every route of the family', async () => {
    for (const row of ROWS) {
      const request = await row.request();
      const response = await server.call({ ...request, token: 'nope' });
      expect({ route: row.route, status: response.statusCode }).toEqual({ route: row.route, status: 401 });
    }
  });
});

describe('revoked sessions', () => {
  it('are checked on every route of the family: team routes by default, the others by their config', () => {
    const unchecked = server.routes.filter(inFamily).filter((r) => !(r.checkRevoked ?? r.auth === 'team'));
    expect(unchecked).toEqual([]);
  });

  it('are what the guard asks the identity service about for the family, and not for plain account routes', async () => {
    verifications.length = 0;
    const sent: string[] = [];
    for (const row of ROWS) {
      await send(row, 'team');
      sent.push(currentUrl);
    }
    currentUrl = '/api/account';
    expect((await server.call({ method: 'GET', url: '/api/account', token: callers.partnerA.token })).statusCode).toBe(200);
    const family = verifications.filter((v) => v.url !== '/api/account');
    expect([...new Set(family.map((v) => v.url))].sort()).toEqual([...new Set(sent)].sort());
    expect(family.filter((v) => v.options?.checkRevoked !== true)).toEqual([]);
    expect(verifications.filter((v) => v.url === '/api/account').map((v) => v.options?.checkRevoked)).toEqual([false]);
  });

  it('and a disabled account are refused with 401', async () => {
    const user = await newUser('desativado');
    expect((await server.call({ method: 'GET', url: '/api/check_team', token: user.token })).statusCode).toBe(200);
    const admin = initializeApp({ projectId: server.config.firebaseProjectId }, `partner-access-${Date.now()}`);
    try {
      await getAuth(admin).updateUser(user.uid, { disabled: true });
    } finally {
      await deleteApp(admin);
    }
    const response = await server.call({ method: 'GET', url: '/api/check_team', token: user.token });
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toBe('unauthenticated');
  });
});
