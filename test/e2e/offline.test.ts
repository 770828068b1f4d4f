/**
 * The installable, offline-first shell, in a real Chromium against the whole stack:
 * the service worker takes the page, and what a guest saw online (their collection, the events
 * they attended, the pictures in them) opens again with the connection gone.
 */
import crypto from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { expectAccessible } from './support/accessibility';
import { baseUrl, launchBrowser } from './support/browser';
import { openCollectLink } from './support/collectLink';
import { seededMedia } from './support/demoSeed';
import { eventually } from './support/eventually';
import { picturesLoaded, savedPaths } from './support/offlinePage';
import { newGuest } from './support/guest';

const OFFLINE = 'Você está sem conexão. Suas fotos salvas continuam aqui.';
const BACK_ONLINE = 'Conexão restabelecida.';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(() => browser.close());

function controlledByWorker(page: Page): Promise<unknown> {
  return page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
}

it('the collection and the events a guest saw open offline, with the banner, and the return is announced', async () => {
  const { page, context, errors, close } = await newGuestWithContext();
  const [photo] = seededMedia('festa_ana', 'pad');

  await page.goto(`${baseUrl()}/collect?id=${photo}`);
  await page.getByText('Coletado!').waitFor();
  // The worker installs once the page is idle (its precache complete), then takes the open page.
  await controlledByWorker(page);
  // Seen again under the worker, the collect screen's photo (its display rendition) is kept.
  await page.reload();
  await page.getByRole('img', { name: 'Foto do evento festa_ana' }).waitFor();
  await eventually(async () =>
    expect(await savedPaths(page, 'cabine-display-v1')).toContain(`/display${photo.slice('/media'.length)}.webp`),
  );

  await page.goto(`${baseUrl()}/collection`);
  await page.getByRole('list', { name: 'Minha Coleção' }).getByRole('button', { name: 'Item 1 de 1' }).waitFor();
  expect(await picturesLoaded(page, '[aria-label="Minha Coleção"]')).toBe(1);
  await page.goto(`${baseUrl()}/eventos`);
  await page
    .getByRole('list', { name: 'Seus eventos' })
    .getByRole('button', { name: /Festa da Ana/ })
    .waitFor();
  const eventPictures = await picturesLoaded(page, '[aria-label="Seus eventos"]');
  expect(eventPictures).toBeGreaterThan(0);

  await context.setOffline(true);
  await page.getByRole('status').filter({ hasText: OFFLINE }).waitFor();

  // A reload with no connection: the shell, the route's code, the list and its pictures all come
  // from the worker's caches.
  const reloaded = await page.reload();
  expect(reloaded?.fromServiceWorker()).toBe(true);
  await page
    .getByRole('list', { name: 'Seus eventos' })
    .getByRole('button', { name: /Festa da Ana/ })
    .waitFor();
  expect(await picturesLoaded(page, '[aria-label="Seus eventos"]')).toBe(eventPictures);
  await page.getByRole('status').filter({ hasText: OFFLINE }).waitFor();
  await expectAccessible(page, '/eventos offline');

  await page.goto(`${baseUrl()}/collection`);
  await page.getByRole('list', { name: 'Minha Coleção' }).getByRole('button', { name: 'Item 1 de 1' }).waitFor();
  expect(await picturesLoaded(page, '[aria-label="Minha Coleção"]')).toBe(1);
  await page.getByRole('status').filter({ hasText: OFFLINE }).waitFor();

  // The network really is gone for the worker too: what the guest never opened is not there.
  const unseen = await page.evaluate(async (url) => {
    try {
      return (await fetch(url)).status;
    } catch {
      return 'failed';
    }
  }, '/api/all/festa_ana/feed');
  expect(unseen).toBe('failed');

  await context.setOffline(false);
  await page.getByRole('status').filter({ hasText: BACK_ONLINE }).waitFor();
  expect(await page.getByText(OFFLINE).count()).toBe(0);
  // It hides itself after a few seconds.
  await page.getByText(BACK_ONLINE).waitFor({ state: 'detached', timeout: 15_000 });
  expect(
    errors.filter((error) => !/Failed to fetch|ERR_INTERNET_DISCONNECTED|NetworkError|no-response/.test(error)),
  ).toEqual([]);
  await close();
});

it(`a collect link and an opened photo, their addresses ending in '.jpg', reload offline into the app, not the \
browser's error page`, async () => {
  const { page, context, errors, close } = await newGuestWithContext();
  const [photo] = seededMedia('festa_ana', 'pad');
  expect(photo).toMatch(/\.jpg$/);
  const collectLink = `${baseUrl()}/collect?id=${photo}`;

  await openCollectLink(page, collectLink);
  await controlledByWorker(page);
  // Online, the collect page still comes from the server (its photo in the page, its collect).
  const online = await page.reload();
  expect(await online?.text()).toContain('data-shell-preview');
  await page.getByRole('img', { name: 'Foto do evento festa_ana' }).waitFor();
  await eventually(async () =>
    expect(await savedPaths(page, 'cabine-display-v1')).toContain(`/display${photo.slice('/media'.length)}.webp`),
  );

  await context.setOffline(true);
  await page.getByRole('status').filter({ hasText: OFFLINE }).waitFor();
  const collectOffline = await page.reload();
  expect(collectOffline?.fromServiceWorker()).toBe(true);
  expect(page.url()).toBe(collectLink);
  await page.getByRole('img', { name: 'Foto do evento festa_ana' }).waitFor();
  expect(await picturesLoaded(page, '.collect__stage')).toBeGreaterThan(0);
  await page.getByRole('status').filter({ hasText: OFFLINE }).waitFor();

  // A photo opened in 'Minha Coleção' (?item=...jpg), seen online, then reloaded offline.
  await context.setOffline(false);
  await page.goto(`${baseUrl()}/collection`);
  await page.getByRole('list', { name: 'Minha Coleção' }).getByRole('button', { name: 'Item 1 de 1' }).click();
  await page.waitForURL(/[?&]item=[^&]+\.jpg$/);
  // The photo is named after its event's title once the event's card has come (its name until
  // then): the card is waited for, and for its reply in the worker's cache, so that the reload
  // offline has one end state to show, not a race between the picture and the card.
  const openedPhoto = page
    .getByRole('dialog', { name: 'Foto' })
    .getByRole('img', { name: 'Foto do evento Festa da Ana' });
  await openedPhoto.waitFor();
  await picturesLoaded(page, '[role="dialog"]');
  await eventually(async () =>
    expect(await savedPaths(page, 'cabine-api-v1')).toContainEqual(
      expect.stringMatching(/^\/api\/eventos\/festa_ana\//),
    ),
  );
  await context.setOffline(true);
  await page.getByRole('status').filter({ hasText: OFFLINE }).waitFor();
  const itemOffline = await page.reload();
  expect(itemOffline?.fromServiceWorker()).toBe(true);
  await openedPhoto.waitFor();
  expect(await picturesLoaded(page, '[role="dialog"]')).toBe(1);
  await context.setOffline(false);
  expect(
    errors.filter((error) => !/Failed to fetch|ERR_INTERNET_DISCONNECTED|NetworkError|no-response/.test(error)),
  ).toEqual([]);
  await close();
});

it("a signed-in guest's collection opens offline from the saved account, and logging out forgets it", async () => {
  const email = `offline-${crypto.randomBytes(4).toString('hex')}@example.com`;
  const [photo] = seededMedia('festa_ana', 'polaroid');
  const { page, context, close } = await newGuestWithContext();
  await page.goto(`${baseUrl()}/collect?id=${photo}`);
  await page.getByText('Coletado!').waitFor();
  await controlledByWorker(page);

  await page.goto(`${baseUrl()}/signup`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Nova senha').fill('segredo-123');
  await page.getByLabel('Repetir senha').fill('segredo-123');
  await page.getByLabel('Nome ou apelido').fill('Convidada Offline');
  await page.getByLabel('Celular com DDD').fill('11988887777');
  await page.getByRole('button', { name: 'Criar conta' }).click();
  await page.getByRole('heading', { name: 'Olá, Convidada Offline!' }).waitFor();
  await page.goto(`${baseUrl()}/collection`);
  await page.getByRole('list', { name: 'Minha Coleção' }).getByRole('button', { name: 'Item 1 de 1' }).waitFor();
  // The account was read with the user's token: it is kept apart from what anyone may read.
  await eventually(async () => expect(await savedPaths(page, 'cabine-api-user-v1')).toContain('/api/account'));
  expect(await savedPaths(page, 'cabine-api-v1')).not.toContain('/api/account');

  await context.setOffline(true);
  await page.reload();
  await page.getByRole('list', { name: 'Minha Coleção' }).getByRole('button', { name: 'Item 1 de 1' }).waitFor();
  expect(await picturesLoaded(page, '[aria-label="Minha Coleção"]')).toBe(1);
  await page.getByRole('status').filter({ hasText: OFFLINE }).waitFor();
  await context.setOffline(false);

  await page.goto(`${baseUrl()}/account`);
  await page.getByRole('button', { name: 'Sair' }).click();
  await page.waitForURL(`${baseUrl()}/`);
  // The next person on this phone finds nothing of that account, online or off.
  await eventually(async () => expect(await savedPaths(page, 'cabine-api-user-v1')).toEqual([]));
  await close();
});

it('serves the worker unstale and the manifest as a manifest, linked from both pages', async () => {
  const worker = await fetch(`${baseUrl()}/sw.js`);
  expect(worker.status).toBe(200);
  expect(worker.headers.get('cache-control')).toBe('no-cache');
  expect(worker.headers.get('content-type')).toMatch(/javascript/);

  const manifestReply = await fetch(`${baseUrl()}/manifest.webmanifest`);
  expect(manifestReply.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
  const manifest = (await manifestReply.json()) as {
    lang: string;
    start_url: string;
    display: string;
    icons: { src: string; sizes: string; purpose: string }[];
  };
  expect(manifest).toMatchObject({ lang: 'pt-BR', start_url: '/', display: 'standalone' });
  expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);
  for (const icon of manifest.icons) {
    const reply = await fetch(`${baseUrl()}${icon.src}`);
    expect([icon.src, reply.status, reply.headers.get('content-type')]).toEqual([icon.src, 200, 'image/png']);
  }

  // The landing page (pre-rendered) and the shell every other route gets.
  for (const page of ['/', '/collection']) {
    const html = await (await fetch(`${baseUrl()}${page}`)).text();
    expect([page, /<link[^>]+rel="?manifest"?[^>]+href="?\/manifest\.webmanifest/.test(html)]).toEqual([page, true]);
    expect([page, /rel="?apple-touch-icon"?/.test(html)]).toEqual([page, true]);
  }
});

/** A new guest whose browser context the test can take offline. */
async function newGuestWithContext() {
  const guest = await newGuest(browser);
  return { ...guest, context: guest.page.context() };
}
