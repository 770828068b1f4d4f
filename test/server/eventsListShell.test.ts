import { NO_EVENTS_TEXT } from '../../contract/eventsList';
import { PHOTO_FIRST_SCRIPT } from '../../contract/firstPaint/photoFirst';
import { appScripts, distWith } from './support/spaDist';
import { startTestServer, type TestServer } from './support/testServer';

/**
 * The events list's page (`/eventos`) of a visitor with no events carries the list's empty state
 * before any script runs, so that the page's largest paint waits for no script; a visitor whose
 * cookies name events gets no such copy (their cards are the app's).
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ DIST_DIR: distWith({ [PHOTO_FIRST_SCRIPT.slice(1)]: '' }) });
});

afterAll(() => server.close());

async function reply(url: string, cookie?: string) {
  const response = await server.call({
    method: 'GET',
    url,
    headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) },
  });
  expect(response.statusCode).toBe(200);
  return response;
}

async function page(url: string, cookie?: string): Promise<string> {
  return (await reply(url, cookie)).body;
}

/** What the page draws before the app's root. */
const beforeRoot = (html: string) => /<body>(.*?)<div id=root><\/div>/.exec(html)?.[1] ?? '';

it(`draws the list's empty state for a visitor with no events, under the screen's title, as the app draws \
it`, async () => {
  for (const cookie of [undefined, 'events=', 'events=%2C%20%2C', 'collection=%2Fmedia%2Ffesta_ana%2Fpad%2Fa1.jpg']) {
    const drawn = beforeRoot(await page('/eventos', cookie));
    expect(drawn).toMatch(/^<div data-events-shell class="page-shell" aria-hidden="true">/);
    expect(drawn).toContain('<h1 class="screen__title">Eventos</h1>');
    expect(drawn).toContain(
      `<div class="empty"><p class="empty__title">Nenhum evento encontrado</p><p>${NO_EVENTS_TEXT}</p></div>`,
    );
  }
  expect(beforeRoot(await page('/eventos?x=1'))).toContain(NO_EVENTS_TEXT);
});

it("hands the app's scripts to the loader that asks for them once those words are painted", async () => {
  expect(appScripts(await page('/eventos'))).toEqual([
    `<script defer src="${PHOTO_FIRST_SCRIPT}" data-scripts="/assets/runtime.1a.js /assets/693.2b.js ` +
      `/assets/main.3c.js">`,
  ]);
  expect(appScripts(await page('/eventos', 'events=festa_ana'))).toHaveLength(3);
});

it('draws nothing for a visitor whose cookies name an event, nor on another page', async () => {
  expect(beforeRoot(await page('/eventos', 'events=festa_ana'))).toBe('');
  expect(beforeRoot(await page('/eventos', 'events=festa_ana%2Coutra'))).toBe('');
  expect(beforeRoot(await page('/collection'))).toBe('');
  expect(beforeRoot(await page('/eventos/evento/pad'))).toBe('');
});

it('draws nothing while an order waits for a sign-in: the app opens /account instead of the list', async () => {
  for (const cookie of [
    'loginRequired=true',
    'transaction=123456789; loginRequired=1',
    'loginRequired=true; events=',
  ]) {
    const html = await page('/eventos', cookie);
    expect(beforeRoot(html)).toBe('');
    expect(appScripts(html)).toHaveLength(3);
  }
  // Any other value is no flag (contract/cookieLists.ts): the words are drawn.
  expect(beforeRoot(await page('/eventos', 'loginRequired=false'))).toContain(NO_EVENTS_TEXT);
});

it("is kept by the visitor's browser alone, whatever its cookies draw; other pages as before", async () => {
  for (const cookie of [undefined, 'events=festa_ana', 'loginRequired=true']) {
    expect((await reply('/eventos', cookie)).headers['cache-control']).toBe('private, no-cache');
  }
  expect((await reply('/collection')).headers['cache-control']).toBe('no-cache');
});
