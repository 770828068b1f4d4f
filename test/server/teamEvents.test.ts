import type { TeamEvent } from '../../contract/wire';
import { TEAM_EVENTS_LIMIT } from '../../server/src/modules/events/teamEvents';
import { loadBasicSeed } from './support/fixtures';
import { newTeamMember, newUser, startTestServer, type TestServer, type TestUser } from './support/testServer';

/**
 * The team's events: the team opens any event's wall and printers from its account, so
 * it lists the events, newest first, and finds one by its name, title or owner's email.
 */
let server: TestServer;
let team: TestUser;
let owner: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  await loadBasicSeed(server);
  [team, owner] = await Promise.all([newTeamMember(), newUser('dona-da-festa')]);
  await server.db.query('INSERT INTO accounts (uid, email) VALUES ($1, $2)', [owner.uid, owner.email]);
  await server.db.query(
    "UPDATE events SET owner_uid = $1, title = 'Casamento da Bia', suspended_at = now() WHERE name = 'privada'",
    [owner.uid],
  );
  // A known order, newest first: 'privada' the newest, 'festa_ana' the oldest.
  await server.db.query("UPDATE events SET created_at = now() - interval '1 day' WHERE name <> 'privada'");
  await server.db.query("UPDATE events SET created_at = now() - interval '2 days' WHERE name = 'festa_ana'");
});

afterAll(() => server.close());

const list = async (busca?: string, token = team.token) => {
  const response = await server.call({
    method: 'GET',
    url: `/api/team/events${busca === undefined ? '' : `?busca=${encodeURIComponent(busca)}`}`,
    token,
  });
  return {
    status: response.statusCode,
    headers: response.headers,
    events: response.statusCode === 200 ? response.json<TeamEvent[]>() : [],
  };
};

it(`lists every event for the team, newest first, with its owner, its visibility, whether it is suspended and its \
booth media`, async () => {
  const { status, headers, events } = await list();
  expect(status).toBe(200);
  expect(headers['cache-control']).toBe('private, no-store');
  const { rows } = await server.db.query<{ name: string }>('SELECT name FROM events');
  expect(events.map((event) => event.name).sort()).toEqual(rows.map((row) => row.name).sort());
  expect(events[0].name).toBe('privada');
  expect(events.at(-1)?.name).toBe('festa_ana');

  const privada = events[0];
  const { rows: facts } = await server.db.query<{ public_id: string; media: number }>(
    "SELECT public_id, (SELECT count(*)::int FROM media WHERE event_name = 'privada' AND role = 'booth') AS " +
      "media FROM events WHERE name = 'privada'",
  );
  expect(privada).toEqual({
    name: 'privada',
    title: 'Casamento da Bia',
    publicId: facts[0].public_id,
    visibility: 'private',
    ownerEmail: owner.email,
    suspended: true,
    media: facts[0].media,
    createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
  });
  const festa = events.find((event) => event.name === 'festa_ana');
  const { rows: festaMedia } = await server.db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM media WHERE event_name = 'festa_ana' AND role = 'booth'",
  );
  expect(festaMedia[0].n).toBeGreaterThan(0);
  expect(festa).toMatchObject({ ownerEmail: '', suspended: false, media: festaMedia[0].n });
});

it("counts an event's booth media only: not its own images, nor a guest's result", async () => {
  const before = (await list('festa_ana')).events[0].media;
  const add = (file: string, role: string) =>
    server.db.query(
      "INSERT INTO media (event_name, mode, file, kind, role) VALUES ('festa_ana', 'pad', $1, 'image', $2)",
      [file, role],
    );
  await add('resultado-convidado.jpg', 'result');
  await add('capa-nova.jpg', 'event');
  expect((await list('festa_ana')).events[0].media).toBe(before);
  await add('da-cabine.jpg', 'booth');
  expect((await list('festa_ana')).events[0].media).toBe(before + 1);
  await server.db.query(
    "DELETE FROM media WHERE event_name = 'festa_ana' AND file IN ('resultado-convidado.jpg', 'capa-nova.jpg', " +
      "'da-cabine.jpg')",
  );
});

it(`finds an event by its name, its title or its owner’s email, in any case, and takes LIKE’s own characters \
literally`, async () => {
  expect((await list('PRIVADA')).events.map((event) => event.name)).toEqual(['privada']);
  expect((await list('casamento da')).events.map((event) => event.name)).toEqual(['privada']);
  expect((await list(owner.email.toUpperCase())).events.map((event) => event.name)).toEqual(['privada']);
  expect((await list('  festa_ana ')).events.map((event) => event.name)).toEqual(['festa_ana']);
  // '_' is any one character to LIKE: taken literally, "festa_a" is not "festaXa".
  await server.db.query("UPDATE events SET title = 'festaXana' WHERE name = 'outra'");
  expect((await list('festa_a')).events.map((event) => event.name)).toEqual(['festa_ana']);
  expect((await list('%')).events).toEqual([]);
  expect((await list('ninguém tem este nome')).events).toEqual([]);
});

it(`answers at most ${TEAM_EVENTS_LIMIT} events: the newest`, async () => {
  const { rows } = await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM events');
  const extra = TEAM_EVENTS_LIMIT + 1 - rows[0].n;
  await server.db.query(
    `INSERT INTO events (name, public_id, created_at)
       SELECT 'lote_' || i, 'lote-publico-' || i, now() - interval '1 minute' * i FROM generate_series(1, $1) AS i`,
    [extra],
  );
  const { events } = await list();
  expect(events).toHaveLength(TEAM_EVENTS_LIMIT);
  expect(events[0].name).toBe('privada');
  // The oldest one is left out: the search finds it.
  expect(events.map((event) => event.name)).not.toContain('festa_ana');
  expect((await list('festa_ana')).events.map((event) => event.name)).toEqual(['festa_ana']);
});

it('is the team’s alone, and refuses a search too long to be a name', async () => {
  expect((await server.call({ method: 'GET', url: '/api/team/events' })).statusCode).toBe(401);
  expect((await list(undefined, owner.token)).status).toBe(403);
  const tooLong = await server.call({
    method: 'GET',
    url: `/api/team/events?busca=${'a'.repeat(101)}`,
    token: team.token,
  });
  expect(tooLong.statusCode).toBe(400);
});
