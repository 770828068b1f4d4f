import { attend, basicSeed, collectLinkOf, loadBasicSeed } from './support/fixtures';
import { newTeamMember, newUser, startTestServer, type TestServer, type TestUser } from './support/testServer';

/**
 * Who may see a link-only or private event (docs/api.md#who-may-see-an-event): its
 * owner, the team, and the people who were there (a collect link opened, a pack added, the event's
 * own link for a link-only event); an account alone is no pass. The owner sees how many have
 * access and can take it from every guest at once.
 */
let server: TestServer;
let owner: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  const seed = basicSeed();
  seed.events = [
    ...(seed.events ?? []),
    { name: 'ligada', publicId: 'ligada-link-1', visibility: 'link', devices: ['pad'] },
  ];
  seed.media = [...(seed.media ?? []), { event: 'ligada', mode: 'pad', file: 'l1.jpg', source: 'a1.jpg' }];
  seed.packs = [...(seed.packs ?? []), { hash: 'PACKDAPRIVADA', event: 'privada', copies: 2 }];
  await loadBasicSeed(server, seed);
  owner = await newUser('dona');
  await server.db.query("UPDATE events SET owner_uid = $1 WHERE name IN ('privada', 'ligada')", [owner.uid]);
});

afterAll(() => server.close());

const gallery = (event: string, token?: string, agent?: string) =>
  server.call({
    method: 'GET',
    url: `/api/all/${event}/pad`,
    token,
    headers: agent ? { cookie: server.visitorCookie(agent) } : {},
  });
const byLink = (publicId: string, token: string, agent?: string) =>
  server.call({
    method: 'GET',
    url: `/api/evento/${publicId}`,
    token,
    headers: agent ? { cookie: server.visitorCookie(agent) } : {},
  });

describe("an event's own link", () => {
  it(`invites to a link-only event: whoever opens it signed in sees its galleries from then on, with or without the \
cookie`, async () => {
    const invited = await newUser('convidado');
    expect((await gallery('ligada', invited.token)).statusCode).toBe(404);
    const opened = await byLink('ligada-link-1', invited.token, 'agenteconvite001');
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toEqual({ devices: ['pad'], bname: 'ligada', displayTitle: 'ligada' });
    expect((await gallery('ligada', invited.token)).statusCode).toBe(200);
    // The browser too, signed out: a link-only event needs no login.
    expect((await gallery('ligada', undefined, 'agenteconvite001')).statusCode).toBe(200);
    // Someone else's account is still a stranger.
    expect((await gallery('ligada', (await newUser('outro')).token)).statusCode).toBe(404);
  });

  it(`is no invitation to a private event: a stranger learns nothing from it, its owner and the team open \
it`, async () => {
    const stranger = await newUser('estranho');
    const refused = await byLink('privada-1', stranger.token, 'agenteestranho01');
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ error: 'event_not_found', message: 'Evento não encontrado.' });
    expect((await gallery('privada', stranger.token, 'agenteestranho01')).statusCode).toBe(404);
    expect((await byLink('privada-1', owner.token)).statusCode).toBe(200);
    expect((await byLink('privada-1', (await newTeamMember()).token)).statusCode).toBe(200);
  });
});

describe('presence', () => {
  it(`a collect link opened signed out makes the browser a guest; signed in, the account holds it on any \
phone`, async () => {
    const guest = await newUser('presente');
    const link = await collectLinkOf(server, 'privada');
    // Signed out, the link's own file asks for a login, and the event is theirs to open once signed in.
    expect(
      (await server.call({ method: 'GET', url: link, headers: { cookie: server.visitorCookie('agentepresente01') } }))
        .statusCode,
    ).toBe(401);
    expect((await gallery('privada', undefined, 'agentepresente01')).statusCode).toBe(401);
    expect((await gallery('privada', guest.token)).statusCode).toBe(404);
    // The first signed-in call from that browser hands it to the account...
    expect((await gallery('privada', guest.token, 'agentepresente01')).statusCode).toBe(200);
    // ...which opens it on another phone, whose browser never saw the link.
    expect((await gallery('privada', guest.token, 'agenteoutrofone1')).statusCode).toBe(200);
    expect((await gallery('privada', guest.token)).statusCode).toBe(200);
  });

  it('a pack of the event added makes its guest one', async () => {
    const buyer = await newUser('pacote');
    expect((await gallery('privada', buyer.token, 'agentepacote0001')).statusCode).toBe(404);
    expect(
      (
        await server.call({
          method: 'GET',
          url: '/api/validatePacks/PACKDAPRIVADA',
          headers: { cookie: server.visitorCookie('agentepacote0001') },
        })
      ).statusCode,
    ).toBe(200);
    expect((await gallery('privada', buyer.token, 'agentepacote0001')).statusCode).toBe(200);
  });

  it("'Apagar minhas fotos' takes the visitor's presence away with the rest", async () => {
    const guest = await newUser('apagada');
    await attend(server, 'privada', 'agenteapagada001', guest.token);
    expect((await gallery('privada', guest.token)).statusCode).toBe(200);
    // What is kept of them says it: their presence at one event.
    const summary = await server.call({
      method: 'GET',
      url: '/api/privacy/data/agenteapagada001',
      token: guest.token,
      headers: { cookie: server.visitorCookie('agenteapagada001') },
    });
    expect(summary.json()).toMatchObject({ grants: 1 });
    const erased = await server.call({
      method: 'POST',
      url: '/api/privacy/erase',
      token: guest.token,
      payload: { agent: 'agenteapagada001' },
      headers: { cookie: server.visitorCookie('agenteapagada001') },
    });
    expect(erased.statusCode).toBe(200);
    expect(erased.json().removed).toMatchObject({ grants: 1 });
    expect((await gallery('privada', guest.token)).statusCode).toBe(404);
    expect((await gallery('privada', undefined, 'agenteapagada001')).statusCode).toBe(404);
    expect(
      (
        await server.call({
          method: 'GET',
          url: '/api/privacy/data/agenteapagada001',
          token: guest.token,
          headers: { cookie: server.visitorCookie('agenteapagada001') },
        })
      ).json(),
    ).toMatchObject({ grants: 0 });
  });

  it("an erasure is not undone by another phone's older presence: the account does not copy it back", async () => {
    const guest = await newUser('doisfones');
    // Phone B was at the party too (its own agent's grant), then phone A erases, signed in.
    await attend(server, 'privada', 'agentefoneb0001', guest.token);
    await attend(server, 'privada', 'agentefonea0001', guest.token);
    await server.call({
      method: 'POST',
      url: '/api/privacy/erase',
      token: guest.token,
      payload: { agent: 'agentefonea0001' },
      headers: { cookie: server.visitorCookie('agentefonea0001') },
    });
    expect((await gallery('privada', guest.token)).statusCode).toBe(404);
    // Phone B, signed in, still opens it by its own grant (that phone's data), but the account does not get it back.
    expect((await gallery('privada', guest.token, 'agentefoneb0001')).statusCode).toBe(200);
    expect((await gallery('privada', guest.token)).statusCode).toBe(404);
    const held = await server.db.query("SELECT 1 FROM event_grants WHERE event_name = 'privada' AND holder = $1", [
      `uid:${guest.uid}`,
    ]);
    expect(held.rowCount).toBe(0);
    // A new presence after the erasure counts as any other: the collect link opened on a phone
    // that was not let in already, signed in (the media cookie).
    const session = await server.call({ method: 'POST', url: '/api/media-session', token: guest.token });
    const mediaCookie = String([session.headers['set-cookie']].flat()[0]).split(';')[0];
    const link = await collectLinkOf(server, 'privada');
    expect(
      (
        await server.call({
          method: 'HEAD',
          url: link,
          headers: { cookie: `${server.visitorCookie('agentefonec0001')}; ${mediaCookie}` },
        })
      ).statusCode,
    ).toBe(200);
    expect((await gallery('privada', guest.token)).statusCode).toBe(200);
  });
});

describe('the owner', () => {
  const access = (event: string, token?: string) =>
    server.call({ method: 'GET', url: `/api/events/${event}/access`, token });
  const revoke = (event: string, token?: string) =>
    server.call({ method: 'POST', url: `/api/events/${event}/access/revoke`, token });

  it(`sees how many have access, never who, and takes it from every guest at once: a new link, old collect links no \
longer grant it`, async () => {
    const guest = await newUser('revogada');
    const link = await attend(server, 'ligada', 'agenterevogada01', guest.token);
    const before = (await access('ligada', owner.token)).json<{ agents: number; accounts: number }>();
    expect(before.agents).toBeGreaterThanOrEqual(1);
    expect(before.accounts).toBeGreaterThanOrEqual(1);
    expect(Object.keys(before).sort()).toEqual(['accounts', 'agents']);

    const revoked = await revoke('ligada', owner.token);
    expect(revoked.statusCode).toBe(200);
    const { publicId } = revoked.json<{ publicId: string }>();
    expect(publicId).toMatch(/^[A-Za-z0-9_-]{12}$/);
    expect(publicId).not.toBe('ligada-link-1');
    expect((await access('ligada', owner.token)).json()).toEqual({ agents: 0, accounts: 0 });

    // The guest is a stranger again, and their old links do not bring them back.
    expect((await gallery('ligada', guest.token, 'agenterevogada01')).statusCode).toBe(404);
    expect(
      (await server.call({ method: 'GET', url: link, headers: { cookie: server.visitorCookie('agenterevogada01') } }))
        .statusCode,
    ).toBe(404);
    expect((await gallery('ligada', guest.token, 'agenterevogada01')).statusCode).toBe(404);
    const other = await newUser('outra');
    expect((await byLink('ligada-link-1', other.token)).statusCode).toBe(404);
    // The new link invites; the owner never lost access.
    expect((await byLink(publicId, other.token)).statusCode).toBe(200);
    expect((await gallery('ligada', other.token)).statusCode).toBe(200);
    expect((await gallery('ligada', owner.token)).statusCode).toBe(200);
  });

  it(`takes back a collect link opened at the very moment of the revocation: the opening waits for it, and grants \
nothing`, async () => {
    const link = await collectLinkOf(server, 'ligada');
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let begun = () => {};
    const revoking = new Promise<void>((resolve) => (begun = resolve));
    // A revocation under way (revokeGrants' statements), not yet committed.
    let revoker = 0;
    const revocation = server.db.transaction(async (client) => {
      revoker = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0].pid;
      await client.query("DELETE FROM event_grants WHERE event_name = 'ligada'");
      await client.query("UPDATE events SET grants_reset_at = clock_timestamp() WHERE name = 'ligada'");
      begun();
      await held;
    });
    await revoking;
    let settled = false;
    const opening = server
      .call({ method: 'GET', url: link, headers: { cookie: server.visitorCookie('agentecorrida01') } })
      .finally(() => (settled = true));
    // Until the opening either waits for the revocation's row lock or has been answered already (the race lost).
    for (;;) {
      const waiting = await server.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM pg_stat_activity WHERE $1 = ANY (pg_blocking_pids(pid))',
        [revoker],
      );
      if (settled || waiting.rows[0].n > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    release();
    await revocation;
    expect((await opening).statusCode).toBe(404);
    expect((await gallery('ligada', undefined, 'agentecorrida01')).statusCode).toBe(404);
  });

  it(`is the only one, with the team, to see or revoke: 403 for another account, 401 signed out, 404 \
unknown`, async () => {
    const other = await newUser('intrusa');
    expect((await access('privada', other.token)).statusCode).toBe(403);
    expect((await revoke('privada', other.token)).statusCode).toBe(403);
    expect((await access('privada')).statusCode).toBe(401);
    expect((await revoke('privada')).statusCode).toBe(401);
    expect((await access('nada', owner.token)).statusCode).toBe(404);
    expect((await access('privada', (await newTeamMember()).token)).statusCode).toBe(200);
  });
});

describe('a pack list asked again', () => {
  it(`writes nothing when it changes nothing: a public event needs no grant, a guest granted already keeps \
theirs`, async () => {
    const ask = () =>
      server.call({
        method: 'GET',
        url: '/api/validatePacks/PACKDAPRIVADA,PACK5',
        headers: { cookie: server.visitorCookie('agentepacote0002') },
      });
    expect((await ask()).statusCode).toBe(200);
    const grantsOf = async () =>
      (
        await server.db.query<{ event_name: string; granted_at: Date }>(
          "SELECT event_name, granted_at FROM event_grants WHERE holder = 'agent:agentepacote0002'",
        )
      ).rows;
    const first = await grantsOf();
    // PACK5 is festa_ana's, a public event: only the private event's grant.
    expect(first.map((row) => row.event_name)).toEqual(['privada']);
    expect((await ask()).statusCode).toBe(200);
    expect(await grantsOf()).toEqual(first);
  });
});
