import { AGENTS_PER_ADDRESS_HOURLY } from '../../server/src/http/visitorAgent';
import { basicSeed, collectLinkOf, jpeg, loadBasicSeed } from './support/fixtures';
import { newUser, startTestServer, type TestServer } from './support/testServer';

/**
 * Agents the server vouches for (issue 25): what is counted or granted per agent counts only agents
 * the server signed (`agent_sig`, httpOnly), and it signs a bounded number of new ones per address
 * and hour, so that rotating made-up agents neither escapes the per-agent face cap nor writes
 * grants without end. The account's device is that agent, never the one the JSON names.
 */
let server: TestServer;
/** New agents vouched for per address in this server's hour. */
const VOUCHERS = 3;

beforeAll(async () => {
  server = await startTestServer({}, { rateLimits: { scale: VOUCHERS / AGENTS_PER_ADDRESS_HOURLY } });
  const seed = basicSeed();
  seed.events = [...(seed.events ?? []), { name: 'ligada', publicId: 'ligada-link-1', visibility: 'link', devices: ['pad'] }];
  seed.media = [...(seed.media ?? []), { event: 'ligada', mode: 'pad', file: 'l1.jpg', source: 'a1.jpg' }];
  await loadBasicSeed(server, seed);
});

afterAll(() => server.close());

const signatureOf = (response: { headers: Record<string, unknown> }) =>
  [response.headers['set-cookie'] ?? []]
    .flat()
    .map(String)
    .find((header) => header.startsWith('agent_sig='))
    ?.split(';')[0]
    .slice('agent_sig='.length);

const fromAddress = (address: string, cookie: string) => ({ remoteAddress: address, headers: { cookie } });
const grantsOf = async (agent: string) =>
  (await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM event_grants WHERE holder = $1', [`agent:${agent}`])).rows[0].n;
const poligram = async () => `data:image/jpeg;base64,${(await jpeg()).toString('base64')}`;

describe('the agents the server vouches for', () => {
  it('are at most so many new ones an hour from one address; one it did not vouch for writes no grant and sends no face', async () => {
    const address = '10.7.0.1';
    const signatures: string[] = [];
    for (let n = 1; n <= VOUCHERS; n += 1) {
      const response = await server.call({ method: 'GET', url: '/api/health', ...fromAddress(address, `agent=rotating00${n}`) });
      signatures.push(signatureOf(response) ?? '');
    }
    expect(signatures.every((signature) => /^[A-Za-z0-9_-]{22}$/.test(signature))).toBe(true);
    expect(new Set(signatures).size).toBe(VOUCHERS);

    // The next made-up agent from that address is served, but as a visitor without an agent.
    const link = await collectLinkOf(server, 'ligada');
    const made = fromAddress(address, 'agent=rotating009');
    const opened = await server.call({ method: 'HEAD', url: link, ...made });
    expect(opened.statusCode).toBe(200);
    expect(signatureOf(opened)).toBeUndefined();
    expect(await grantsOf('rotating009')).toBe(0);
    expect((await server.call({ method: 'GET', url: '/api/all/ligada/pad', ...made })).statusCode).toBe(404);
    const face = await server.call({ method: 'POST', url: '/api/uploadFace/rotating009', payload: { poligram: await poligram() }, ...made });
    expect(face.statusCode).toBe(403);
    expect(face.json()).toEqual({ error: 'agent_not_vouched', message: 'Não reconhecemos este aparelho. Recarregue a página e tente de novo.' });
    expect((await server.db.query("SELECT count(*)::int AS n FROM face_selfies WHERE agent = 'rotating009'")).rows[0].n).toBe(0);

    // An agent vouched for earlier keeps working from there, with its signature: the link grants it.
    const vouched = fromAddress(address, `agent=rotating001; agent_sig=${signatures[0]}`);
    expect((await server.call({ method: 'HEAD', url: link, ...vouched })).statusCode).toBe(200);
    expect(await grantsOf('rotating001')).toBe(1);
    expect((await server.call({ method: 'GET', url: '/api/all/ligada/pad', ...vouched })).statusCode).toBe(200);

    // Another agent's signature vouches for nobody else.
    const borrowed = fromAddress(address, `agent=rotating010; agent_sig=${signatures[0]}`);
    expect((await server.call({ method: 'HEAD', url: link, ...borrowed })).statusCode).toBe(200);
    expect(await grantsOf('rotating010')).toBe(0);

    // Another address has vouchers of its own.
    const elsewhere = await server.call({ method: 'HEAD', url: link, ...fromAddress('10.7.0.2', 'agent=rotating009') });
    expect(signatureOf(elsewhere)).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(await grantsOf('rotating009')).toBe(1);
  });
});

describe("an account's device", () => {
  const accountJson = (email: string, agent: string) =>
    JSON.stringify({ email, agent, displayName: 'X', photoURL: '', phone: '', tiktok: '', instagram: '', transactions: [] });
  const agentOfAccount = async (uid: string) => (await server.db.query<{ agent: string }>('SELECT agent FROM accounts WHERE uid = $1', [uid])).rows[0]?.agent;

  it("is the browser's vouched agent, never the one the JSON names (another guest's, whose booth results would follow it)", async () => {
    const thief = await newUser('ladrao');
    const created = await server.call({
      method: 'GET',
      url: `/api/createAccount?${new URLSearchParams({ account: accountJson(thief.email, 'vitima00001') }).toString()}`,
      token: thief.token,
      ...fromAddress('10.7.1.1', 'agent=ladrao00001'),
    });
    expect(created.body).toBe('ok');
    expect(await agentOfAccount(thief.uid)).toBe('ladrao00001');

    // Without an agent cookie (or with one the server did not vouch for), the account has no device.
    const bare = await newUser('semaparelho');
    const plain = await server.call({
      method: 'GET',
      url: `/api/createAccount?${new URLSearchParams({ account: accountJson(bare.email, 'vitima00001') }).toString()}`,
      token: bare.token,
    });
    expect(plain.body).toBe('ok');
    expect(await agentOfAccount(bare.uid)).toBe('');
  });
});
