/**
 * A printer guests can trust (issue 27), in Chromium against the whole stack with the demo seed:
 * a guest's print waits while the printer is out of paper, and the guest reads why; the printer
 * jams on it (`npm run booth -- --printer-jam`), the job fails, exactly one copy goes back to the
 * guest's pack, and the guest reads that it did; the jammed printer holds the next print until it
 * is turned on again, and prints it then.
 */
import type { Browser, Page } from 'playwright-core';
import { expectAccessible } from './support/accessibility';
import { boothOnce } from './support/boothSimulator';
import { baseUrl, launchBrowser } from './support/browser';
import { seededMedia } from './support/demoSeed';
import { newGuest } from './support/guest';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  // The demo's printer ready again for whatever runs next.
  await boothOnce(['--only', 'printer', '--printer-state', 'ready']);
  await browser.close();
});

const PACK = 'PACKDEMO2';

async function copiesOnPacks(page: Page): Promise<string> {
  await page.goto(`${baseUrl()}/packs`);
  const item = page.getByRole('list', { name: 'Seus pacotes' }).getByRole('listitem').filter({ hasText: PACK });
  await item.waitFor();
  return (await item.locator('.pack__copies').textContent()) ?? '';
}

it("a print waits through an empty paper tray, and a jammed printer's failed job gives exactly one copy back", async () => {
  const { page, alerts, errors, close } = await newGuest(browser);
  const [, , photo] = seededMedia('festa_ana', 'pad');
  await page.goto(`${baseUrl()}/packs?pack=${PACK}`);
  await page.getByRole('list', { name: 'Seus pacotes' }).getByRole('listitem').filter({ hasText: PACK }).waitFor();
  const before = Number((await copiesOnPacks(page)).split(' ')[0]);
  expect(before).toBeGreaterThan(0);

  expect(await boothOnce(['--only', 'printer', '--printer-state', 'out_of_paper'])).toContain('estado da impressora: out_of_paper');

  await page.goto(`${baseUrl()}/collect?id=${photo}`);
  await page.getByText('Coletado!').waitFor();
  await page.getByRole('button', { name: 'Imprimir' }).click();
  const modal = page.getByRole('dialog', { name: 'Imprimir' });
  await modal.getByRole('button', { name: new RegExp(PACK) }).click();
  const overlay = page.getByRole('dialog', { name: 'Impressão enviada' });
  await overlay.waitFor();
  await Promise.all([page.waitForEvent('load'), overlay.getByRole('button', { name: 'Fechar' }).click()]);

  // The printer is out of paper: the print waits, and the guest reads why.
  await page.getByText('A impressora está sem papel: sua foto sai assim que ela voltar').waitFor({ timeout: 15_000 });
  await expectAccessible(page, 'collect, a print waiting for paper');

  // Paper back in, the printer jams on the job: it fails, and its copy is back on the pack.
  const jammed = await boothOnce(['--only', 'printer', '--printer-state', 'ready', '--printer-jam']);
  expect(jammed).toContain(`travou ao imprimir ${photo}`);
  await page.getByText('Falhou: sua cópia voltou para o pacote').waitFor({ timeout: 15_000 });
  await page.getByText(before === 1 ? 'Resta 1 cópia no pacote.' : `Restam ${before} cópias no pacote.`, { exact: false }).waitFor();
  expect(await copiesOnPacks(page)).toBe(before === 1 ? '1 cópia' : `${before} cópias`);

  // The jammed printer holds the guest's next print, and the guest reads why.
  await page.goto(`${baseUrl()}/collect?id=${photo}`);
  await page.getByRole('button', { name: 'Imprimir' }).click();
  await page
    .getByRole('dialog', { name: 'Imprimir' })
    .getByRole('button', { name: new RegExp(PACK) })
    .click();
  const again = page.getByRole('dialog', { name: 'Impressão enviada' });
  await again.waitFor();
  await Promise.all([page.waitForEvent('load'), again.getByRole('button', { name: 'Fechar' }).click()]);
  await page.getByText('A impressora está com papel atolado: sua foto sai assim que ela voltar').waitFor({ timeout: 15_000 });

  // Cleared and turned on again (ready), the printer prints that print once; the failed job never.
  const restarted = await boothOnce(['--only', 'printer']);
  expect(restarted).toContain('estado da impressora: ready');
  expect(restarted.split(`imprimiu ${photo}`)).toHaveLength(2);
  await page.getByText('Impresso', { exact: true }).waitFor({ timeout: 15_000 });
  expect(await copiesOnPacks(page)).toBe(before - 1 === 1 ? '1 cópia' : `${before - 1} cópias`);
  expect(alerts).toEqual([]);
  expect(errors).toEqual([]);
  await close();
});
