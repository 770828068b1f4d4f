import fs from 'node:fs';
import path from 'node:path';
import {
  loadRouteChunks,
  preloadTags,
  routeChunkTags,
  ROUTE_CHUNKS_FILE,
} from '../../server/src/modules/firstPaint/http/routeChunks';
import { firstScreenChunks } from '../../contract/firstPaint/firstScreens';
import { loadBasicSeed } from './support/fixtures';
import { distWith } from './support/spaDist';
import { startTestServer, type TestServer } from './support/testServer';

/** route-chunks.json as the build writes it (scripts/lib/routeChunksPlugin.ts). */
const CHUNKS = {
  'route-evento': ['/assets/route-evento.1.css', '/assets/route-evento.2.js', '/assets/851.3.js'],
  'route-evento-galeria': ['/assets/851.3.js', '/assets/route-evento-galeria.4.js'],
  'route-collect': ['/assets/route-collect.5.js'],
  'route-eventos': ['/assets/route-eventos.6.js'],
};

const preloads = (html: string) => html.match(/<link rel="preload" as="(script|style)" href="[^"]+">/g) ?? [];

describe('routeChunkTags', () => {
  const chunks = new Map(Object.entries(CHUNKS));

  it("names a booth gallery's code (the event's and the gallery's), each file once, styles as styles", () => {
    expect(preloads(routeChunkTags(firstScreenChunks('/eventos/evento/pad'), chunks))).toEqual([
      '<link rel="preload" as="style" href="/assets/route-evento.1.css">',
      '<link rel="preload" as="script" href="/assets/route-evento.2.js">',
      '<link rel="preload" as="script" href="/assets/851.3.js">',
      '<link rel="preload" as="script" href="/assets/route-evento-galeria.4.js">',
    ]);
  });

  it('names nothing for a page that is not a first screen, or a screen the build does not list', () => {
    expect(routeChunkTags(firstScreenChunks('/'), chunks)).toBe('');
    expect(routeChunkTags(firstScreenChunks('/shop'), chunks)).toBe('');
    expect(routeChunkTags(firstScreenChunks('/collection'), chunks)).toBe('');
  });

  it('escapes what it writes', () => {
    expect(preloadTags(['/assets/a"b.js'])).toBe('<link rel="preload" as="script" href="/assets/a&quot;b.js">');
  });
});

describe('loadRouteChunks', () => {
  it("keeps only this site's hashed assets from the build's list", () => {
    const dist = distWith({
      [ROUTE_CHUNKS_FILE]: JSON.stringify({
        'route-collect': [
          '/assets/route-collect.5.js',
          'https://evil.example/x.js',
          '/assets/../server.js',
          '/assets/a.png',
          7,
        ],
        broken: 'x',
      }),
    });
    const chunks = loadRouteChunks(dist);
    expect(chunks?.get('route-collect')).toEqual(['/assets/route-collect.5.js']);
    expect(chunks?.has('broken')).toBe(false);
  });

  it('is null for a build without the list, or with one that is not a list', () => {
    expect(loadRouteChunks(distWith({}))).toBeNull();
    expect(loadRouteChunks(distWith({ [ROUTE_CHUNKS_FILE]: '{not json' }))).toBeNull();
    expect(loadRouteChunks(distWith({ [ROUTE_CHUNKS_FILE]: '[1,2]' }))).toBeNull();
  });
});

describe("pages that name their first screen's code", () => {
  let server: TestServer;
  let dist: string;

  beforeAll(async () => {
    dist = distWith({ [ROUTE_CHUNKS_FILE]: JSON.stringify(CHUNKS), 'photo-first.js': '/* loader */' });
    server = await startTestServer({ DIST_DIR: dist });
    await loadBasicSeed(server);
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(path.dirname(dist), { recursive: true, force: true });
  });

  const page = async (url: string, encoding = 'identity') =>
    server.call({ method: 'GET', url, headers: { accept: 'text/html', 'accept-encoding': encoding } });

  it("a booth gallery's page names the event's and the gallery's code in its head", async () => {
    const response = await page('/eventos/evento/pad');
    expect(response.statusCode).toBe(200);
    const head = response.body.slice(0, response.body.indexOf('</head>'));
    expect(preloads(head)).toHaveLength(4);
    expect(head).toContain('href="/assets/route-evento-galeria.4.js"');
  });

  it('the same page, compressed, says the same', async () => {
    const response = await page('/eventos/evento/pad', 'br');
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.rawPayload.length).toBeLessThan(Buffer.byteLength((await page('/eventos/evento/pad')).body));
    const zlib = await import('node:zlib');
    expect(zlib.brotliDecompressSync(response.rawPayload).toString('utf8')).toBe(
      (await page('/eventos/evento/pad')).body,
    );
  });

  it(`the events list names its own code to a visitor with events; the landing page and other screens name \
none`, async () => {
    const withEvents = await server.call({
      method: 'GET',
      url: '/eventos',
      headers: { accept: 'text/html', cookie: 'events=festa_ana' },
    });
    expect(preloads(withEvents.body)).toEqual(['<link rel="preload" as="script" href="/assets/route-eventos.6.js">']);
    // A visitor with none has the list's empty words in the page: they paint before any script is asked for.
    expect(preloads((await page('/eventos')).body)).toEqual([]);
    expect(preloads((await page('/')).body)).toEqual([]);
    expect(preloads((await page('/shop')).body)).toEqual([]);
  });

  it(`a collect page names its code, unless its photo is in the page: then the photo has the connection \
first`, async () => {
    expect(preloads((await page('/collect?id=/media/festa_ana/pad/none.jpg')).body)).toEqual([
      '<link rel="preload" as="script" href="/assets/route-collect.5.js">',
    ]);
    const withPhoto = (await page('/collect?id=/media/festa_ana/pad/a2.jpg')).body;
    expect(withPhoto).toContain('<img data-shell-preview');
    expect(preloads(withPhoto)).toEqual([]);
  });
});
