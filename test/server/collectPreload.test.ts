import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { collectIdRef, escapeAttribute, mediaOrigin } from '../../server/src/modules/firstPaint/http/collectPreload';
import { loadBasicSeed } from './support/fixtures';
import { startTestServer, type TestServer } from './support/testServer';
import { temporaryDistDir } from './support/spaDist';

let server: TestServer;

const SHELL =
  '<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><script defer ' +
  'src="/assets/main.js"></script></head><body><div id="root"></div></body></html>';

beforeAll(async () => {
  const distDir = temporaryDistDir();
  fs.mkdirSync(distDir, { recursive: true });
  fs.writeFileSync(
    path.join(distDir, 'index.html'),
    '<!doctype html><html><head></head><body><div id="root"><h1>landing</h1></div></body></html>',
  );
  fs.writeFileSync(path.join(distDir, 'app.html'), SHELL);
  server = await startTestServer({ DIST_DIR: distDir });
  await loadBasicSeed(server);
});

afterAll(() => server.close());

async function page(url: string, headers: Record<string, string> = {}): Promise<string> {
  const response = await server.call({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/html/);
  return response.body;
}

const preloads = (html: string) => html.match(/<link rel="preload"[^>]*>/g) ?? [];

describe('the collect page of a public photo', () => {
  it("asks for the thumbnail, then the photo's display rendition, from its head, before any script runs", async () => {
    const html = await page('/collect?id=/media/festa_ana/pad/a1.jpg');
    expect(preloads(html)).toEqual([
      '<link rel="preload" as="image" href="/thumbs/festa_ana/pad/a1.jpg.webp" fetchpriority="high">',
      '<link rel="preload" as="image" href="/display/festa_ana/pad/a1.jpg.webp" fetchpriority="high">',
    ]);
    // The original stays for the share, download and print buttons: it is not fetched up front.
    expect(html).not.toContain('/media/festa_ana/pad/a1.jpg"');
    const head = html.slice(0, html.indexOf('</head>'));
    expect(preloads(head)).toHaveLength(2);
  });

  it('carries the rendition outside the app root, sized as the screen will draw it', async () => {
    const html = await page('/collect?id=/media/festa_ana/pad/a2.jpg');
    const root = /<body>(.*?)<div id="root"><\/div>/.exec(html)?.[1] ?? '';
    // a2.jpg is 48 x 64 (support/fixtures.ts); the early copy is the preloaded URL, fetched once.
    expect(root).toMatch(
      new RegExp(
        String.raw`^<img data-shell-preview src="/display/festa_ana/pad/a2\.jpg\.webp" ` +
          String.raw`width="48" height="64" alt="" style="[^"]*">$`,
      ),
    );
    expect(preloads(html)[1]).toContain('href="/display/festa_ana/pad/a2.jpg.webp"');
    expect(root).toContain('calc(70vh*0.7500)');
    expect(root).toContain('url(/thumbs/festa_ana/pad/a2.jpg.webp)');
  });

  it('names files that exist: the preloaded thumbnail and rendition are served', async () => {
    const html = await page('/collect?id=/media/festa_ana/polaroid/p1.jpg');
    const hrefs = preloads(html).map((tag) => /href="([^"]+)"/.exec(tag)?.[1] ?? '');
    expect(hrefs).toHaveLength(2);
    for (const href of hrefs) expect((await server.call({ method: 'GET', url: href })).statusCode).toBe(200);
  });

  it('names a rendition for a photo stored before there were any: it is made when it is asked for', async () => {
    fs.rmSync(path.join(server.dataDir, 'display/festa_ana/polaroid/p1.jpg.webp'));
    const html = await page('/collect?id=/media/festa_ana/polaroid/p1.jpg');
    expect(html).toContain('<img data-shell-preview src="/display/festa_ana/polaroid/p1.jpg.webp"');
    const rendition = await server.call({ method: 'GET', url: '/display/festa_ana/polaroid/p1.jpg.webp' });
    expect(rendition.statusCode).toBe(200);
    expect(rendition.headers['content-type']).toBe('image/webp');
  });

  it('sends the same page compressed when the client takes it', async () => {
    const response = await server.call({
      method: 'GET',
      url: '/collect?id=/media/festa_ana/pad/a2.jpg',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.headers['content-encoding']).toBe('gzip');
    const html = zlib.gunzipSync(response.rawPayload).toString('utf8');
    expect(preloads(html)).toHaveLength(2);
    expect(html).toContain('/display/festa_ana/pad/a2.jpg.webp');
    const brotli = await server.call({
      method: 'GET',
      url: '/collect?id=/media/festa_ana/pad/a2.jpg',
      headers: { 'accept-encoding': 'br' },
    });
    expect(zlib.brotliDecompressSync(brotli.rawPayload).toString('utf8')).toBe(html);
  });

  it('asks for a GIF itself, which has no rendition (a still WebP would stop it moving)', async () => {
    const html = await page('/collect?id=/media/festa_ana/boomerang/b1.gif');
    expect(preloads(html)).toContain(
      '<link rel="preload" as="image" href="/media/festa_ana/boomerang/b1.gif" fetchpriority="high">',
    );
    expect(html).not.toContain('/display/');
  });

  it('never asks for a video file up front, nor draws it', async () => {
    const html = await page('/collect?id=/media/festa_ana/360/v1.mp4');
    expect(html).not.toContain('/media/festa_ana/360/v1.mp4');
    expect(html).not.toContain('/display/');
    expect(html).toContain('<div id="root"></div>');
  });
});

describe('no preload', () => {
  it('for a private event, even to a visitor who knows the link', async () => {
    const html = await page('/collect?id=/media/privada/pad/x1.jpg');
    expect(preloads(html)).toEqual([]);
    expect(html).not.toContain('x1.jpg');
    expect(html).not.toContain('/display/');
    expect(html).toContain('<div id="root"></div>');
  });

  it.each([
    ['a file that does not exist', '/media/festa_ana/pad/nao-existe.jpg'],
    ['an event that does not exist', '/media/ninguem/pad/a1.jpg'],
    ['another site', 'https://evil.example/media/festa_ana/pad/a1.jpg'],
    ['a protocol-relative link', '//evil.example/media/festa_ana/pad/a1.jpg'],
    ['a longer storage path', 'gs://bucket/eventos/festa_ana/pad/a1.jpg'],
    ['an extra segment', '/media/x/festa_ana/pad/a1.jpg'],
    ['a climb out', '/media/festa_ana/pad/../../etc/passwd'],
    ['a quote', '/media/festa_ana/pad/a1.jpg"><script>alert(1)</script>'],
    ['an encoded quote', '/media/festa_ana/pad/a1%22.jpg'],
    ['an unknown mode', '/media/festa_ana/selfie/a1.jpg'],
    ['a file that is not media', '/media/festa_ana/pad/a1.html'],
  ])('for %s', async (_label, id) => {
    const html = await page(`/collect?id=${encodeURIComponent(id)}`);
    expect(preloads(html)).toEqual([]);
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('data-shell-preview');
    expect(html).toBe(await page('/collect'));
  });

  it('for two ids, or an id on another page', async () => {
    expect(preloads(await page('/collect?id=/media/festa_ana/pad/a1.jpg&id=/media/festa_ana/pad/a2.jpg'))).toEqual([]);
    expect(preloads(await page('/eventos?id=/media/festa_ana/pad/a1.jpg'))).toEqual([]);
  });

  it('and the page still comes when the lookup fails', async () => {
    const query = jest.spyOn(server.db, 'query').mockRejectedValueOnce(new Error('database gone'));
    try {
      const html = await page('/collect?id=/media/festa_ana/pad/a1.jpg');
      expect(preloads(html)).toEqual([]);
      expect(html).toContain('<div id="root"></div>');
    } finally {
      query.mockRestore();
    }
  });
});

describe('collectIdRef', () => {
  it('reads only the exact /media/{event}/{mode}/{file} shape', () => {
    expect(collectIdRef('/media/festa_ana/pad/a1.jpg')).toEqual({
      eventName: 'festa_ana',
      mode: 'pad',
      file: 'a1.jpg',
    });
    for (const id of [
      '/media/festa_ana/pad/',
      '/media/festa_ana/pad/.jpg',
      `/media/${'a'.repeat(65)}/pad/a1.jpg`,
      '/media/festa_ana/pad/a1.jpg?x=1',
      ' /media/festa_ana/pad/a1.jpg',
      42,
      null,
      ['/media/festa_ana/pad/a1.jpg'],
    ]) {
      expect(collectIdRef(id)).toBeNull();
    }
  });
});

describe('escapeAttribute and mediaOrigin', () => {
  it('leave no character that ends an attribute or a tag', () => {
    expect(escapeAttribute(`a"b'c<d>e&f`)).toBe('a&quot;b&#39;c&lt;d&gt;e&amp;f');
  });

  it("take API_BASE's origin when it names one, else the page's own", () => {
    expect(mediaOrigin('https://api.cabine.example/api')).toBe('https://api.cabine.example');
    expect(mediaOrigin('/api')).toBe('');
    expect(mediaOrigin('')).toBe('');
  });
});
