import { basicSeed, collectLinkOf, jpeg, loadBasicSeed } from './support/fixtures';
import { newUser, startTestServer, type TestServer } from './support/testServer';

/**
 * The visitor's agent is the server's to give (docs/api.md#the-visitors-agent-given-by-the-server): only an agent
 * with the server's signature (`agent_sig`, httpOnly) is anyone; an agent cookie without one is
 * served as a new visitor, whose agent and signature the reply sets. A new visitor costs nothing
 * anyone can use up, so a client making up agents by the thousand crowds nobody out. The
 * account's device is that agent, never the one the JSON names.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  const seed = basicSeed();
  seed.events = [
    ...(seed.events ?? []),
    { name: 'ligada', publicId: 'ligada-link-1', visibility: 'link', devices: ['pad'] },
  ];
  seed.media = [...(seed.media ?? []), { event: 'ligada', mode: 'pad', file: 'l1.jpg', source: 'a1.jpg' }];
  await loadBasicSeed(server, seed);
});

afterAll(() => server.close());

/** The visitor a reply gave: its agent cookie and signature, as the browser sends them back. */
const givenVisitor = (response: { headers: Record<string, unknown> }) => {
  const cookies = [response.headers['set-cookie'] ?? []].flat().map((header) => String(header).split(';')[0]);
  const agent = cookies.find((cookie) => cookie.startsWith('agent='))?.slice('agent='.length);
  const signature = cookies.find((cookie) => cookie.startsWith('agent_sig='))?.slice('agent_sig='.length);
  return agent && signature ? { agent, cookie: `agent=${agent}; agent_sig=${signature}` } : null;
};

const fromAddress = (address: string, cookie: string) => ({ remoteAddress: address, headers: { cookie } });
const grantsOf = async (agent: string) =>
  (
    await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM event_grants WHERE holder = $1', [
      `agent:${agent}`,
    ])
  ).rows[0].n;
const poligram = async () => `data:image/jpeg;base64,${(await jpeg()).toString('base64')}`;

describe('the agents the server gives', () => {
  it(`a made-up agent is nobody: the request is a new visitor, the made-up one gets no grant and sends no \
face`, async () => {
    const link = await collectLinkOf(server, 'ligada');
    const made = fromAddress('10.7.0.1', 'agent=inventado001');
    const opened = await server.call({ method: 'HEAD', url: link, ...made });
    expect(opened.statusCode).toBe(200);
    const visitor = givenVisitor(opened);
    expect(visitor?.agent).toMatch(/^[a-z0-9]{20}$/);
    expect(visitor?.agent).not.toBe('inventado001');
    // The link granted the new visitor, and nothing to the made-up agent.
    expect(await grantsOf('inventado001')).toBe(0);
    expect(await grantsOf(visitor?.agent ?? '')).toBe(1);
    expect((await server.call({ method: 'GET', url: '/api/all/ligada/pad', ...made })).statusCode).toBe(404);
    expect(
      (
        await server.call({
          method: 'GET',
          url: '/api/all/ligada/pad',
          ...fromAddress('10.7.0.1', visitor?.cookie ?? ''),
        })
      ).statusCode,
    ).toBe(200);

    const face = await server.call({
      method: 'POST',
      url: '/api/uploadFace/inventado001',
      payload: { poligram: await poligram(), consentimento: true },
      ...made,
    });
    expect(face.statusCode).toBe(403);
    expect(face.json()).toEqual({
      error: 'agent_not_vouched',
      message: 'Não reconhecemos este aparelho. Recarregue a página e tente de novo.',
    });
    expect(
      (await server.db.query("SELECT count(*)::int AS n FROM face_selfies WHERE agent = 'inventado001'")).rows[0].n,
    ).toBe(0);
  });

  it(`a thousand made-up agents from one address leave the next guest there a visitor of their own, vouched \
for`, async () => {
    const address = '10.7.0.2';
    const given = new Set<string>();
    for (let n = 0; n < 1_000; n += 1) {
      const response = await server.call({
        method: 'GET',
        url: '/api/health',
        ...fromAddress(address, `agent=rotativo${String(n).padStart(4, '0')}`),
      });
      expect(response.statusCode).toBe(200);
      given.add(givenVisitor(response)?.agent ?? '');
    }
    expect(given.size).toBe(1_000);
    expect(given.has('')).toBe(false);
    // Nothing of theirs was kept: a new visitor costs a signature, not a row.
    expect(
      (
        await server.db.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM event_grants WHERE holder LIKE 'agent:rotativo%'",
        )
      ).rows[0].n,
    ).toBe(0);

    // The guest who comes next, from the same Wi-Fi, is given a visitor, whom the server knows again.
    const link = await collectLinkOf(server, 'ligada');
    const guest = givenVisitor(await server.call({ method: 'HEAD', url: link, ...fromAddress(address, 'agent=') }));
    expect(guest).not.toBeNull();
    const back = await server.call({
      method: 'GET',
      url: '/api/all/ligada/pad',
      ...fromAddress(address, guest?.cookie ?? ''),
    });
    expect(back.statusCode).toBe(200);
    expect(back.headers['set-cookie']).toBeUndefined();
    const face = await server.call({
      method: 'POST',
      url: `/api/uploadFace/${guest?.agent ?? ''}`,
      payload: { poligram: 'not an image', consentimento: true },
      ...fromAddress(address, guest?.cookie ?? ''),
    });
    // Past the agent check: the photo itself is what is refused.
    expect(face.statusCode).toBe(400);
  });

  it(`gives no visitor in an answer a shared cache keeps for everyone (the catalogue's images), and does on the next \
call that needs one`, async () => {
    const made = fromAddress('10.7.0.9', 'agent=inventado009');
    const image = await server.call({ method: 'GET', url: '/catalogo/produto-cabine.jpg', ...made });
    expect(image.statusCode).toBe(200);
    expect(image.headers['cache-control']).toBe('public, max-age=86400');
    expect(image.headers['set-cookie']).toBeUndefined();
    // Nor a public event's photo, cached by anyone for a year, wherever it is served from.
    const photo = await server.call({ method: 'GET', url: '/media/festa_ana/pad/a1.jpg', ...made });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['cache-control']).toMatch(/\bpublic\b/);
    expect(photo.headers['set-cookie']).toBeUndefined();
    const packs = await server.call({ method: 'GET', url: '/api/validatePacks/PACK5', ...made });
    expect(packs.statusCode).toBe(200);
    expect(givenVisitor(packs)?.agent).toMatch(/^[a-z0-9]{20}$/);
  });

  it("another agent's signature vouches for nobody else", async () => {
    const link = await collectLinkOf(server, 'ligada');
    const mine = server.visitorCookie('meuagente0001');
    const signature = mine.split('agent_sig=')[1];
    const borrowed = await server.call({
      method: 'HEAD',
      url: link,
      ...fromAddress('10.7.0.3', `agent=outroagente01; agent_sig=${signature}`),
    });
    expect(borrowed.statusCode).toBe(200);
    expect(await grantsOf('outroagente01')).toBe(0);
    expect(givenVisitor(borrowed)?.agent).not.toBe('outroagente01');
    // Its own agent it vouches for: the link grants it, and no new visitor is given.
    const own = await server.call({ method: 'HEAD', url: link, ...fromAddress('10.7.0.3', mine) });
    expect(own.headers['set-cookie']).toBeUndefined();
    expect(await grantsOf('meuagente0001')).toBe(1);
  });
});

describe("an account's device", () => {
  const accountJson = (email: string, agent: string) =>
    JSON.stringify({
      email,
      agent,
      displayName: 'X',
      photoURL: '',
      phone: '',
      tiktok: '',
      instagram: '',
      transactions: [],
    });
  const agentOfAccount = async (uid: string) =>
    (await server.db.query<{ agent: string }>('SELECT agent FROM accounts WHERE uid = $1', [uid])).rows[0]?.agent;

  it(`is the browser's vouched agent, never the one the JSON names (another guest's, whose booth results would follow \
it)`, async () => {
    const thief = await newUser('ladrao');
    const created = await server.call({
      method: 'GET',
      url: `/api/createAccount?${new URLSearchParams({ account: accountJson(thief.email, 'vitima00001') }).toString()}`,
      token: thief.token,
      ...fromAddress('10.7.1.1', server.visitorCookie('ladrao00001')),
    });
    expect(created.body).toBe('ok');
    expect(await agentOfAccount(thief.uid)).toBe('ladrao00001');

    // Without an agent cookie, the account has no device.
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
