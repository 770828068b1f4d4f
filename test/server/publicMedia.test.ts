import { loadBasicSeed } from './support/fixtures';
import { newTeamMember, startTestServer, type TestServer } from './support/testServer';

/**
 * Public events' files through a CDN (MEDIA_PUBLIC_BASE): the app's address of a public
 * file sends the browser to the CDN, whose origin is the app's `/publico/...`, answered the same
 * to everyone (a public event's file, or 404), so a shared cache may keep it; a link-only or
 * private event's file keeps the gate and never goes through the CDN.
 */
const CDN = 'http://cdn.festas.test/midia';
let server: TestServer;
let privateFile: string;

beforeAll(async () => {
  server = await startTestServer({ MEDIA_PUBLIC_BASE: `${CDN}/` });
  await loadBasicSeed(server);
  const { rows } = await server.db.query<{ file: string }>(
    "SELECT file FROM media WHERE event_name = 'privada' AND mode = 'pad'",
  );
  privateFile = rows[0].file;
});

afterAll(() => server.close());

describe('MEDIA_PUBLIC_BASE', () => {
  it(`sends a public event's files, thumbnails and renditions to the CDN, with the redirect kept a few \
minutes`, async () => {
    for (const url of [
      '/media/festa_ana/pad/a1.jpg',
      '/thumbs/festa_ana/pad/a1.jpg.webp',
      '/display/festa_ana/pad/a1.jpg.webp',
    ]) {
      const reply = await server.call({ method: 'GET', url: `${url}?v=1`, headers: { range: 'bytes=0-9' } });
      expect({ url, status: reply.statusCode, location: reply.headers.location }).toEqual({
        url,
        status: 302,
        location: `${CDN}/publico${url}`,
      });
      expect(reply.headers['cache-control']).toBe('public, max-age=300');
    }
  });

  it('writes the CDN address one way only, however the request spelled it', async () => {
    const reply = await server.call({ method: 'GET', url: '/thumbs/fest%61_ana/pad/%611.jpg.webp' });
    expect(reply.statusCode).toBe(302);
    expect(reply.headers.location).toBe(`${CDN}/publico/thumbs/festa_ana/pad/a1.jpg.webp`);
  });

  it(`answers the CDN a public event's file with CORS, HEAD and ranges, for a year in browsers and 5 minutes in the \
CDN`, async () => {
    const whole = await server.call({ method: 'GET', url: '/publico/media/festa_ana/pad/a1.jpg' });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('image/jpeg');
    expect(whole.headers['cache-control']).toBe('public, max-age=31536000, s-maxage=300');
    expect(whole.headers['access-control-allow-origin']).toBe('*');
    expect(whole.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(whole.headers.vary).toBeUndefined();
    const part = await server.call({
      method: 'GET',
      url: '/publico/media/festa_ana/pad/a1.jpg',
      headers: { range: 'bytes=0-2' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload).toEqual(whole.rawPayload.subarray(0, 3));
    const head = await server.call({ method: 'HEAD', url: '/publico/thumbs/festa_ana/pad/a1.jpg.webp' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('image/webp');
    expect((await server.call({ method: 'GET', url: '/publico/display/festa_ana/pad/a1.jpg.webp' })).statusCode).toBe(
      200,
    );
  });

  it(`keeps a private event's file behind the gate, and never hands it to the CDN, even with the team's \
cookies`, async () => {
    const gated = await server.call({ method: 'GET', url: `/media/privada/pad/${privateFile}` });
    expect(gated.statusCode).toBe(401);
    expect(gated.headers.location).toBeUndefined();
    const team = await newTeamMember();
    const session = await server.call({ method: 'POST', url: '/api/media-session', token: team.token });
    const cookie = String([session.headers['set-cookie']].flat()[0]).split(';')[0];
    // The team opens it at the app's own address, streamed by the app, never redirected.
    const teamCopy = await server.call({
      method: 'GET',
      url: `/media/privada/pad/${privateFile}`,
      headers: { cookie },
    });
    expect(teamCopy.statusCode).toBe(200);
    expect(teamCopy.headers['cache-control']).toBe('private, no-cache');
    for (const prefix of ['media', 'thumbs', 'display']) {
      const file = prefix === 'media' ? privateFile : `${privateFile}.webp`;
      const reply = await server.call({
        method: 'GET',
        url: `/publico/${prefix}/privada/pad/${file}`,
        headers: { cookie },
      });
      expect({ prefix, status: reply.statusCode, cache: reply.headers['cache-control'] }).toEqual({
        prefix,
        status: 404,
        cache: 'no-store',
      });
    }
  });

  it(`stops answering the CDN the moment an event is made private or suspended, and answers 404 to anything \
else`, async () => {
    expect((await server.call({ method: 'GET', url: '/publico/media/outra/pad/o1.jpg' })).statusCode).toBe(200);
    await server.db.query("UPDATE events SET visibility = 'private' WHERE name = 'outra'");
    expect((await server.call({ method: 'GET', url: '/publico/media/outra/pad/o1.jpg' })).statusCode).toBe(404);
    await server.db.query("UPDATE events SET visibility = 'public', suspended_at = now() WHERE name = 'outra'");
    expect((await server.call({ method: 'GET', url: '/publico/media/outra/pad/o1.jpg' })).statusCode).toBe(404);
    await server.db.query("UPDATE events SET suspended_at = NULL WHERE name = 'outra'");
    expect((await server.call({ method: 'GET', url: '/publico/media/outra/pad/o1.jpg' })).statusCode).toBe(200);
    for (const url of [
      '/publico/media/festa_ana/pad/nao-existe.jpg',
      '/publico/media/nenhuma/pad/a1.jpg',
      '/publico/media/festa_ana/pad/%2e%2e%2fsegredo.jpg',
      '/publico/media/festa_ana/pad',
      '/publico/catalogo/produto-cabine.jpg',
      '/publico/thumbs/festa_ana/pad/a1.jpg',
    ]) {
      const reply = await server.call({ method: 'GET', url });
      expect({ url, status: reply.statusCode }).toEqual({ url, status: 404 });
    }
  });

  it(`lets the pages load pictures, videos and the service worker's fetches from the CDN \
(Content-Security-Policy)`, async () => {
    const policy = String(
      (await server.call({ method: 'GET', url: '/publico/media/festa_ana/pad/a1.jpg' })).headers[
        'content-security-policy'
      ],
    );
    for (const directive of ['img-src', 'media-src', 'connect-src']) {
      expect(policy.split('; ').find((one) => one.startsWith(`${directive} `))).toContain('http://cdn.festas.test');
    }
  });
});

describe('without MEDIA_PUBLIC_BASE', () => {
  it("serves public files itself, and has no CDN's way in", async () => {
    const plain = await startTestServer();
    try {
      await loadBasicSeed(plain);
      const own = await plain.call({ method: 'GET', url: '/media/festa_ana/pad/a1.jpg' });
      expect(own.statusCode).toBe(200);
      expect(own.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect((await plain.call({ method: 'GET', url: '/publico/media/festa_ana/pad/a1.jpg' })).statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
