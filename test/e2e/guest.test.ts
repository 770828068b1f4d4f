/**
 * A guest's evening, in a real Chromium against the whole stack with the demo seed: collect a
 * photo, find it in the collection, print it with a pack while the booth simulator plays the
 * printer, and browse the event's booths.
 */
import type { Browser, Page } from 'playwright-core';
import { expectAccessible } from './support/accessibility';
import { baseUrl, launchBrowser } from './support/browser';
import { printerOnce } from './support/boothSimulator';
import { seededMedia } from './support/demoSeed';
import { eventually } from './support/eventually';
import { newGuest } from './support/guest';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(() => browser.close());

/** The copies the packs screen shows for a pack (after opening `path`, the pack link itself by default the list). */
async function copiesOf(page: Page, hash: string, path = '/packs'): Promise<string> {
  await page.goto(`${baseUrl()}${path}`);
  const item = page.getByRole('list', { name: 'Seus pacotes' }).getByRole('listitem').filter({ hasText: hash });
  await item.waitFor();
  await expectAccessible(page);
  return (await item.locator('.pack__copies').textContent()) ?? '';
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
  const before = await copiesOf(page, 'PACKDEMO5', '/packs?pack=PACKDEMO5');
  const copiesBefore = Number(before.split(' ')[0]);
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
  await printModal.getByRole('button', { name: /PACKDEMO5/ }).click();
  const overlay = page.getByRole('dialog', { name: 'Impressão enviada' });
  await overlay.waitFor();
  await expectAccessible(page, 'collection, print sent');
  await Promise.all([page.waitForEvent('load'), overlay.getByRole('button', { name: 'Fechar' }).click()]);

  expect(await copiesOf(page, 'PACKDEMO5')).toBe(copiesBefore - 1 === 1 ? '1 cópia' : `${copiesBefore - 1} cópias`);
  const printed = await printerOnce();
  expect(printed).toContain(`imprimiu ${photo}`);
  expect(alerts).toEqual([]);
  expect(errors).toEqual([]);
  await close();
});

it('a pack with no copies shows the alert and prints nothing', async () => {
  const { page, alerts, close } = await newGuest(browser);
  const [, photo] = seededMedia('festa_ana', 'pad');
  expect(await copiesOf(page, 'PACKVAZIO', '/packs?pack=PACKVAZIO')).toBe('0 cópias');

  await page.goto(`${baseUrl()}/collect?id=${photo}`);
  await page.getByRole('button', { name: 'Imprimir' }).click();
  await page
    .getByRole('dialog', { name: 'Imprimir' })
    .getByRole('button', { name: /PACKVAZIO/ })
    .click();
  await eventually(() => expect(alerts).toEqual(['Este pacote não possui cópias suficientes']));
  expect(await page.getByRole('dialog', { name: 'Impressão enviada' }).count()).toBe(0);
  expect(await copiesOf(page, 'PACKVAZIO')).toBe('0 cópias');
  await close();
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

  const firstTile = (gallery: string) => page.getByRole('list', { name: gallery }).getByRole('button').first().locator('img');
  await page.getByRole('heading', { level: 2, name: 'Pad' }).waitFor();
  await eventually(async () =>
    expect(await firstTile('Galeria Pad').getAttribute('src')).toContain(`/thumbs${pads[pads.length - 1].slice('/media'.length)}.webp`),
  );
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Próxima cabine' }).click();
  await page.getByRole('heading', { level: 2, name: 'Hashtrack' }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/eventos/evento/hashtrack');
  await eventually(async () =>
    expect(await firstTile('Galeria Hashtrack').getAttribute('src')).toContain(`/thumbs${hashtracks[hashtracks.length - 1].slice('/media'.length)}.webp`),
  );
  await expectAccessible(page);
  expect(errors).toEqual([]);
  await close();
});
