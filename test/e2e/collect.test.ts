import type { Browser } from 'playwright-core';
import { expectAccessible } from './support/accessibility';
import { baseUrl, launchBrowser, phoneContext } from './support/browser';
import { seededMedia } from './support/demoSeed';
import { newGuest } from './support/guest';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(() => browser.close());

it('a guest opens a collect link from the demo seed and sees the photo', async () => {
  const context = await phoneContext(browser);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const fetched: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'GET') fetched.push(new URL(request.url()).pathname);
  });

  const original = seededMedia('festa_ana', 'pad')[0];
  const rendition = `/display${original.slice('/media'.length)}.webp`;
  await page.goto(`${baseUrl()}/collect?id=${original}`);
  const photo = page.getByRole('img', { name: 'Foto do evento festa_ana' });
  await photo.waitFor();
  // The image really arrived and decoded, not just an <img> with a broken source.
  await page.waitForFunction(() => {
    const img = document.querySelector<HTMLImageElement>('img.collect__media');
    return img !== null && img.complete && img.naturalWidth > 0;
  });
  // The photo came first: the app's scripts were handed to the photo-first loader, which ran them.
  expect(await page.locator('script[src="/photo-first.js"][data-scripts]').count()).toBe(1);
  expect(await page.locator('script[src^="/assets/main."]').count()).toBe(1);
  const size = await photo.evaluate((img: HTMLImageElement) => ({
    width: img.naturalWidth,
    height: img.naturalHeight,
    src: img.currentSrc,
  }));
  expect(size.width).toBeGreaterThan(100);
  // The light display rendition, not the original: the page's early copy and the screen share
  // its URL, and the original is only checked (HEAD), never downloaded, until a guest shares it.
  expect(new URL(size.src).pathname).toBe(rendition);
  expect(size.width).toBeLessThanOrEqual(720);
  expect(fetched).toContain(rendition);
  expect(fetched).not.toContain(original);
  await expectAccessible(page);
  expect(errors).toEqual([]);
  await context.close();
});

it('a link to a photo that does not exist says so and leaves the collection empty', async () => {
  const { page, alerts, close } = await newGuest(browser);
  await page.goto(`${baseUrl()}/collect?id=/media/festa_ana/pad/nao-existe.jpg`);
  await page
    .getByRole('alert')
    .filter({ hasText: 'Esta foto não foi encontrada: confira o link do QR code.' })
    .waitFor();
  expect(await page.getByRole('img', { name: 'Foto do evento festa_ana' }).count()).toBe(0);
  expect(await page.getByText('Coletado!').count()).toBe(0);

  await page.getByRole('button', { name: 'Minha Coleção' }).click();
  await page.waitForURL(/\/eventos$/);
  expect(alerts).toEqual(['Você ainda não coletou nenhuma foto!']);
  const cookies = await page.context().cookies();
  expect(cookies.find((cookie) => cookie.name === 'collection')?.value ?? '').not.toContain('nao-existe');
  await close();
});

it(`a guest who closes the page once the photo shows, before the app has run, finds it in the collection the next \
time`, async () => {
  const { page, alerts, close } = await newGuest(browser);
  const [, photo] = seededMedia('festa_ana', 'pad');
  // Venue Wi-Fi: the photo arrives, the app's scripts never do.
  await page.route('**/*.js', (route) => route.abort());
  await page.goto(`${baseUrl()}/collect?id=${photo}`);
  await page.waitForFunction(() => {
    const img = document.querySelector<HTMLImageElement>('img[data-shell-preview]');
    return img !== null && img.complete && img.naturalWidth > 0;
  });
  expect(await page.locator('#root').innerHTML()).toBe('');
  await page.goto('about:blank');

  await page.unroute('**/*.js');
  await page.goto(`${baseUrl()}/collection`);
  const list = page.getByRole('list', { name: 'Minha Coleção' });
  await list.getByRole('button', { name: 'Item 1 de 1' }).waitFor();
  expect(await list.locator('img').first().getAttribute('src')).toContain(photo.split('/').pop());
  expect(alerts).toEqual([]);
  await close();
});
