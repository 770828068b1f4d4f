/**
 * A signed-in guest loses the venue's Wi-Fi (Chromium offline) with the pages already open:
 * a collect and a print made meanwhile wait, shown as pending; when the connection returns they
 * are sent once (the pack loses exactly one copy, the account gets the photo), and the print's
 * status reaches 'Impresso' when the booth simulator's printer prints it. No service worker is
 * needed: nothing here loads a page while offline.
 */
import crypto from 'node:crypto';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { parsePackReply } from '../../contract/packReply';
import { expectAccessible } from './support/accessibility';
import { baseUrl, launchBrowser } from './support/browser';
import { printerOnce } from './support/boothSimulator';
import { seededMedia } from './support/demoSeed';
import { eventually } from './support/eventually';
import { logIn, newGuest } from './support/guest';

const PACK = 'PACKDEMO5';
const PENDING = 'Pendente: será enviado quando a conexão voltar';
const PENDING_PRINT = 'Impressão pendente: será enviada quando a conexão voltar';
const WAITING_FOR_PRINTER = /^(Na fila|A impressora está sem conexão: sua foto sai assim que ela voltar)$/;

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(() => browser.close());

/** The copies the server holds for a pack, asked outside the browser (which may be offline). */
async function serverCopies(hash: string): Promise<number> {
  const response = await fetch(`${baseUrl()}/api/validatePacks/${hash}`);
  const [pack] = parsePackReply(await response.json()).packs;
  return pack.copies;
}

/** A link followed inside the open app (no page load, which would need the network). */
async function followInApp(page: Page, url: string): Promise<void> {
  await page.evaluate((target) => {
    window.history.pushState(null, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, url);
}

async function signUp(page: Page, email: string): Promise<void> {
  await page.goto(`${baseUrl()}/signup`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Nova senha').fill('segredo-123');
  await page.getByLabel('Repetir senha').fill('segredo-123');
  await page.getByLabel('Nome ou apelido').fill('Convidada Offline');
  await page.getByLabel('Celular com DDD').fill('11977776666');
  await page.getByRole('button', { name: 'Criar conta' }).click();
  await page.getByRole('heading', { name: 'Olá, Convidada Offline!' }).waitFor();
}

it(`a collect and a print made offline wait as pending, go out once when the connection returns, and the print reaches \
Impresso`, async () => {
  const email = `offline-${crypto.randomBytes(4).toString('hex')}@example.com`;
  const [online, offline] = seededMedia('festa_ana', 'polaroid');
  const guest = await newGuest(browser);
  const { page } = guest;
  await signUp(page, email);

  // Online: the pack link, then a collect link, whose print widget already knows the packs.
  await page.goto(`${baseUrl()}/packs?pack=${PACK}`);
  await page.getByRole('list', { name: 'Seus packs' }).getByText(PACK).waitFor();
  await page.goto(`${baseUrl()}/collect?id=${online}`);
  await page.getByText('Coletado!').waitFor();
  // The collection's code loads now: without a service worker, no new code loads offline.
  await page.getByRole('button', { name: 'Minha Coleção' }).click();
  await page.getByRole('list', { name: 'Minha Coleção' }).waitFor();
  await page.goBack();
  await page.getByRole('button', { name: 'Imprimir' }).click();
  await page
    .getByRole('dialog', { name: 'Imprimir' })
    .getByRole('button', { name: new RegExp(PACK) })
    .waitFor();
  await page.keyboard.press('Escape');
  const copiesBefore = await serverCopies(PACK);
  expect(copiesBefore).toBeGreaterThan(0);

  // The Wi-Fi drops. The guest follows another collect link and prints that photo.
  await page.context().setOffline(true);
  await followInApp(page, `/collect?id=${encodeURIComponent(offline)}`);
  await page.getByText(PENDING).waitFor();
  await page.getByRole('button', { name: 'Imprimir' }).click();
  await page
    .getByRole('dialog', { name: 'Imprimir' })
    .getByRole('button', { name: new RegExp(PACK) })
    .click();
  await page.getByText(PENDING_PRINT).waitFor();
  // Another tap asks first (the print waits for the connection); the guest cancels.
  await page.getByRole('button', { name: 'Imprimir' }).click();
  const again = page.getByRole('dialog', { name: 'Imprimir outra cópia?' });
  await again.getByText('Esta foto já espera a conexão para ser impressa.', { exact: false }).waitFor();
  await again.getByRole('button', { name: 'Cancelar' }).click();
  await expectAccessible(page, 'collect, offline with a pending collect and print');

  // The collection lists both as pending; nothing reached the server.
  await page.getByRole('button', { name: 'Minha Coleção' }).click();
  const waiting = page.getByRole('region', { name: 'Aguardando conexão' });
  await waiting.waitFor();
  expect(await waiting.getByRole('listitem').allTextContents()).toEqual([
    expect.stringContaining(`Coleta de ${path.basename(offline)}`),
    expect.stringContaining(`Impressão de ${path.basename(offline)}`),
  ]);
  expect(await serverCopies(PACK)).toBe(copiesBefore);

  // The connection returns: both go out, once.
  await page.context().setOffline(false);
  await waiting.waitFor({ state: 'detached', timeout: 30_000 });
  await page.getByRole('list', { name: 'Minha Coleção' }).getByRole('button', { name: 'Item 1 de 2' }).waitFor();
  await eventually(async () => expect(await serverCopies(PACK)).toBe(copiesBefore - 1));

  // Back on the printed photo: its status, live, until the booth's printer prints it.
  // Queued: 'Na fila' while the demo's printer was heard from in the last minute, else the status
  // says it has no connection (another suite ran it long ago, or never); both are the waiting status.
  await page.goBack();
  await page.getByText(WAITING_FOR_PRINTER).waitFor();
  await page
    .getByText(
      copiesBefore - 1 === 1 ? /Resta 1 cópia no pack/ : new RegExp(`Restam ${copiesBefore - 1} cópias no pack`),
    )
    .waitFor();
  const printed = await printerOnce();
  expect(printed).toContain(`imprimiu ${offline}`);
  await page.getByText('Impresso', { exact: true }).waitFor({ timeout: 20_000 });
  expect(await page.getByRole('button', { name: 'Imprimir' }).isEnabled()).toBe(true);
  expect(await serverCopies(PACK)).toBe(copiesBefore - 1);
  expect(guest.alerts).toEqual([]);
  await guest.close();

  // The account has the photo collected offline: another phone sees it.
  const other = await newGuest(browser);
  await logIn(other.page, email, 'segredo-123');
  await other.page.getByRole('heading', { name: 'Olá, Convidada Offline!' }).waitFor();
  await other.page.goto(`${baseUrl()}/collection`);
  const grid = other.page.getByRole('list', { name: 'Minha Coleção' });
  await grid.getByRole('button', { name: 'Item 1 de 2' }).waitFor();
  const sources = await grid
    .locator('img')
    .evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).getAttribute('src') ?? ''));
  expect(sources.some((src) => src.endsWith(path.basename(offline) + '.webp'))).toBe(true);
  await other.close();
});
