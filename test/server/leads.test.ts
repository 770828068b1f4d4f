import { newTeamMember, newUser, startTestServer, type TestServer, type TestUser } from './support/testServer';

let server: TestServer;
let team: TestUser;
let guest: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  [team, guest] = await Promise.all([newTeamMember(), newUser('guest')]);
  for (const nome of ['Primeira', 'Segunda', 'Terceira']) {
    const response = await server.call({
      method: 'POST',
      url: '/api/landingForm',
      payload: { nome, evento: 'Casamento', comentarios: '=HYPERLINK("x")' },
    });
    expect(response.statusCode).toBe(200);
  }
});

afterAll(() => server.close());

describe('GET /api/leads', () => {
  it('lists the leads newest first for the team', async () => {
    const response = await server.call({ method: 'GET', url: '/api/leads', token: team.token });
    expect(response.statusCode).toBe(200);
    const leads = response.json() as { nome: string; evento: string; createdAt: string; comentarios: string }[];
    expect(leads.map((l) => l.nome)).toEqual(['Terceira', 'Segunda', 'Primeira']);
    expect(leads[0]).toMatchObject({ evento: 'Casamento', comentarios: '=HYPERLINK("x")' });
    expect(new Date(leads[0].createdAt).getTime()).toBeGreaterThan(0);
  });

  it('honours a limit', async () => {
    const response = await server.call({ method: 'GET', url: '/api/leads?limit=2', token: team.token });
    expect((response.json() as unknown[]).length).toBe(2);
  });

  it('is 401 without a valid token, 403 for anyone but the team, 400 for an odd limit', async () => {
    expect((await server.call({ method: 'GET', url: '/api/leads' })).statusCode).toBe(401);
    expect((await server.call({ method: 'GET', url: '/api/leads', token: 'forged' })).statusCode).toBe(401);
    expect((await server.call({ method: 'GET', url: '/api/leads', token: guest.token })).statusCode).toBe(403);
    expect((await server.call({ method: 'GET', url: '/api/leads?limit=-1', token: team.token })).statusCode).toBe(400);
    expect((await server.call({ method: 'GET', url: '/api/leads?limit=99999', token: team.token })).statusCode).toBe(
      400,
    );
  });
});
