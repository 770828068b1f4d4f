import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { loadBasicSeed } from './support/fixtures';
import { newUser, startTestServer, type TestServer, type TestUser } from './support/testServer';
import { DEVICE_PATHS } from '../../contract/devicePaths';
import { temporaryDistDir } from './support/spaDist';

let server: TestServer;
let user: TestUser;

function writeFakeSpa(dir: string): void {
  fs.mkdirSync(path.join(dir, 'assets'), { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><body><div id="root"><h1>landing</h1></div></body></html>',
  );
  fs.writeFileSync(path.join(dir, 'app.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
  const script = `console.log(${JSON.stringify('x'.repeat(3000))});`;
  fs.writeFileSync(path.join(dir, 'assets/main.0123456789.js'), script);
  fs.writeFileSync(path.join(dir, 'assets/main.0123456789.js.br'), zlib.brotliCompressSync(script));
  fs.writeFileSync(path.join(dir, 'assets/main.0123456789.js.gz'), zlib.gzipSync(script));
  // What a production build holds beside the public files: the SPA's hidden source maps and the
  // compiled server (dist/server) with its own.
  fs.writeFileSync(path.join(dir, 'assets/main.0123456789.js.map'), '{"version":3,"sources":["../src/secret.ts"]}');
  fs.mkdirSync(path.join(dir, 'server'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'server/main.js'), 'const secret = "server source";');
  fs.writeFileSync(path.join(dir, 'server/main.js.map'), '{"version":3,"sources":["../../server/src/main.ts"]}');
}

beforeAll(async () => {
  const distDir = temporaryDistDir();
  writeFakeSpa(distDir);
  server = await startTestServer({ DIST_DIR: distDir, PUBLIC_URL: 'https://cabine.example' });
  await loadBasicSeed(server);
  user = await newUser();
});

afterAll(() => server.close());

describe('security headers', () => {
  it.each([
    '/',
    '/eventos',
    '/media/festa_ana/pad/a1.jpg',
    '/thumbs/festa_ana/pad/nada.jpg.webp',
    '/display/festa_ana/pad/nada.jpg.webp',
  ])('are on the page or file %s, with the site policy', async (url) => {
    const response = await server.call({ method: 'GET', url });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });

  it.each([
    ['/api/all/festa_ana/pad', 200],
    ['/api/nada', 404],
    ['/api/account', 401],
  ])('are on the API reply %s (%i), with a policy that allows nothing', async (url, status) => {
    const response = await server.call({ method: 'GET', url });
    expect(response.statusCode).toBe(status);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    // Headers that only mean something to a page are left off the data.
    expect(response.headers['permissions-policy']).toBeUndefined();
  });

  it('allow the Auth emulator in connect-src when it is used', async () => {
    const response = await server.call({ method: 'GET', url: '/' });
    expect(response.headers['content-security-policy']).toContain(`http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}`);
  });
});

describe('the SPA', () => {
  it('serves the page, with a new agent cookie for a new visitor only', async () => {
    const first = await server.call({ method: 'GET', url: '/' });
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('<h1>landing</h1>');
    expect(first.headers['content-type']).toMatch(/^text\/html/);
    expect(first.headers['cache-control']).toBe('no-cache');
    const [agentCookie, signature] = [first.headers['set-cookie'] ?? []].flat();
    expect(agentCookie).toMatch(/^agent=[a-z0-9]{20}; Path=\/; Max-Age=34000000; SameSite=Lax; Secure$/);
    // The server vouches for the agent it hands out: an HMAC the page's scripts cannot read.
    expect(signature).toMatch(
      /^agent_sig=[A-Za-z0-9_-]{22}; Path=\/; Max-Age=34000000; HttpOnly; SameSite=Lax; Secure$/,
    );
    const vouched = `${agentCookie.split(';')[0]}; ${signature.split(';')[0]}`;
    const returning = await server.call({ method: 'GET', url: '/', headers: { cookie: vouched } });
    expect(returning.headers['set-cookie']).toBeUndefined();
    // An agent without the server's signature (made up, or made by the SPA itself) is nobody: the
    // page gives that browser a new visitor.
    const ownAgent = await server.call({ method: 'GET', url: '/', headers: { cookie: 'agent=abc123def456' } });
    const given = [ownAgent.headers['set-cookie'] ?? []].flat().map((header) => header.split(';')[0]);
    expect(given.map((header) => header.split('=')[0])).toEqual(['agent', 'agent_sig']);
    expect(given[0]).toMatch(/^agent=[a-z0-9]{20}$/);
    expect(given[0]).not.toBe('agent=abc123def456');
  });

  it.each([
    '/eventos',
    '/eventos/evento/pad?id=festa-ana-1',
    '/account',
    '/collect?id=/media/festa_ana/pad/a1.jpg',
    '/shop',
  ])('answers the page for the route %s (history fallback)', async (url) => {
    const response = await server.call({ method: 'GET', url, headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(200);
    // The empty shell: only / carries the pre-rendered landing page.
    expect(response.body).toContain('<div id="root"></div>');
  });

  it("writes this server's settings into every page it serves: one build runs anywhere", async () => {
    const emulator = `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}`;
    for (const url of ['/', '/eventos', '/app.html', '/index.html']) {
      const response = await server.call({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(200);
      const block = /<script id="runtime-config" type="application\/json">(.*?)<\/script>/.exec(response.body);
      expect(block).not.toBeNull();
      expect(JSON.parse(block?.[1] ?? '{}')).toEqual({
        apiBase: '',
        firebase: {
          apiKey: 'demo-api-key',
          authDomain: '',
          projectId: process.env.TEST_FIREBASE_PROJECT_ID,
          authEmulatorUrl: emulator,
        },
        mercadoPagoPublicKey: '',
      });
      // Inside the document, never before its doctype.
      expect(response.body.startsWith('<!doctype html><html><script id="runtime-config"')).toBe(true);
    }
    const gz = await server.call({
      method: 'GET',
      url: '/eventos',
      headers: { accept: 'text/html', 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toContain(emulator);
    const br = await server.call({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toContain('<h1>landing</h1>');
  });

  it('serves hashed assets for a year, brotli or gzip when accepted', async () => {
    const br = await server.call({
      method: 'GET',
      url: '/assets/main.0123456789.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const gz = await server.call({
      method: 'GET',
      url: '/assets/main.0123456789.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await server.call({ method: 'GET', url: '/assets/main.0123456789.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('console.log');
  });

  it('never serves a source map nor the compiled server, however the path is spelt', async () => {
    const urls = [
      '/assets/main.0123456789.js.map',
      '/assets/main.0123456789.js%2Emap',
      '/assets/./main.0123456789.js.map',
      '/server/main.js',
      '/server/main.js.map',
      '/server%2Fmain.js',
      '/assets/../server/main.js',
      '/SERVER/main.js',
    ];
    for (const url of urls) {
      for (const encoding of ['', 'br, gzip']) {
        const response = await server.call({ method: 'GET', url, headers: { 'accept-encoding': encoding } });
        expect({ url, encoding, status: response.statusCode }).toEqual({ url, encoding, status: 404 });
        expect(response.body).not.toMatch(/secret|server source|"version":3/);
      }
    }
  });

  it('answers 404 JSON, not the page, for unknown API paths, media and assets', async () => {
    for (const url of [
      '/api/nada',
      '/api/account/extra',
      '/media/festa_ana/pad/nada.jpg',
      '/assets/nada.js',
      '/thumbs/x.webp',
      '/display/festa_ana/pad/nada.jpg.webp',
    ]) {
      const response = await server.call({ method: 'GET', url });
      expect({ url, status: response.statusCode }).toEqual({ url, status: 404 });
      expect(response.headers['content-type']).toMatch(/^application\/json/);
    }
  });
});

describe('hostile input never gets a 5xx', () => {
  const hostile = [
    '..',
    '%2e%2e',
    '%2F..%2F..%2Fetc%2Fpasswd',
    'a'.repeat(5000),
    '%00',
    "'%3B%20DROP%20TABLE%20packs%3B--",
    '%3Cscript%3E',
    '%F0%9F%8E%89',
    '%E0%A4%A',
    '-',
    ' ',
  ];
  const getTemplates = [
    '/api/eventos/{x}/{x}',
    '/api/evento/{x}',
    '/api/all/{x}/pad',
    '/api/all/festa_ana/{x}',
    '/api/deviceLast/{x}/{x}',
    '/api/validatePacks/{x}',
    '/api/print/{x}/{x}?request=tap-fuzzed-print-0001',
    '/api/print/PACK5/{x}?request=tap-fuzzed-print-0002',
    '/api/print/PACK5/festa_ana%2Fpad%2Fa1.jpg?request={x}',
    '/api/modifyAccount/add/{x}/{x}',
    '/api/modifyAccount/add/collection/{x}',
    '/api/espelho/{x}/{x}/{x}/start/0',
    '/api/espelho/mirror1/{x}/{x}/mode/{x}',
    '/api/espelho/mirror1/{x}/{x}/prompt/{x}',
    '/api/espelho/mirror1/{x}/{x}/get_last_image/0',
    '/api/espelho/mirror1/{x}/{x}/get_prompts/{x}',
    '/api/createAccount?account={x}&collection={x}',
    '/api/updateAccount?collection={x}&packs={x}&events={x}',
    '/api/check_bname/{x}',
    '/api/create_event/{x}/{x}',
    '/api/orders/{x}',
    '/api/contracts/{x}',
    '/api/ultraLast/{x}/{x}',
    '/api/ultraStartConfig/{x}/{x}/{x}/{x}',
    '/api/ultraStartConfig/ultra1/{x}/20/Vem_Tremer?agent={x}',
    '/api/agentResults/{x}',
    '/api/shop/{x}/{x}',
    '/api/deals/{x}',
    '/api/check_bname_partner/{x}',
    '/api/sandbox/payment_methods?bin={x}',
    '/api/team_orders',
    '/media/{x}',
    '/thumbs/{x}/{x}',
    '/display/{x}/{x}/{x}',
    '/display/festa_ana/pad/{x}',
  ];
  const postTemplates = [
    '/api/landingForm',
    '/api/set_transaction',
    '/api/launch_coupon',
    '/api/uploadFace/{x}',
    '/api/order/{x}',
    '/api/process_payment_card',
    '/api/create_contract',
    '/api/authorize_hash',
    '/api/authorize_partner',
    '/api/sandbox/card_tokens',
    '/api/sandbox/pix/{x}/pay',
    '/api/team_orders/{x}',
    '/api/webhooks/mercadopago?data.id={x}&type=payment',
    `${DEVICE_PATHS.media}?file={x}`,
  ];
  const bodies: unknown[] = [
    null,
    [],
    'texto',
    42,
    { nome: ['x'], evento: { $gt: '' } },
    { transaction: 'x'.repeat(10_000) },
    { products: [{ id: '..', quantity: 1e308 }] },
  ];

  it('for every GET route, with and without a token', async () => {
    const failures: string[] = [];
    for (const template of getTemplates) {
      for (const value of hostile) {
        const url = template.replace(/\{x\}/g, value);
        for (const token of [undefined, user.token]) {
          const response = await server.call({ method: 'GET', url, token });
          if (response.statusCode >= 500) failures.push(`${response.statusCode} GET ${url.slice(0, 120)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 60_000);

  it('for every POST route and odd bodies', async () => {
    const failures: string[] = [];
    for (const template of postTemplates) {
      for (const value of hostile.slice(0, 4)) {
        const url = template.replace(/\{x\}/g, value);
        for (const body of bodies) {
          const response = await server.call({
            method: 'POST',
            url,
            payload: JSON.stringify(body),
            headers: { 'content-type': 'application/json' },
            token: user.token,
          });
          if (response.statusCode >= 500)
            failures.push(`${response.statusCode} POST ${url.slice(0, 80)} ${JSON.stringify(body).slice(0, 60)}`);
        }
        const raw = await server.call({
          method: 'POST',
          url,
          payload: 'not json',
          headers: { 'content-type': 'application/json' },
        });
        if (raw.statusCode >= 500) failures.push(`${raw.statusCode} POST ${url.slice(0, 80)} raw`);
        const xml = await server.call({
          method: 'POST',
          url,
          payload: '<x/>',
          headers: { 'content-type': 'application/xml' },
        });
        if (xml.statusCode >= 500) failures.push(`${xml.statusCode} POST ${url.slice(0, 80)} xml`);
      }
    }
    expect(failures).toEqual([]);
  }, 60_000);
});
