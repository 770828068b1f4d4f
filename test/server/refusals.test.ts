import { Readable, Writable } from 'node:stream';
import { InvalidTokenError, type IdentityVerifier } from '../../server/src/modules/identity/http/identityTokens';
import { DEVICE_KEYS, loadBasicSeed } from './support/fixtures';
import { newUser, startTestServer, type TestServer, type TestUser } from './support/testServer';
import { DEVICE_PATHS } from '../../contract/devicePaths';

/** Tokens the spy verifier answers itself, as firebase-admin would reject them. */
const SPY_ERRORS: Record<string, () => unknown> = {
  'spy-app-network': () => Object.assign(new Error('Error while making request'), { code: 'app/network-error' }),
  'spy-auth-network': () => ({ code: 'auth/network-request-failed', message: 'network request failed' }),
  // The message speaks of the network; the code says revoked: a 401.
  'spy-revoked': () =>
    new InvalidTokenError('network: the Firebase ID token has been revoked', 'auth/id-token-revoked'),
  // What firebase-admin says of a token whose header reads {"alg":"network"}.
  'spy-odd-alg': () =>
    new InvalidTokenError(
      'Firebase ID token has incorrect algorithm. Expected "RS256" but got "network".',
      'auth/argument-error',
    ),
  'spy-disabled': () => new InvalidTokenError('user disabled', 'auth/user-disabled'),
};

function spyVerifier(real: IdentityVerifier): IdentityVerifier {
  return {
    verify(token, options) {
      const error = SPY_ERRORS[token];
      return error ? Promise.reject(error()) : real.verify(token, options);
    },
  };
}

/** A 50 MB body that counts what was read of it. */
function countedBody(size = 50 * 1024 * 1024): { stream: Readable; read: () => number } {
  const chunk = Buffer.alloc(1024 * 1024, 0x61);
  let sent = 0;
  const stream = new Readable({
    read() {
      if (sent >= size) return void this.push(null);
      sent += chunk.length;
      this.push(chunk);
    },
  });
  return { stream, read: () => sent };
}

const ODD_HEADER_TOKEN = 'eyJhbGciOiJuZXR3b3JrIn0.e30.x';

describe('refusals before work', () => {
  let server: TestServer;
  let user: TestUser;

  beforeAll(async () => {
    server = await startTestServer({}, { verifier: spyVerifier });
    await loadBasicSeed(server);
    user = await newUser();
  });
  afterAll(() => server.close());

  it.each([`${DEVICE_PATHS.media}?file=a9.jpg`, `${DEVICE_PATHS.ultraVideo}?file=v9.mp4`, DEVICE_PATHS.mirrorImage])(
    'a keyless 50 MB device upload to %s is a 401, its body unread',
    async (url) => {
      const body = countedBody();
      const response = await server.call({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/octet-stream', 'content-length': String(50 * 1024 * 1024) },
        payload: body.stream,
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ error: 'device_unauthenticated' });
      expect(response.body).not.toMatch(/querystring|file|must/);
      expect(body.read()).toBeLessThan(50 * 1024 * 1024);
      body.stream.destroy();
    },
  );

  it('a device upload with a wrong key is a 401 whatever its query', async () => {
    const response = await server.call({
      method: 'POST',
      url: DEVICE_PATHS.media,
      headers: { 'content-type': 'application/octet-stream', 'x-device-id': 'cam1', 'x-device-key': 'wrong' },
      payload: Buffer.alloc(10),
    });
    expect(response.statusCode).toBe(401);
    expect(response.body).not.toMatch(/querystring|must/);
  });

  it('a device with its key still uploads', async () => {
    const response = await server.call({
      method: 'POST',
      url: `${DEVICE_PATHS.media}?file=zz1.jpg`,
      headers: {
        'content-type': 'application/octet-stream',
        'x-device-id': 'cam1',
        'x-device-key': DEVICE_KEYS.camera,
      },
      payload: Buffer.from([0xff, 0xd8, 0xff, 0xd9]),
    });
    expect(response.statusCode).not.toBe(401);
  });

  it('an unauthenticated team call with an invalid body is a 401, not a 400', async () => {
    const response = await server.call({ method: 'POST', url: '/api/authorize_hash', payload: { nada: [1, 2, 3] } });
    expect(response.statusCode).toBe(401);
    expect(response.body).not.toMatch(/partnerName|body|must/);
  });

  it('a signed-in non-team call with an invalid body is a 403, not a 400', async () => {
    const response = await server.call({
      method: 'POST',
      url: '/api/authorize_hash',
      payload: { nada: 1 },
      token: user.token,
    });
    expect(response.statusCode).toBe(403);
  });

  it('a required-auth call without a token and with an invalid query is a 401', async () => {
    const response = await server.call({ method: 'GET', url: '/api/createAccount' });
    expect(response.statusCode).toBe(401);
    expect(response.body).not.toMatch(/account|querystring/);
  });

  it.each([
    ['a token with an odd header', ODD_HEADER_TOKEN],
    ['an odd-header token refused by firebase-admin', 'spy-odd-alg'],
    ['a revoked token (whose message mentions the network)', 'spy-revoked'],
    ['a disabled account', 'spy-disabled'],
  ])('%s is a 401 on a required route and on a team route', async (_name, token) => {
    expect((await server.call({ method: 'GET', url: '/api/account', token })).statusCode).toBe(401);
    expect((await server.call({ method: 'GET', url: '/api/leads', token })).statusCode).toBe(401);
  });

  it.each(['spy-app-network', 'spy-auth-network'])('an unreachable identity service (%s) is a 503', async (token) => {
    const response = await server.call({ method: 'GET', url: '/api/account', token });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ error: 'identity_unavailable' });
  });

  it('a valid token still passes', async () => {
    expect((await server.call({ method: 'GET', url: '/api/load_events', token: user.token })).statusCode).toBe(200);
  });
});

describe('logs at info level', () => {
  let server: TestServer;
  let user: TestUser;
  const lines: string[] = [];

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    server = await startTestServer({ LOG_LEVEL: 'info' }, { logStream: stream });
    await loadBasicSeed(server);
    user = await newUser();
  });
  afterAll(() => server.close());

  it('hold no pack hash, e-mail, phone, CPF, token, device key or query string', async () => {
    const secrets = {
      hash: 'PACK5',
      email: 'segredo.visitante@example.com',
      phone: '11987654321',
      cpf: '12345678909',
      coupon: 'CUPOMSECRETO',
      agent: 'agentesecreto123',
      deviceKey: DEVICE_KEYS.camera,
      token: user.token,
      query: 'consultasecreta',
    };
    await server.call({ method: 'GET', url: `/api/validatePacks/${secrets.hash},PACK0` });
    await server.call({ method: 'POST', url: `/api/print/${secrets.hash}/festa_ana/pad/a1.jpg` });
    await server.call({
      method: 'GET',
      url: `/api/createAccount?account=${secrets.email}&x=${secrets.query}`,
      token: user.token,
    });
    await server.call({ method: 'GET', url: `/api/agentResults/${secrets.agent}` });
    await server.call({ method: 'GET', url: `/api/shop/${secrets.coupon}/${secrets.agent}` });
    await server.call({
      method: 'POST',
      url: '/api/landingForm',
      payload: { evento: 'Casamento', email: secrets.email, telefone: secrets.phone, indicacao: secrets.cpf },
    });
    await server.call({ method: 'GET', url: '/api/account', token: user.token });
    await server.call({ method: 'GET', url: '/api/account', token: ODD_HEADER_TOKEN });
    await server.call({
      method: 'GET',
      url: DEVICE_PATHS.me,
      headers: { 'x-device-id': 'cam1', 'x-device-key': secrets.deviceKey },
    });
    await server.call({
      method: 'GET',
      url: `/api/nada/${secrets.hash}?q=${secrets.query}`,
      headers: { authorization: `Bearer ${secrets.token}` },
    });

    const log = lines.join('');
    expect(log).toContain('incoming request');
    expect(log).toContain('/api/validatePacks/:hashes');
    for (const [name, secret] of Object.entries(secrets)) {
      expect({ name, found: log.includes(secret) }).toEqual({ name, found: false });
    }
    expect(log).not.toMatch(/"url":"[^"]*\?/);
    expect(log).not.toContain(ODD_HEADER_TOKEN);
  });
});
