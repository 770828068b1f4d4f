/**
 * Google's sign-in script (apis.google.com, the gapi iframe) is for "Entrar com Google" alone:
 * a guest who collects, browses events, the collection and packs never loads it.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expectAccessible } from './support/accessibility';
import { baseUrl, launchBrowser, phoneContext } from './support/browser';
import { seededMedia } from './support/demoSeed';
import { eventually } from './support/eventually';
import { IDENTITY_HINT_KEY } from '../../src/lib/identityRecord';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(() => browser.close());

const GOOGLE_SIGN_IN = /^https?:\/\/(apis\.google\.com|www\.gstatic\.com\/.*gapi|accounts\.google\.com)/;

/** Every request of a context (its pages, frames and popups alike), as it is made. */
function recordRequests(context: BrowserContext): string[] {
  const urls: string[] = [];
  context.on('request', (request) => urls.push(request.url()));
  return urls;
}

/** Opens a screen, waits for its content, then for the network to settle (identity starts lazily). */
async function visit(page: Page, path: string, content: (page: Page) => Promise<unknown>): Promise<void> {
  await page.goto(`${baseUrl()}${path}`);
  await content(page);
  await expectAccessible(page);
  await page.waitForLoadState('networkidle');
  // The identity client starts after the first render: give it time to ask for anything it would.
  await page.waitForTimeout(1_000);
  await page.waitForLoadState('networkidle');
}

it(`a guest on collect, events, collection and packs never loads Google sign-in, even when the identity client \
starts`, async () => {
  const context = await phoneContext(browser);
  // A browser where someone signed in before: the identity client starts on these pages (for a
  // guest who never did, it does not even load), and still asks Google for nothing.
  await context.addInitScript((key) => {
    if (localStorage.getItem(key) === null) localStorage.setItem(key, '1');
  }, IDENTITY_HINT_KEY);
  const urls = recordRequests(context);
  const page = await context.newPage();
  const [photo] = seededMedia('festa_ana', 'pad');

  await visit(page, `/collect?id=${photo}`, (p) => p.getByText('Coletado!').waitFor());
  await visit(page, '/eventos', (p) => p.getByRole('heading', { level: 1, name: 'Eventos' }).waitFor());
  await visit(page, '/collection', (p) => p.getByRole('list', { name: 'Minha Coleção' }).waitFor());
  await visit(page, '/packs?pack=PACKDEMO5', (p) => p.getByRole('list', { name: 'Seus packs' }).waitFor());

  // The identity client did start (it is what would load the script): the page asked for its chunk.
  expect(urls.some((url) => /\/assets\/firebase-auth\b/.test(url))).toBe(true);
  expect(urls.filter((url) => GOOGLE_SIGN_IN.test(url))).toEqual([]);
  await context.close();
});

it('the login page loads it only once "Entrar com Google" is tapped', async () => {
  const context = await phoneContext(browser);
  const urls = recordRequests(context);
  const page = await context.newPage();
  page.on('dialog', (dialog) => void dialog.dismiss());

  await visit(page, '/login', (p) => p.getByRole('button', { name: 'Entrar com Google' }).waitFor());
  expect(urls.filter((url) => GOOGLE_SIGN_IN.test(url))).toEqual([]);

  await page.getByRole('button', { name: 'Entrar com Google' }).click();
  await eventually(() => expect(urls.filter((url) => GOOGLE_SIGN_IN.test(url)).length).toBeGreaterThan(0));
  await context.close();
});
