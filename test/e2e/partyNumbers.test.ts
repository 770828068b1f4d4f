/**
 * 'A festa em números' in Chromium against the whole stack (docs/product.md#the-party-in-numbers): a party's actions
 * (a photo a booth uploads through the simulator, a guest's collect, 'Baixar todas', a print from a pack) appear in
 * its owner's figures on the dashboard, never reloaded. The journey makes its own event, so the demo's `festa_ana`
 * stays as it was. With SCREENSHOTS_DIR set, the section is photographed there on a phone and a computer.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import type { SeedFile } from '../../server/src/modules/seed/seedFormat';
import { expectAccessible } from './support/accessibility';
import { boothOnce } from './support/boothSimulator';
import { downloadBytes } from './support/downloadBytes';
import { baseUrl, launchBrowser, phoneContext } from './support/browser';
import { logIn, newGuest } from './support/guest';
import { seedIn } from './support/seedBeside';

let browser: Browser;
let seedDir: string;
/** The party the first test makes and the second reads: its owner, its name, its photo, the dashboard kept open. */
const tag = crypto.randomBytes(4).toString('hex');
const owner = { uid: `dono-${tag}`, email: `dono-${tag}@example.com`, password: 'segredo-123' };
const event = `numeros_${tag}`;
let photo = '';
let computer: BrowserContext | null = null;
let section: Locator;

beforeAll(async () => {
  browser = await launchBrowser();
  seedDir = fs.mkdtempSync(path.join(os.tmpdir(), 'numeros-seed-'));
});

afterAll(async () => {
  await computer?.close();
  await browser.close();
  fs.rmSync(seedDir, { recursive: true, force: true });
});

const seed = (name: string, content: SeedFile) => seedIn(seedDir, content, name);

/** A figure of the section as the owner reads it ('1.234'). */
const figure = (section: Locator, label: string) =>
  section
    .locator('.event-numbers__figure')
    .filter({ has: section.page().getByText(label, { exact: true }) })
    .locator('dd');

/** Waits, without a reload, until the dashboard's section says `value` for `label` (it asks again every 5 s). */
const shows = (section: Locator, label: string, value: string) =>
  figure(section, label)
    .filter({ hasText: new RegExp(`^${value}$`) })
    .waitFor({ timeout: 20_000 });

/** The section alone, with a margin, as the page lays it out (the whole page, so the fixed header stays at its top). */
async function photograph(region: Locator, file: string): Promise<void> {
  // Its thumbnails load as they come into view; the page then back at its top, where the sticky header belongs.
  await region.scrollIntoViewIfNeeded();
  await region
    .locator('img')
    .evaluateAll((images) =>
      Promise.all(images.map((image) => (image as HTMLImageElement).decode().catch(() => undefined))),
    );
  await region.page().evaluate(() => window.scrollTo(0, 0));
  const box = await region.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    return { x: rect.left + window.scrollX, y: rect.top + window.scrollY, width: rect.width, height: rect.height };
  });
  const margin = 12;
  const x = Math.max(0, box.x - margin);
  const y = Math.max(0, box.y - margin);
  await region.page().screenshot({
    path: file,
    fullPage: true,
    clip: { x, y, width: box.width + (box.x - x) + margin, height: box.height + (box.y - y) + margin },
  });
}

async function openDashboard(page: Page, email: string, password: string): Promise<void> {
  await logIn(page, email, password);
  await page.waitForURL(`${baseUrl()}/account`);
  await page.goto(`${baseUrl()}/account?secao=evento`);
}

it(`a party's upload, collect, 'Baixar todas' and print appear in its owner's numbers while the dashboard is \
open`, async () => {
  const camera = { id: `cabine-${tag}`, key: `chave-cabine-${tag}` };
  const printer = { id: `impressora-${tag}`, key: `chave-impressora-${tag}` };
  const pack = `PACKNUMEROS${tag.toUpperCase()}`;
  await seed('owner', {
    accounts: [{ uid: owner.uid, email: owner.email, password: owner.password, displayName: 'Dono da Festa' }],
    orders: [
      {
        orderId: `${100_000_000 + crypto.randomInt(800_000_000)}`,
        coupon: 'BEMVINDO10',
        uid: owner.uid,
        clientName: 'Dono da Festa',
        email: owner.email,
        cpf: '52998224725',
        eventName: 'Festa do Dono',
        eventDate: '2027-05-20',
        eventTime: '19:30',
        paymentMethod: 'card',
        status: 'approved',
        products: [{ id: 'totem-fotos' }],
      },
    ],
  });

  // The owner creates the event and keeps the dashboard open on a computer: nothing has happened yet.
  computer = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'pt-BR' });
  const dashboard = await computer.newPage();
  await openDashboard(dashboard, owner.email, owner.password);
  await dashboard.getByLabel('Nome do evento').fill(event);
  await dashboard.getByText('OK', { exact: true }).waitFor();
  await dashboard.getByRole('button', { name: 'Criar meu Evento' }).click();
  await dashboard.getByText('Evento criado.').waitFor();
  section = dashboard.getByRole('region', { name: 'A festa em números' });
  await shows(section, 'Fotos tiradas', '0');
  await section.getByText('Ainda não há fotos nesta festa.').waitFor();

  await seed('booth', {
    devices: [
      { id: camera.id, kind: 'booth', event, mode: 'pad', key: camera.key },
      { id: printer.id, kind: 'printer', event, key: printer.key },
    ],
    packs: [{ hash: pack, event, copies: 3 }],
  });

  // The booth takes a photo (the simulator uploads it): one photo taken, under its booth.
  const uploaded = await boothOnce(['--only', 'camera', '--device', camera.id, '--key', camera.key]);
  photo = /collect\?id=(\S+)/.exec(uploaded)?.[1] ?? '';
  expect(photo).toMatch(new RegExp(`^/media/${event}/pad/`));
  await shows(section, 'Fotos tiradas', '1');
  await section.getByRole('table', { name: 'Fotos por cabine' }).getByRole('row', { name: 'Pad 1' }).waitFor();
  await section.getByRole('img', { name: 'Fotos tiradas por hora' }).waitFor();

  // A guest collects it (twice: it counts once), downloads the booth's gallery and prints it with a pack.
  const guest = await newGuest(browser);
  await guest.page.goto(`${baseUrl()}/packs?pack=${pack}`);
  await guest.page.getByRole('list', { name: 'Seus packs' }).getByRole('listitem').filter({ hasText: pack }).waitFor();
  for (let visit = 0; visit < 2; visit += 1) {
    await guest.page.goto(`${baseUrl()}/collect?id=${photo}`);
    await guest.page.getByRole('button', { name: 'Imprimir' }).waitFor();
  }
  await shows(section, 'Coletadas', '1');
  const top = section.getByRole('img', { name: '1ª foto mais coletada' });
  await top.waitFor();
  expect(await section.getByText('1 coleta', { exact: true }).count()).toBe(1);

  const zip = await guest.page.context().request.get(`${baseUrl()}/api/baixar/${event}/pad`);
  expect(zip.status()).toBe(200);
  expect(zip.headers()['content-type']).toBe('application/zip');
  await shows(section, "Downloads ('Baixar todas')", '1');

  await guest.page.getByRole('button', { name: 'Imprimir' }).click();
  await guest.page
    .getByRole('dialog', { name: 'Imprimir' })
    .getByRole('button', { name: new RegExp(pack) })
    .click();
  // Sent: queued, printing or printed, as the printer takes it.
  await guest.page.getByRole('dialog', { name: /Impress|Imprimindo|impressa/ }).waitFor();
  expect(await boothOnce(['--only', 'printer', '--device', printer.id, '--key', printer.key])).toContain(
    `imprimiu ${photo}`,
  );
  await shows(section, 'Cópias impressas', '1');
  await shows(section, 'Cópias restantes nos packs', '2');
  // What nobody did stays at nothing.
  for (const label of ['Compartilhadas', 'Buscas por rosto', 'Aberturas do telão']) await shows(section, label, '0');
  expect(guest.alerts).toEqual([]);
  expect(guest.errors).toEqual([]);
  await guest.close();
});

it("downloads the party's numbers as a CSV, and shows them on a phone as on a computer", async () => {
  // The CSV, as the owner downloads it.
  const dashboard = section.page();
  const [download] = await Promise.all([
    dashboard.waitForEvent('download'),
    section.getByRole('button', { name: 'Baixar CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${event}-numeros.csv`);
  const csv = await downloadBytes(download);
  expect(csv.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  const lines = csv.subarray(3).toString('utf8').split('\r\n');
  expect(lines).toEqual(expect.arrayContaining(['Fotos tiradas;1', 'Fotos coletadas;1', 'Cópias impressas;1']));
  expect(lines).toContain(`${photo};1`);

  await expectAccessible(dashboard, "account, 'A festa em números'");

  const shots = process.env.SCREENSHOTS_DIR;
  if (shots) {
    fs.mkdirSync(shots, { recursive: true });
    await photograph(section, path.join(shots, 'numeros-computer.png'));
    const phone = await phoneContext(browser);
    const ownerPhone = await phone.newPage();
    await openDashboard(ownerPhone, owner.email, owner.password);
    const onPhone = ownerPhone.getByRole('region', { name: 'A festa em números' });
    await shows(onPhone, 'Cópias impressas', '1');
    await photograph(onPhone, path.join(shots, 'numeros-phone.png'));
    await phone.close();
  }
});
