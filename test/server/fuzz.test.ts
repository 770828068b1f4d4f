import fc from 'fast-check';
import type { Database } from '../../server/src/platform/db/database';
import { basicSeed, DEVICE_KEYS, loadBasicSeed } from './support/fixtures';
import {
  describeRequest,
  hostileRequests,
  mustRefuse,
  oddValidRequests,
  type HostileRequest,
} from './support/hostileRequests';
import { newTeamMember, newUser, startTestServer, type DeclaredRoute, type TestServer } from './support/testServer';
import { injectOnce } from './support/streamInject';

/**
 * Property-based fuzz over every declared route (picked up from the route
 * table, so a new route is fuzzed without a line here). Hostile requests derived from each
 * route's schema, signed out and as every kind of caller; not one 5xx, and the database unchanged.
 *
 * FUZZ_SEED changes the seed (the default makes a run reproducible); FUZZ_RUNS the requests per route;
 * FUZZ_ROUTE (a part of `METHOD /path`) fuzzes only the routes it names, to replay a failure.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_260_920);
const AT_LEAST = 2000;

/**
 * Tables left out of the before/after comparison, each because it records attempts by design:
 * - rate_hits: uploadFace counts every attempt per address and agent before reading the body (so
 *   that a flood costs nothing); a refused upload is an attempt too, and must count.
 * - rate_counters: the routes' rate limits count every request, a refused one too (a flood of bad
 *   requests is a flood all the same).
 */
const ATTEMPT_TABLES = new Set(['rate_hits', 'rate_counters']);
/**
 * Columns left out, each because it records attempts by design:
 * - printer_states.seen_at: a printer asking for its jobs is heard from (offline after a quiet
 *   minute), whatever else its request holds. Its state and the rest are compared.
 */
const ATTEMPT_COLUMNS: Record<string, string[]> = { printer_states: ['seen_at'] };

type Snapshot = Record<string, string>;

async function snapshot(db: Database): Promise<Snapshot> {
  const { rows: tables } = await db.query<{ name: string }>(
    `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
  );
  const result: Snapshot = {};
  for (const { name } of tables) {
    if (ATTEMPT_TABLES.has(name)) continue;
    const row = (ATTEMPT_COLUMNS[name] ?? []).reduce((json, column) => `${json} - '${column}'`, 'to_jsonb(t)');
    const { rows } = await db.query<{ count: string; digest: string | null }>(
      `SELECT count(*)::text AS count, md5(string_agg((${row})::text, ',' ORDER BY (${row})::text)) AS digest ` +
        `FROM "${name}" t`,
    );
    result[name] = `${rows[0].count} rows, md5 ${rows[0].digest ?? '-'}`;
  }
  return result;
}

function changedTables(before: Snapshot, after: Snapshot): string[] {
  return [...new Set([...Object.keys(before), ...Object.keys(after)])]
    .filter((name) => before[name] !== after[name])
    .map((name) => `${name}: ${before[name]} -> ${after[name]}`);
}

/** A stable number per route, so that its requests stay the same when other routes come and go. */
function routeSeed(key: string): number {
  let hash = SEED | 0;
  for (const char of key) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
}

const NOT_FOUND_BODY = JSON.stringify({ error: 'not_found', message: 'Não encontrado.' });

const histogram = (statuses: Map<number, number>) =>
  [...statuses.entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${status}x${count}`)
    .join(' ');

const routeKey = (route: DeclaredRoute) => `${route.method} ${route.url}`;

/** Strings of the seeded world: valid values that make hostile requests reach further. */
function knownStrings(): string[] {
  const seed = basicSeed();
  return [
    ...(seed.events ?? []).flatMap((event) => [event.name, event.publicId ?? event.name]),
    ...(seed.devices ?? []).map((device) => device.id),
    ...(seed.packs ?? []).map((pack) => pack.hash),
    ...(seed.coupons ?? []).map((coupon) => coupon.code),
    ...(seed.partners ?? []).map((partner) => partner.name),
    ...(seed.media ?? []).flatMap((media) => [`/media/${media.event}/${media.mode}/${media.file}`, media.file]),
    'Contrato 1',
    'P1-NEXT',
    'packs',
    'collection',
    'pad',
    '360',
  ];
}

describe('fuzz of every route', () => {
  let server: TestServer;
  const callers: Record<string, Record<string, string>> = {};

  beforeAll(async () => {
    server = await startTestServer();
    const [plain, partner, team] = await Promise.all([newUser('fuzz'), newUser('fuzz-parceiro'), newTeamMember()]);
    const seed = basicSeed();
    await loadBasicSeed(server, {
      ...seed,
      accounts: [{ uid: partner.uid, email: partner.email, partner: 'parceiro1' }],
    });
    Object.assign(callers, {
      signedOut: {},
      user: { idtoken: plain.token },
      partner: { idtoken: partner.token },
      team: { idtoken: team.token },
      forgedToken: { idtoken: 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4IiwiZW1haWwiOiJjaGVmZUBlcXVpcGUudGVzdCJ9.' },
      camera: { 'x-device-id': 'cam1', 'x-device-key': DEVICE_KEYS.camera },
      printer: { 'x-device-id': 'printer1', 'x-device-key': DEVICE_KEYS.printer },
      mirror: { 'x-device-id': 'mirror1', 'x-device-key': DEVICE_KEYS.mirror },
      ultra: { 'x-device-id': 'ultra1', 'x-device-key': DEVICE_KEYS.ultra },
    });
    // The printer has been heard from once already: a request of it then moves its seen_at only.
    await server.db.query("INSERT INTO printer_states (device_id) VALUES ('printer1')");
  });
  afterAll(() => server.close());

  let sent = 0;
  async function send(request: HostileRequest) {
    // Each request from an address of its own: the per-address upload limit (kept in the database,
    // not raised for tests) would otherwise answer 429 before the fuzz reaches what it guards.
    sent += 1;
    const remoteAddress = `10.${(sent >> 16) & 255}.${(sent >> 8) & 255}.${sent & 255}`;
    return injectOnce(server.app, {
      method: request.method as 'GET',
      url: request.url,
      headers: request.headers,
      payload: request.payload,
      remoteAddress,
    });
  }

  // Found by the fuzz: the list with NUL was dropped and the others saved (with a new account).
  it('regression: updateAccount with NUL in one list is a 400 and saves none of the others', async () => {
    const before = await snapshot(server.db);
    const response = await send({
      method: 'GET',
      url: '/api/updateAccount?collection=xxxxxxxxxx%00&packs=PACK5,DEZ&events=festa_ana',
      headers: callers.user,
      caller: 'user',
      hostile: ['NUL in collection'],
      refusable: true,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'invalid_text', message: 'O texto enviado tem um caractere inválido.' });
    expect(changedTables(before, await snapshot(server.db))).toEqual([]);
  });

  it('answers no hostile request with a 5xx and changes nothing in the database', async () => {
    const only = process.env.FUZZ_ROUTE;
    const routes = only ? server.routes.filter((route) => routeKey(route).includes(only)) : server.routes;
    expect(routes.length).toBeGreaterThan(0);
    const runsPerRoute = Number(process.env.FUZZ_RUNS ?? 0) || Math.ceil((AT_LEAST * 1.2) / routes.length);
    const known = knownStrings();
    const failures: string[] = [];
    const table: string[] = [];
    let total = 0;
    let totalValid = 0;
    // Background work queued by an accepted request (an upload's thumbnail, recorded on its row)
    // is let finish before each snapshot: a write of the worker's is not the next route's.
    await server.jobsDone();
    let before = await snapshot(server.db);

    for (const route of routes) {
      const counts = { sent: 0, reached: 0, pastAuth: 0, statuses: new Map<number, number>() };
      /** Requests the route accepted (2xx): the suspects when the database changed. */
      const accepted: string[] = [];
      const strict = mustRefuse(route);
      const property = fc.asyncProperty(hostileRequests(route, callers, known), async (request) => {
        // A route with a schema gets only requests it must refuse: any write would be a bug.
        if (strict) fc.pre(request.refusable);
        const response = await send(request);
        counts.sent += 1;
        counts.statuses.set(response.statusCode, (counts.statuses.get(response.statusCode) ?? 0) + 1);
        // The catch-all 404 means the request never met the route (a path the router did not match).
        if (!(response.statusCode === 404 && response.body === NOT_FOUND_BODY)) counts.reached += 1;
        if (response.statusCode !== 401) counts.pastAuth += 1;
        if (response.statusCode < 300)
          accepted.push(`${describeRequest(request)} -> ${response.statusCode} ${response.body.slice(0, 200)}`);
        if (response.statusCode >= 500)
          throw new Error(
            `${response.statusCode} for ${describeRequest(request)}\nreply: ${response.body.slice(0, 600)}`,
          );
      });
      const details = await fc.check(property, {
        seed: routeSeed(routeKey(route)),
        numRuns: runsPerRoute,
        maxSkipsPerRun: 20,
      });
      if (details.failed)
        failures.push(
          `${routeKey(route)}\n${fc.defaultReportMessage(details) ?? ''}\n${String(details.errorInstance)}`,
        );

      const after = await snapshot(server.db);
      const changed = changedTables(before, after);
      if (changed.length > 0)
        failures.push(
          `${routeKey(route)} changed the database: ${changed.join('; ')}\naccepted requests:\n` +
            `${accepted.slice(-5).join('\n')}`,
        );

      // Then requests that pass the schema, odd where it lets them be: they reach the handler,
      // which may accept them (and write: a lead named "../etc" is a lead), so only no 5xx.
      let valid = 0;
      const validStatuses = new Map<number, number>();
      const reachHandler = fc.asyncProperty(oddValidRequests(route, callers, known), async (request) => {
        const response = await send(request);
        valid += 1;
        validStatuses.set(response.statusCode, (validStatuses.get(response.statusCode) ?? 0) + 1);
        if (response.statusCode >= 500)
          throw new Error(
            `${response.statusCode} for ${describeRequest(request)}\nreply: ${response.body.slice(0, 600)}`,
          );
      });
      const validDetails = await fc.check(reachHandler, {
        seed: routeSeed(`valid ${routeKey(route)}`),
        numRuns: runsPerRoute,
      });
      if (validDetails.failed)
        failures.push(
          `${routeKey(route)} (valid values)\n${fc.defaultReportMessage(validDetails) ?? ''}\n` +
            `${String(validDetails.errorInstance)}`,
        );
      await server.jobsDone();
      before = await snapshot(server.db);

      if (counts.reached === 0)
        failures.push(`${routeKey(route)} got no request (${counts.sent} sent, none matched it)`);
      // Some requests must get past authentication, or the fuzz only ever met the guard.
      if (counts.pastAuth === 0) failures.push(`${routeKey(route)}: every request stopped at authentication`);
      total += counts.sent;
      totalValid += valid;
      const statuses = `${histogram(counts.statuses)} | ${histogram(validStatuses)}`;
      table.push(
        `${String(counts.sent).padStart(7)} ${String(counts.pastAuth).padStart(9)} ${String(valid).padStart(6)}` +
          `  ${routeKey(route).padEnd(58)} ${statuses}`,
      );
    }

    console.log(
      `fuzz seed ${SEED}: ${total} hostile requests (database unchanged) and ${totalValid} valid-but-odd ones ` +
        `over ${routes.length} routes\n` +
        `hostile past auth  valid  route${' '.repeat(55)}statuses: hostile | valid\n${table.join('\n')}`,
    );
    expect(failures).toEqual([]);
    if (!only) expect(total).toBeGreaterThanOrEqual(AT_LEAST);
  }, 240_000);
});
