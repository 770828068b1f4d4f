import { ROUTE_CHUNKS_FILE } from '../../server/src/modules/firstPaint/http/routeChunks';
import { PHOTO_FIRST_SCRIPT } from '../../contract/firstPaint/photoFirst';
import { basicSeed, loadBasicSeed } from './support/fixtures';
import { appScripts, distWith } from './support/spaDist';
import { startTestServer, type TestServer } from './support/testServer';

let server: TestServer;

/** route-chunks.json as the build writes it: the event's screen has a stylesheet. */
const CHUNKS = {
  'route-evento': ['/assets/route-evento.1.css', '/assets/route-evento.2.js'],
  'route-evento-galeria': ['/assets/route-evento-galeria.4.js'],
};

/** outra's pad booth holds eight photos, o1 the oldest; its feed booth none yet. */
const OUTRA = Array.from({ length: 8 }, (_, i) => `o${i + 1}.jpg`);

beforeAll(async () => {
  const distDir = distWith({ [ROUTE_CHUNKS_FILE]: JSON.stringify(CHUNKS), [PHOTO_FIRST_SCRIPT.slice(1)]: '' });
  server = await startTestServer({ DIST_DIR: distDir });
  const seed = basicSeed();
  seed.events = (seed.events ?? []).map((event) =>
    event.name === 'outra' ? { ...event, devices: ['pad', 'feed'] } : event,
  );
  seed.media = [
    ...(seed.media ?? []).filter((m) => m.event !== 'outra'),
    ...OUTRA.map((file) => ({ event: 'outra', mode: 'pad' as const, file, source: 'a1.jpg' })),
  ];
  await loadBasicSeed(server, seed);
});

afterAll(() => server.close());

async function page(url: string): Promise<string> {
  const response = await server.call({ method: 'GET', url, headers: { accept: 'text/html' } });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/html/);
  return response.body;
}

/** What the page draws before the app's root. */
const beforeRoot = (html: string) => /<body>(.*?)<div id=root><\/div>/.exec(html)?.[1] ?? '';
const images = (html: string) => beforeRoot(html).match(/<img [^>]*>/g) ?? [];
const sources = (html: string) => images(html).map((img) => /src="([^"]+)"/.exec(img)?.[1]);
/** The drawn rows, top to bottom, as the thumbnails' file names. */
const rows = (html: string) =>
  beforeRoot(html)
    .split('<div class="grid__row')
    .slice(1)
    .map((row) => [...row.matchAll(/<img [^>]*src="\/thumbs\/\w+\/pad\/(\w+)\.jpg\.webp"/g)].map((match) => match[1]));

describe("a public event's booth gallery opened by its address", () => {
  it('carries its newest thumbnails as images before any script runs, sized, the newest asked for first', async () => {
    const html = await page('/eventos/evento/pad?evento=festa_ana');
    expect(sources(html)).toEqual(['/thumbs/festa_ana/pad/a2.jpg.webp', '/thumbs/festa_ana/pad/a1.jpg.webp']);
    for (const img of images(html)) expect(img).toMatch(/ width="180" height="180"/);
    expect(images(html)[0]).toContain('fetchpriority="high"');
    expect(images(html)[1]).not.toContain('fetchpriority');
    // Under the event's title and the booth's name, as the app draws them; hidden from assistive technology, which gets
    // the app's.
    expect(beforeRoot(html)).toMatch(/^<div data-gallery-shell class="gallery-shell" aria-hidden="true">/);
    expect(beforeRoot(html)).toContain('<h1 class="screen__title">Festa da Ana</h1>');
    expect(beforeRoot(html)).toContain('<h2 class="gallery__title">Pad</h2>');
  });

  it("lays its rows out as a phone's gallery does: the newest, fewer than a row, share the first", async () => {
    const html = await page('/eventos/evento/pad?evento=outra');
    expect(rows(html)).toEqual([
      ['o8', 'o7'],
      ['o6', 'o5', 'o4'],
      ['o3', 'o2', 'o1'],
    ]);
    expect(beforeRoot(html)).toContain('<div class="grid__row grid__row--partial" style="--row:0">');
    expect(beforeRoot(html)).toContain('<div class="grid" style="--rows:3">');
  });

  it(`applies the screen's stylesheet at once, and hands the app's scripts to the loader that waits for the first \
photo`, async () => {
    const html = await page('/eventos/evento/pad?evento=festa_ana');
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<link rel="stylesheet" href="/assets/route-evento.1.css">');
    expect(appScripts(html)).toEqual([
      `<script defer src="${PHOTO_FIRST_SCRIPT}" data-scripts="/assets/runtime.1a.js /assets/693.2b.js ` +
        `/assets/main.3c.js">`,
    ]);
  });
});

describe('a gallery address the server draws nothing for', () => {
  it.each([
    ['a private event', '/eventos/evento/pad?evento=privada'],
    ['an unknown event', '/eventos/evento/pad?evento=ninguem'],
    ['a booth the event does not have', '/eventos/evento/boomerang?evento=festa_ana'],
    ['a booth with no photos yet', '/eventos/evento/feed?evento=outra'],
    ['no event named', '/eventos/evento/pad'],
    ['a name that is not one', '/eventos/evento/pad?evento=%3Cscript%3E'],
    ['nulo, which has no gallery', '/eventos/evento/nulo?evento=festa_ana'],
    ['another screen', '/collection?evento=festa_ana'],
  ])('%s', async (_what, url) => {
    const html = await page(url);
    expect(html).not.toContain('data-gallery-shell');
    expect(html).not.toContain('/thumbs/');
    expect(appScripts(html)).not.toContainEqual(expect.stringContaining(PHOTO_FIRST_SCRIPT));
  });
});
