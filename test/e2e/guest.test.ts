/**
 * A guest's evening, in a real Chromium against the whole stack with the demo seed: collect a
 * photo, find it in the collection, print it with a pack while the booth simulator plays the
 * printer, and browse the event's booths.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { expectAccessible } from './support/accessibility';
import { baseUrl, launchBrowser } from './support/browser';
import { boothOnce, printerOnce } from './support/boothSimulator';
import { seededMedia } from './support/demoSeed';
import { eventually } from './support/eventually';
import { newGuest } from './support/guest';
import { sidewaysOverflow } from './support/screenGeometry';

/**
 * The demo's printer says it is ready: a printer not heard from for a minute is offline, and the
 * overlay then truly says the print waits in the queue ('Impressão na fila'); the stack is shared by
 * every journey file, so when it last spoke depends on what ran before.
 */
const printerReady = () => boothOnce(['--only', 'printer', '--printer-state', 'ready']);

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(() => browser.close());

/**
 * The copies left the packs screen shows for a pack (after opening `path`, the pack link itself by default the list).
 */
async function copiesOf(page: Page, hash: string, path = '/packs'): Promise<number> {
  await page.goto(`${baseUrl()}${path}`);
  const item = page.getByRole('list', { name: 'Seus packs' }).getByRole('listitem').filter({ hasText: hash });
  await item.waitFor();
  await expectAccessible(page);
  return copiesIn(page, hash);
}

/** What a pack's card says it has left, as a number ('Restam 4 cópias', 'Nenhuma cópia restante'). */
async function copiesIn(page: Page, hash: string): Promise<number> {
  const text =
    (await page
      .getByRole('list', { name: 'Seus packs' })
      .locator('.pack')
      .filter({ hasText: hash })
      .locator('.pack__copies')
      .textContent()) ?? '';
  return Number(/\d+/.exec(text)?.[0] ?? (text.startsWith('Nenhuma') ? 0 : NaN));
}

/** Where the closing note's screenshots go (SCREENSHOTS_DIR), if anywhere. */
function screenshotPath(name: string): string | null {
  const dir = process.env.SCREENSHOTS_DIR;
  if (!dir) return null;
  fs.mkdirSync(dir, { recursive: true });
  return path.join(dir, name);
}

/** Every photo of the list drawn (decoded, not a broken image). */
async function photosDrawn(page: Page, list: string): Promise<number> {
  return page
    .getByRole('list', { name: list })
    .locator('img')
    .evaluateAll(
      (imgs) =>
        imgs.filter((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0).length,
    );
}

it('collects from a link, finds it in the collection, prints it with a pack, and the printer prints it', async () => {
  const { page, alerts, errors, close } = await newGuest(browser);
  const [photo] = seededMedia('festa_ana', 'pad');

  await page.goto(`${baseUrl()}/collect?id=${photo}`);
  await page.getByText('Coletado!').waitFor();
  await page.getByRole('img', { name: 'Foto do evento festa_ana' }).waitFor();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Minha Coleção' }).click();
  await page.getByRole('list', { name: 'Minha Coleção' }).getByRole('button', { name: 'Item 1 de 1' }).waitFor();
  await expectAccessible(page);

  // The pack link: it joins the guest's packs.
  const copiesBefore = await copiesOf(page, 'PACKDEMO5', '/packs?pack=PACKDEMO5');
  expect(copiesBefore).toBeGreaterThan(0);

  await page.goto(`${baseUrl()}/collection`);
  await page.getByRole('button', { name: 'Item 1 de 1' }).click();
  const viewer = page.getByRole('dialog', { name: 'Foto' });
  await viewer.getByRole('button', { name: 'Imprimir' }).waitFor();
  await expectAccessible(page, 'collection, the viewer');
  await viewer.getByRole('button', { name: 'Imprimir' }).click();
  const printModal = page.getByRole('dialog', { name: 'Imprimir' });
  await printModal.getByText('Selecione o pack de impressões').waitFor();
  await printModal.getByRole('button', { name: /PACKDEMO5/ }).waitFor();
  await expectAccessible(page, 'collection, the print modal');
  await printerReady();
  await printModal.getByRole('button', { name: /PACKDEMO5/ }).click();
  const overlay = page.getByRole('dialog', { name: 'Impressão enviada' });
  await overlay.waitFor();
  await expectAccessible(page, 'collection, print sent');
  await Promise.all([page.waitForEvent('load'), overlay.getByRole('button', { name: 'Fechar' }).click()]);

  expect(await copiesOf(page, 'PACKDEMO5')).toBe(copiesBefore - 1);
  const printed = await printerOnce();
  expect(printed).toContain(`imprimiu ${photo}`);
  expect(alerts).toEqual([]);
  expect(errors).toEqual([]);
  await close();
});

it('a pack with no copies shows the alert and prints nothing', async () => {
  const { page, alerts, close } = await newGuest(browser);
  const [, photo] = seededMedia('festa_ana', 'pad');
  expect(await copiesOf(page, 'PACKVAZIO', '/packs?pack=PACKVAZIO')).toBe(0);

  await page.goto(`${baseUrl()}/collect?id=${photo}`);
  await page.getByRole('button', { name: 'Imprimir' }).click();
  await page
    .getByRole('dialog', { name: 'Imprimir' })
    .getByRole('button', { name: /PACKVAZIO/ })
    .click();
  await eventually(() => expect(alerts).toEqual(['Este pacote não possui cópias suficientes']));
  expect(await page.getByRole('dialog', { name: 'Impressão enviada' }).count()).toBe(0);
  expect(await copiesOf(page, 'PACKVAZIO')).toBe(0);
  await close();
});

it(`the pack's link shows the guest's photos of its event, each with 'Imprimir', and printing from there spends a \
copy`, async () => {
  const guest = await newGuest(browser);
  const { page, alerts, errors } = guest;
  const pads = seededMedia('festa_ana', 'pad');
  const [older, newer] = [pads[2], pads[3]];
  // Two photos of the party, one of its 360 videos and a photo of another event in the collection.
  for (const photo of [
    older,
    seededMedia('casamento_bia_e_leo', 'pad')[0],
    seededMedia('festa_ana', '360')[0],
    newer,
  ]) {
    await page.goto(`${baseUrl()}/collect?id=${photo}`);
    await page.getByText('Coletado!').waitFor();
  }

  await page.goto(`${baseUrl()}/packs?pack=PACKDEMO5`);
  const photos = page.getByRole('list', { name: 'Suas fotos de Festa da Ana' });
  await photos.waitFor();
  const items = photos.getByRole('listitem');
  expect(await items.count()).toBe(2);
  await eventually(async () => expect(await photosDrawn(page, 'Suas fotos de Festa da Ana')).toBe(2));
  expect(await items.first().locator('img').getAttribute('src')).toContain(
    `/thumbs${newer.slice('/media'.length)}.webp`,
  );
  const copiesBefore = await copiesIn(page, 'PACKDEMO5');
  expect(copiesBefore).toBeGreaterThan(0);
  expect(await sidewaysOverflow(page)).toMatchObject({ outside: [] });
  await expectAccessible(page, 'packs, the photos of the pack');
  const phoneShot = screenshotPath('pack-phone.png');
  if (phoneShot) await page.screenshot({ path: phoneShot, fullPage: true });

  // A computer, with the same guest's cookies: the same page, photos in a wider grid.
  const computer = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'pt-BR' });
  await computer.addCookies(await page.context().cookies());
  const desk = await computer.newPage();
  await desk.goto(`${baseUrl()}/packs?pack=PACKDEMO5`);
  await desk.getByRole('list', { name: 'Suas fotos de Festa da Ana' }).waitFor();
  await eventually(async () => expect(await photosDrawn(desk, 'Suas fotos de Festa da Ana')).toBe(2));
  expect(await sidewaysOverflow(desk)).toMatchObject({ outside: [] });
  const computerShot = screenshotPath('pack-computer.png');
  if (computerShot) await desk.screenshot({ path: computerShot, fullPage: true });
  await computer.close();

  // 'Imprimir' under the newest photo prints it with this pack: no chooser, one copy spent.
  await printerReady();
  await items.first().getByRole('button', { name: 'Imprimir' }).click();
  const overlay = page.getByRole('dialog', { name: 'Impressão enviada' });
  await overlay.waitFor();
  await eventually(async () => expect(await copiesIn(page, 'PACKDEMO5')).toBe(copiesBefore - 1));
  await Promise.all([page.waitForEvent('load'), overlay.getByRole('button', { name: 'Fechar' }).click()]);
  await photos.waitFor();
  expect(await copiesIn(page, 'PACKDEMO5')).toBe(copiesBefore - 1);
  // Under the photo, its print: on its way to the printer, and the copies left.
  await items
    .first()
    .getByRole('status')
    .filter({ hasText: `${copiesBefore - 1 === 1 ? 'Resta 1 cópia' : `Restam ${copiesBefore - 1} cópias`}` })
    .waitFor();
  expect(alerts).toEqual([]);
  expect(errors).toEqual([]);
  await guest.close();
});

it("the event's carousel switches booth and shows that booth's gallery, newest first", async () => {
  const { page, errors, close } = await newGuest(browser);
  const pads = seededMedia('festa_ana', 'pad');
  const hashtracks = seededMedia('festa_ana', 'hashtrack');
  // A guest who collected at the party has it among their events.
  await page.goto(`${baseUrl()}/collect?id=${pads[0]}`);
  await page.getByText('Coletado!').waitFor();
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Eventos' }).click();
  await page
    .getByRole('list', { name: 'Seus eventos' })
    .getByRole('button', { name: /Festa da Ana/ })
    .waitFor();
  await expectAccessible(page);
  await page
    .getByRole('list', { name: 'Seus eventos' })
    .getByRole('button', { name: /Festa da Ana/ })
    .click();

  const firstTile = (gallery: string) =>
    page.getByRole('list', { name: gallery }).getByRole('button').first().locator('img');
  await page.getByRole('heading', { level: 2, name: 'Pad' }).waitFor();
  await eventually(async () =>
    expect(await firstTile('Galeria Pad').getAttribute('src')).toContain(
      `/thumbs${pads[pads.length - 1].slice('/media'.length)}.webp`,
    ),
  );
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Próxima cabine' }).click();
  await page.getByRole('heading', { level: 2, name: 'Hashtrack' }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/eventos/evento/hashtrack');
  await eventually(async () =>
    expect(await firstTile('Galeria Hashtrack').getAttribute('src')).toContain(
      `/thumbs${hashtracks[hashtracks.length - 1].slice('/media'.length)}.webp`,
    ),
  );
  await expectAccessible(page);
  expect(errors).toEqual([]);
  await close();
});
