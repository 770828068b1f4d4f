import type { Browser } from 'playwright-core';
import { expectAccessible } from './support/accessibility';
import { baseUrl, launchBrowser, phoneContext } from './support/browser';
import { seededMedia } from './support/demoSeed';

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

  await page.goto(`${baseUrl()}/collect?id=${seededMedia('festa_ana', 'pad')[0]}`);
  const photo = page.getByRole('img', { name: 'Foto do evento festa_ana' });
  await photo.waitFor();
  // The image really arrived and decoded, not just an <img> with a broken source.
  await page.waitForFunction(() => {
    const img = document.querySelector<HTMLImageElement>('img.collect__media');
    return img !== null && img.complete && img.naturalWidth > 0;
  });
  const size = await photo.evaluate((img: HTMLImageElement) => ({ width: img.naturalWidth, height: img.naturalHeight }));
  expect(size.width).toBeGreaterThan(100);
  await expectAccessible(page);
  expect(errors).toEqual([]);
  await context.close();
});
