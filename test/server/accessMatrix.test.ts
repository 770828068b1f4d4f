import { getAuth } from 'firebase-admin/auth';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import Fastify from 'fastify';
import { registerAuthGuard } from '../../server/src/modules/identity/http/authGuard';
import { firebaseVerifier } from '../../server/src/modules/identity/http/identityTokens';
import { registerErrorHandler } from '../../server/src/platform/http/errorHandler';
import { CALLERS, type Matrix } from './support/accessMatrix/callers';
import { ROWS } from './support/accessMatrix/routes';
import {
  currentUrl,
  forgedToken,
  oddHeaderToken,
  send,
  sending,
  server,
  unsignedJwt,
  users,
  verifications,
  withMatrixServer,
} from './support/accessMatrix/world';
import { newUser, type DeclaredRoute } from './support/testServer';

/**
 * The access matrix: every route the server declares, every kind of caller, the status
 * each one gets (and, where it says something, the reply). Requests are valid for their route, so
 * that a status says who may call it, not what was wrong with the request.
 *
 * The table is support/accessMatrix/routes.ts (a row per route, from the row file of each
 * subject), its callers and their helpers support/accessMatrix/callers.ts, the server and the
 * requests made on the way support/accessMatrix/world.ts. A declared route without a row fails the first test below.
 */

withMatrixServer();

const key = (route: Pick<DeclaredRoute, 'method' | 'url'>) => `${route.method} ${route.url}`;

describe('the access matrix', () => {
  it('has a row for every route the server declares, and none for a route it does not', () => {
    const declared = new Set(server.routes.map(key));
    const tabled = new Set(ROWS.map((row) => row.route));
    const missing = [...declared].filter((route) => !tabled.has(route)).sort();
    const stale = [...tabled].filter((route) => !declared.has(route)).sort();
    const helper = {
      none: 'anyone(200)',
      optional: 'optional(200, 200)',
      required: 'signedIn(200)',
      team: "only('team', 200)",
    };
    const howTo = (route: string) => {
      const auth = server.routes.find((declared) => key(declared) === route)?.auth ?? 'none';
      return (
        `${route}: add its row to the row file of its subject in test/server/support/accessMatrix/, ` +
        `e.g. { route: '${route}', ` +
        `request: () => ({ method: '${route.split(' ')[0]}', url: '...' }), expected: ${helper[auth]} }`
      );
    };
    expect({
      missing: missing.map(howTo),
      stale: stale.map((route) => `${route}: no longer declared, remove its row`),
    }).toEqual({ missing: [], stale: [] });
  });

  it.each(ROWS.map((row) => [`${row.route}${row.label ? ` (${row.label})` : ''}`, row] as const))(
    '%s',
    async (_name, row) => {
      const actual: Partial<Matrix> = {};
      // Partner A last: a launch of the shown coupon changes its contract.
      for (const caller of CALLERS) actual[caller] = await send(row, caller);
      expect(actual).toEqual(row.expected);
    },
  );

  it('answers 401 to a token that is not a JWT at all, wherever a token is read', async () => {
    const reading = ROWS.filter((row) =>
      server.routes.some((route) => key(route) === row.route && route.auth !== 'none'),
    );
    expect(reading.length).toBeGreaterThanOrEqual(20);
    for (const row of reading) {
      const request = await row.request();
      const response = await server.call({ ...request, token: 'nope' });
      expect({ route: row.route, status: response.statusCode }).toEqual({ route: row.route, status: 401 });
    }
  });
});

describe('the forged and odd-header tokens outside the emulator', () => {
  // The emulator signs nothing, so it checks no algorithm: it refuses these tokens for their
  // unknown account. Production refuses them for their header, before it fetches any key, with
  // a message that says "network": still the caller's fault (401), never an outage (503).
  it('are refused with 401 by the guard with the production verifier, without asking the network', async () => {
    const app = Fastify();
    registerErrorHandler(app);
    registerAuthGuard(app, firebaseVerifier(server.config.firebaseProjectId, null), {
      emails: [],
      isListed: async () => false,
      requireVerifiedEmail: true,
    });
    app.get('/conta', { config: { auth: 'required' } }, async () => 'ok');
    const tokens = {
      forged: forgedToken,
      oddHeader: oddHeaderToken,
      oddHeaderWithKeyId: unsignedJwt({ alg: 'network', kid: 'chave-1', typ: 'JWT' }, 'c2lnbmF0dXJh'),
    };
    const emulator = process.env.FIREBASE_AUTH_EMULATOR_HOST;
    delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
    const statuses: Record<string, number> = {};
    try {
      for (const [name, token] of Object.entries(tokens))
        statuses[name] = (await app.inject({ method: 'GET', url: '/conta', headers: { idtoken: token } })).statusCode;
    } finally {
      process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator;
      await app.close();
    }
    expect(statuses).toEqual({ forged: 401, oddHeader: 401, oddHeaderWithKeyId: 401 });
  });
});

// --- revoked sessions: the partner and team family ------------------------------------------------

/**
 * Paths of the partner and team family; every team-only route belongs to it too. And two account
 * routes whose grant outlives the call: the media cookie a token is traded for, and
 * an event created from a paid order.
 */
const FAMILY_PREFIXES = [
  '/api/media-session',
  '/api/create_event',
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

// Routes that read no token (logging out of the media cookie) have no session to check.
const inFamily = (route: DeclaredRoute) =>
  route.auth !== 'none' && (route.auth === 'team' || FAMILY_PREFIXES.some((prefix) => route.url.startsWith(prefix)));

describe('revoked sessions', () => {
  it(`are checked on every route of the partner and team family: team routes by default, the others by their \
config`, () => {
    const family = server.routes.filter(inFamily);
    expect(family.length).toBeGreaterThanOrEqual(10);
    expect(family.filter((r) => !(r.checkRevoked ?? r.auth === 'team'))).toEqual([]);
  });

  it(`are what the guard asks the identity service about for the family, and not for plain account \
routes`, async () => {
    const familyRoutes = new Set(server.routes.filter(inFamily).map(key));
    const familyRows = ROWS.filter((row) => familyRoutes.has(row.route));
    verifications.length = 0;
    const sent: string[] = [];
    for (const row of familyRows) {
      await send(row, 'team');
      sent.push(currentUrl);
    }
    sending('/api/account');
    expect((await server.call({ method: 'GET', url: '/api/account', token: users.partnerA.token })).statusCode).toBe(
      200,
    );
    // A row's own setup may call other routes first (an order to pay, for create_event): only the
    // calls the rows are about count here.
    const rowUrls = new Set(sent);
    const family = verifications.filter((v) => rowUrls.has(v.url));
    expect([...new Set(family.map((v) => v.url))].sort()).toEqual([...rowUrls].sort());
    expect(family.filter((v) => v.options?.checkRevoked !== true)).toEqual([]);
    expect(verifications.filter((v) => v.url === '/api/account').map((v) => v.options?.checkRevoked)).toEqual([false]);
  });

  it('and a disabled account are refused with 401', async () => {
    const user = await newUser('desativado');
    expect((await server.call({ method: 'GET', url: '/api/check_team', token: user.token })).statusCode).toBe(200);
    const admin = initializeApp({ projectId: server.config.firebaseProjectId }, `access-matrix-${Date.now()}`);
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
