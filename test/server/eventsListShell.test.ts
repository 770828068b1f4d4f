import { NO_EVENTS_TEXT } from '../../contract/eventsList';
import { distWith } from './support/spaDist';
import { startTestServer, type TestServer } from './support/testServer';

/**
 * The events list's page (`/eventos`) of a visitor with no events carries the list's empty state
 * before any script runs, so that the page's largest paint waits for no script; a visitor whose
 * cookies name events gets no such copy (their cards are the app's).
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ DIST_DIR: distWith({}) });
});

afterAll(() => server.close());

async function page(url: string, cookie?: string): Promise<string> {
  const response = await server.call({ method: 'GET', url, headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) } });
  expect(response.statusCode).toBe(200);
  return response.body;
}

/** What the page draws before the app's root. */
const beforeRoot = (html: string) => /<body>(.*?)<div id=root><\/div>/.exec(html)?.[1] ?? '';

it("draws the list's empty state for a visitor with no events, under the screen's title, as the app draws it", async () => {
  for (const cookie of [undefined, 'events=', 'events=%2C%20%2C', 'collection=%2Fmedia%2Ffesta_ana%2Fpad%2Fa1.jpg']) {
    const drawn = beforeRoot(await page('/eventos', cookie));
    expect(drawn).toMatch(/^<div data-events-shell class="page-shell" aria-hidden="true">/);
    expect(drawn).toContain('<h1 class="screen__title">Eventos</h1>');
    expect(drawn).toContain(`<div class="empty"><p class="empty__title">Nenhum evento encontrado</p><p>${NO_EVENTS_TEXT}</p></div>`);
  }
  expect(beforeRoot(await page('/eventos?x=1'))).toContain(NO_EVENTS_TEXT);
});

it('draws nothing for a visitor whose cookies name an event, nor on another page', async () => {
  expect(beforeRoot(await page('/eventos', 'events=festa_ana'))).toBe('');
  expect(beforeRoot(await page('/eventos', 'events=festa_ana%2Coutra'))).toBe('');
  expect(beforeRoot(await page('/collection'))).toBe('');
  expect(beforeRoot(await page('/eventos/evento/pad'))).toBe('');
});
