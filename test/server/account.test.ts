import { addToCollectionsOfAgent } from '../../server/src/modules/identity/accounts';
import { loadBasicSeed } from './support/fixtures';
import { newUser, startTestServer, type TestServer, type TestUser } from './support/testServer';

let server: TestServer;
let ana: TestUser;
let bia: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  await loadBasicSeed(server);
  [ana, bia] = await Promise.all([newUser('ana'), newUser('bia')]);
});

afterAll(() => server.close());

const accountJson = (email: string) =>
  JSON.stringify({
    email,
    agent: 'agent0001',
    displayName: 'Ana & Zé',
    photoURL: '',
    phone: '11988887777',
    tiktok: '',
    instagram: '@ana',
    transactions: [],
  });

function createAccountUrl(email: string, lists: { collection?: string; packs?: string; events?: string } = {}) {
  const query = new URLSearchParams({
    account: accountJson(email),
    collection: lists.collection ?? '',
    packs: lists.packs ?? '',
    events: lists.events ?? '',
  });
  return `/api/createAccount?${query.toString()}`;
}

describe('createAccount, account, updateAccount', () => {
  it('creates the account with the visitor lists, then says already_exists', async () => {
    const first = await server.call({
      method: 'GET',
      url: createAccountUrl(ana.email, {
        collection: '/media/festa_ana/pad/a1.jpg,bad entry',
        packs: 'PACK5',
        events: 'festa_ana',
      }),
      token: ana.token,
      // The account's device is the browser's own agent (its cookie), as the SPA calls it.
      headers: { cookie: server.visitorCookie('agent0001') },
    });
    expect(first.statusCode).toBe(200);
    expect(first.body).toBe('ok');
    const again = await server.call({ method: 'GET', url: createAccountUrl(ana.email), token: ana.token });
    expect(again.body).toBe('already_exists');

    const account = await server.call({ method: 'GET', url: '/api/account', token: ana.token });
    expect(account.statusCode).toBe(200);
    expect(account.json()).toEqual({
      email: ana.email,
      agent: 'agent0001',
      displayName: 'Ana & Zé',
      photoURL: '',
      phone: '11988887777',
      tiktok: '',
      instagram: '@ana',
      transactions: [],
      partner: '',
      events: ['festa_ana'],
      collection: ['/media/festa_ana/pad/a1.jpg'],
      packs: ['PACK5'],
    });
  });

  it('merges lists as a union, keeping order, and answers the union', async () => {
    const query = new URLSearchParams({
      collection: '/media/festa_ana/pad/a2.jpg,/media/festa_ana/pad/a1.jpg',
      packs: 'PACK0',
      events: 'outra,../etc',
    });
    const response = await server.call({
      method: 'GET',
      url: `/api/updateAccount?${query.toString()}`,
      token: ana.token,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      collection: ['/media/festa_ana/pad/a1.jpg', '/media/festa_ana/pad/a2.jpg'],
      packs: ['PACK5', 'PACK0'],
      events: ['festa_ana', 'outra'],
    });
  });

  /** `count` photos of the polaroid booth of festa_ana, stored (the media rows a booth's uploads make). */
  async function storedPhotos(prefix: string, count: number): Promise<string[]> {
    const files = Array.from({ length: count }, (_, i) => `${prefix}_${String(i).padStart(4, '0')}.jpg`);
    await server.db.query(
      `INSERT INTO media (event_name, mode, file, kind) SELECT 'festa_ana', 'polaroid', f, 'image' FROM ` +
        `unnest($1::text[]) AS f ON CONFLICT DO NOTHING`,
      [files],
    );
    return files.map((file) => `/media/festa_ana/polaroid/${file}`);
  }

  const updateAccount = (token: string, collection: readonly string[]) =>
    server.call({
      method: 'GET',
      url:
        `/api/updateAccount?` +
        `${new URLSearchParams({ collection: collection.join(','), packs: '', events: '' }).toString()}`,
      token,
    });

  it('keeps a collection of 200 items whole', async () => {
    const user = await newUser('wedding');
    const items = await storedPhotos('IMG', 200);
    const response = await updateAccount(user.token, items);
    expect(response.statusCode).toBe(200);
    expect(response.json().collection).toEqual(items);
  });

  it('keeps only media that exists: a made-up or deleted photo does not join the account', async () => {
    const user = await newUser('inventada');
    const [real] = await storedPhotos('REAL', 1);
    const response = await updateAccount(user.token, [
      '/media/festa_ana/polaroid/INVENTADA_0001.jpg',
      real,
      '/media/outra_festa/pad/x.jpg',
    ]);
    expect(response.statusCode).toBe(200);
    expect(response.json().collection).toEqual([real]);
  });

  it(`holds at most 2,000 items in a list: a merge keeps the first that fit (its other lists still merge), one more \
asked for is refused (409, says why)`, async () => {
    const user = await newUser('cheia');
    const photos = await storedPhotos('CHEIA', 2001);
    const held = async () =>
      (await server.call({ method: 'GET', url: '/api/account', token: user.token })).json() as {
        collection: string[];
        events: string[];
      };
    expect((await updateAccount(user.token, photos.slice(0, 1990))).statusCode).toBe(200);
    const merged = await server.call({
      method: 'GET',
      url:
        `/api/updateAccount?` +
        new URLSearchParams({
          collection: photos.slice(1985, 2001).join(','),
          packs: '',
          events: 'festa_ana',
        }).toString(),
      token: user.token,
    });
    expect(merged.statusCode).toBe(200);
    const account = await held();
    expect(account.collection).toEqual(photos.slice(0, 2000));
    expect(account.events).toEqual(['festa_ana']);
    const one = await server.call({
      method: 'GET',
      url: `/api/modifyAccount/add/collection/${encodeURIComponent(photos[2000])}`,
      token: user.token,
    });
    expect(one.statusCode).toBe(409);
    expect(one.json()).toEqual({
      error: 'account_list_full',
      message: 'Sua conta chegou ao limite de 2.000 itens nesta lista.',
    });
    // What it already holds is still fine to ask for.
    expect(
      (
        await server.call({
          method: 'GET',
          url: `/api/modifyAccount/add/collection/${encodeURIComponent(photos[5])}`,
          token: user.token,
        })
      ).statusCode,
    ).toBe(200);
    expect((await held()).collection).toHaveLength(2000);
    // Nor does a booth's result for the account's browser go past it (it stays in agentResults).
    await server.db.query("UPDATE accounts SET agent = 'agentecheia01' WHERE email = $1", [user.email]);
    expect(
      await server.db.transaction((client) => addToCollectionsOfAgent(client, 'agentecheia01', photos[2000])),
    ).toBe(0);
    expect((await held()).collection).toEqual(photos.slice(0, 2000));
  });

  it("never shows one user another's account", async () => {
    const response = await server.call({ method: 'GET', url: '/api/account', token: bia.token });
    expect(response.statusCode).toBe(404);
    await server.call({ method: 'GET', url: createAccountUrl(bia.email), token: bia.token });
    const own = await server.call({ method: 'GET', url: '/api/account', token: bia.token });
    expect(own.json()).toMatchObject({ email: bia.email, collection: [], packs: [] });
  });

  it.each([
    ['{not json'],
    ['[1,2]'],
    [JSON.stringify({ displayName: 42 })],
    [JSON.stringify({ displayName: 'x'.repeat(500) })],
  ])('refuses the account JSON %s with 400', async (account) => {
    const user = await newUser('bad');
    const response = await server.call({
      method: 'GET',
      url: `/api/createAccount?account=${encodeURIComponent(account)}`,
      token: user.token,
    });
    expect(response.statusCode).toBe(400);
    expect((await server.call({ method: 'GET', url: '/api/account', token: user.token })).statusCode).toBe(404);
  });

  it.each([
    ['GET', '/api/createAccount?account=%7B%7D'],
    ['GET', '/api/updateAccount?collection=&packs=&events='],
    ['GET', '/api/account'],
    ['GET', '/api/modifyAccount/add/packs/PACK5'],
    ['POST', '/api/set_transaction'],
    ['GET', '/api/load_events'],
    ['GET', '/api/load_transactions'],
    ['GET', '/api/create_event/festa_nova/123456789'],
  ] as const)('%s %s is 401 without a token and with an invalid one', async (method, url) => {
    const payload = method === 'POST' ? { transaction: '123456789', claim: 'c'.repeat(22) } : undefined;
    expect((await server.call({ method, url, payload })).statusCode).toBe(401);
    expect((await server.call({ method, url, payload, token: 'garbage.token.here' })).statusCode).toBe(401);
  });
});

describe('modifyAccount', () => {
  it('adds a pack and a collected item to the account', async () => {
    const user = await newUser('collector');
    const pack = await server.call({ method: 'GET', url: '/api/modifyAccount/add/packs/PACK5', token: user.token });
    expect(pack.body).toBe('ok');
    const item = encodeURIComponent('/media/festa_ana/pad/a2.jpg');
    const collected = await server.call({
      method: 'GET',
      url: `/api/modifyAccount/add/collection/${item}`,
      token: user.token,
    });
    expect(collected.body).toBe('ok');
    const again = await server.call({
      method: 'GET',
      url: `/api/modifyAccount/add/collection/${item}`,
      token: user.token,
    });
    expect(again.body).toBe('ok');
    const account = await server.call({ method: 'GET', url: '/api/account', token: user.token });
    expect(account.json()).toMatchObject({ packs: ['PACK5'], collection: ['/media/festa_ana/pad/a2.jpg'] });
  });

  it.each([
    ['/api/modifyAccount/add/events/festa_ana', 400],
    ['/api/modifyAccount/add/packs/PACK%20X', 400],
    [`/api/modifyAccount/add/collection/${encodeURIComponent('../../etc/passwd')}`, 400],
    [`/api/modifyAccount/add/collection/${encodeURIComponent('/media/festa_ana/pad/x.exe')}`, 400],
    [`/api/modifyAccount/add/collection/${'a'.repeat(3000)}`, 400],
    [`/api/modifyAccount/add/collection/${encodeURIComponent('/media/festa_ana/pad/nao-existe.jpg')}`, 404],
  ])('refuses %s with %i', async (url, status) => {
    const response = await server.call({ method: 'GET', url, token: ana.token });
    expect(response.statusCode).toBe(status);
  });
});

describe('check_bname', () => {
  it.each([
    ['festa_ana', 'yes'],
    ['festa_nova', 'no'],
    ['festa nova', 'other'],
    ['festa.nova', 'other'],
    ['ação', 'other'],
  ])('%s is %s', async (name, answer) => {
    const response = await server.call({ method: 'GET', url: `/api/check_bname/${encodeURIComponent(name)}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.body).toBe(answer);
  });

  it('answers other to a name too long to be an event', async () => {
    expect((await server.call({ method: 'GET', url: `/api/check_bname/${'a'.repeat(100)}` })).body).toBe('other');
    expect((await server.call({ method: 'GET', url: `/api/check_bname/${'a'.repeat(300)}` })).statusCode).toBe(400);
  });
});
