/**
 * A printer guests can trust, in Chromium against the whole stack with the demo seed:
 * a guest's print waits while the printer is out of paper, and the guest reads why; the printer
 * jams on it (`npm run booth -- --printer-jam`), the job fails, exactly one copy goes back to the
 * guest's pack, and the guest reads that it did; the jammed printer holds the next print until it
 * is turned on again, and prints it then. A printer that stops is an alert on its owner's
 * dashboard, named as the event names it, with the prints waiting, until it is ready.
 * With SCREENSHOTS_DIR set, the alert is photographed there on a phone and a computer.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import type { SeedFile } from '../../server/src/modules/seed/seedFormat';
import { expectAccessible } from './support/accessibility';
import { boothOnce } from './support/boothSimulator';
import { seedIn } from './support/seedBeside';
import { baseUrl, launchBrowser, phoneContext } from './support/browser';
import { seededMedia } from './support/demoSeed';
import { logIn, newGuest } from './support/guest';

let browser: Browser;
let seedDir: string;

beforeAll(async () => {
  browser = await launchBrowser();
  seedDir = fs.mkdtempSync(path.join(os.tmpdir(), 'printer-seed-'));
});

afterAll(async () => {
  // The demo's printer ready again for whatever runs next.
  await boothOnce(['--only', 'printer', '--printer-state', 'ready']);
  await browser.close();
  fs.rmSync(seedDir, { recursive: true, force: true });
});

/** A seed beside the running stack, its file named for what it adds, beside its media. */
const seed = (name: string, content: SeedFile) => seedIn(seedDir, content, name);

const PACK = 'PACKDEMO2';

/** The copies left the packs screen shows ('Restam 2 cópias', 'Nenhuma cópia restante'). */
async function copiesOnPacks(page: Page): Promise<number> {
  await page.goto(`${baseUrl()}/packs`);
  const item = page.getByRole('list', { name: 'Seus packs' }).getByRole('listitem').filter({ hasText: PACK });
  await item.waitFor();
  return Number(/\d+/.exec((await item.locator('.pack__copies').textContent()) ?? '')?.[0] ?? 0);
}

it(`a print waits through an empty paper tray, and a jammed printer's failed job gives exactly one copy \
back`, async () => {
  const { page, alerts, errors, close } = await newGuest(browser);
  const [, , photo] = seededMedia('festa_ana', 'pad');
  await page.goto(`${baseUrl()}/packs?pack=${PACK}`);
  await page.getByRole('list', { name: 'Seus packs' }).getByRole('listitem').filter({ hasText: PACK }).waitFor();
  const before = await copiesOnPacks(page);
  expect(before).toBeGreaterThan(0);

  expect(await boothOnce(['--only', 'printer', '--printer-state', 'out_of_paper'])).toContain(
    'estado da impressora: out_of_paper',
  );

  await page.goto(`${baseUrl()}/collect?id=${photo}`);
  await page.getByText('Coletado!').waitFor();
  await page.getByRole('button', { name: 'Imprimir' }).click();
  const modal = page.getByRole('dialog', { name: 'Imprimir' });
  await modal.getByRole('button', { name: new RegExp(PACK) }).click();
  // The overlay says the printer is out of paper too, not 'é só retirar lá'.
  const overlay = page.getByRole('dialog', { name: 'Impressão na fila' });
  await overlay
    .getByText('A impressora está sem papel: sua foto sai assim que ela voltar.', { exact: false })
    .waitFor();
  await Promise.all([page.waitForEvent('load'), overlay.getByRole('button', { name: 'Fechar' }).click()]);

  // The printer is out of paper: the print waits, and the guest reads why.
  await page.getByText('A impressora está sem papel: sua foto sai assim que ela voltar').waitFor({ timeout: 15_000 });
  await expectAccessible(page, 'collect, a print waiting for paper');

  // Paper back in, the printer jams on the job: it fails, and its copy is back on the pack.
  const jammed = await boothOnce(['--only', 'printer', '--printer-state', 'ready', '--printer-jam']);
  expect(jammed).toContain(`travou ao imprimir ${photo}`);
  await page.getByText('Falhou: sua cópia voltou para o pack').waitFor({ timeout: 15_000 });
  await page
    .getByText(before === 1 ? 'Resta 1 cópia no pack.' : `Restam ${before} cópias no pack.`, { exact: false })
    .waitFor();
  expect(await copiesOnPacks(page)).toBe(before);

  // The jammed printer holds the guest's next print, and the guest reads why.
  await page.goto(`${baseUrl()}/collect?id=${photo}`);
  await page.getByRole('button', { name: 'Imprimir' }).click();
  await page
    .getByRole('dialog', { name: 'Imprimir' })
    .getByRole('button', { name: new RegExp(PACK) })
    .click();
  const again = page.getByRole('dialog', { name: 'Impressão na fila' });
  await again.getByText('A impressora está com papel atolado', { exact: false }).waitFor();
  await Promise.all([page.waitForEvent('load'), again.getByRole('button', { name: 'Fechar' }).click()]);
  await page
    .getByText('A impressora está com papel atolado: sua foto sai assim que ela voltar')
    .waitFor({ timeout: 15_000 });

  // Cleared and turned on again (ready), the printer prints that print once; the failed job never.
  const restarted = await boothOnce(['--only', 'printer']);
  expect(restarted).toContain('estado da impressora: ready');
  expect(restarted.split(`imprimiu ${photo}`)).toHaveLength(2);
  await page.getByText('Impresso', { exact: true }).waitFor({ timeout: 15_000 });
  expect(await copiesOnPacks(page)).toBe(before - 1);
  expect(alerts).toEqual([]);
  expect(errors).toEqual([]);
  await close();
});

it(`a printer out of paper: the guest's overlay says so, and its owner's dashboard shows the alert, named, with the \
prints waiting, until it is ready`, async () => {
  const tag = crypto.randomBytes(4).toString('hex');
  const owner = { uid: `dona-${tag}`, email: `dona-${tag}@example.com`, password: 'segredo-123' };
  const event = `impressao_${tag}`;
  const printer = { id: `impressora-${tag}`, key: `chave-impressora-${tag}` };
  const pack = `PACKALERTA${tag.toUpperCase()}`;
  await seed('owner', {
    accounts: [{ uid: owner.uid, email: owner.email, password: owner.password, displayName: 'Dona da Festa' }],
    orders: [
      {
        orderId: `${100_000_000 + crypto.randomInt(800_000_000)}`,
        coupon: 'BEMVINDO10',
        uid: owner.uid,
        clientName: 'Dona da Festa',
        email: owner.email,
        cpf: '52998224725',
        eventName: 'Festa da Dona',
        eventDate: '2027-05-20',
        eventTime: '19:30',
        paymentMethod: 'card',
        status: 'approved',
        products: [{ id: 'totem-fotos' }],
      },
    ],
  });

  // The owner creates the event and opens the dashboard on a computer: no printer has stopped.
  const computer = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'pt-BR' });
  const dashboard = await computer.newPage();
  await logIn(dashboard, owner.email, owner.password);
  await dashboard.waitForURL(`${baseUrl()}/account`);
  await dashboard.goto(`${baseUrl()}/account?secao=evento`);
  await dashboard.getByLabel('Nome do evento').fill(event);
  await dashboard.getByText('OK', { exact: true }).waitFor();
  await dashboard.getByRole('button', { name: 'Criar meu Evento' }).click();
  await dashboard.getByText('Evento criado.').waitFor();

  // The event's booth, its printer (ready) and a guest's pack.
  fs.writeFileSync(
    path.join(seedDir, 'foto.jpg'),
    await sharp({ create: { width: 600, height: 400, channels: 3, background: '#0e7490' } })
      .jpeg()
      .toBuffer(),
  );
  await seed('booth', {
    devices: [
      { id: `cabine-${tag}`, kind: 'booth', event, mode: 'pad', key: `chave-cabine-${tag}` },
      { id: printer.id, kind: 'printer', event, key: printer.key },
    ],
    media: [{ event, mode: 'pad', file: 'foto-01.jpg', source: 'foto.jpg', device: `cabine-${tag}` }],
    packs: [{ hash: pack, event, copies: 3 }],
  });
  const asPrinter = ['--only', 'printer', '--device', printer.id, '--key', printer.key];
  expect(await boothOnce([...asPrinter, '--printer-state', 'ready'])).toContain('estado da impressora: ready');
  const printing = dashboard.getByRole('region', { name: 'Impressão' });
  await printing.getByText('Impressora: Pronta').waitFor({ timeout: 15_000 });
  expect(await dashboard.getByRole('alert').count()).toBe(0);
  const colour = (element: Element) => getComputedStyle(element).color;
  const prontaColour = await printing.getByText('Pronta', { exact: true }).evaluate(colour);

  // The paper runs out: the owner's dashboard, never reloaded, shows the alert, the booth's printer by its name.
  expect(await boothOnce([...asPrinter, '--printer-state', 'out_of_paper'])).toContain(
    'estado da impressora: out_of_paper',
  );
  const alert = dashboard.getByRole('alert').filter({ hasText: 'parou' });
  await alert
    .filter({ hasText: 'Impressora parou: sem papel.Nenhuma impressão esperando.' })
    .waitFor({ timeout: 15_000 });

  // A guest prints, and the overlay tells the truth.
  const guest = await newGuest(browser);
  await guest.page.goto(`${baseUrl()}/packs?pack=${pack}`);
  await guest.page.getByRole('list', { name: 'Seus packs' }).getByRole('listitem').filter({ hasText: pack }).waitFor();
  await guest.page.goto(`${baseUrl()}/collect?id=/media/${event}/pad/foto-01.jpg`);
  await guest.page.getByText('Coletado!').waitFor();
  await guest.page.getByRole('button', { name: 'Imprimir' }).click();
  await guest.page
    .getByRole('dialog', { name: 'Imprimir' })
    .getByRole('button', { name: new RegExp(pack) })
    .click();
  const overlay = guest.page.getByRole('dialog', { name: 'Impressão na fila' });
  await overlay
    .getByText('Sua foto está guardada na fila. A impressora está sem papel: sua foto sai assim que ela voltar.')
    .waitFor();
  expect(await overlay.textContent()).not.toContain('é só retirar lá');
  await expectAccessible(guest.page, 'collect, the print overlay while the printer is out of paper');

  // The alert counts the print waiting, by itself.
  await alert.filter({ hasText: '1 impressão esperando' }).waitFor({ timeout: 15_000 });
  expect(await alert.textContent()).toBe(
    'Impressora parou: sem papel.1 impressão esperando. Coloque papel na impressora: a fila volta a andar sozinha.',
  );
  // In the alert's colours, not 'Pronta's: on a background of its own, and so is the stopped state in the list.
  expect(await alert.evaluate(colour)).not.toBe(prontaColour);
  expect(await alert.evaluate((element) => getComputedStyle(element).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
  expect(await printing.getByText('Sem papel', { exact: true }).evaluate(colour)).not.toBe(prontaColour);
  await expectAccessible(dashboard, 'account, a printer out of paper');

  const shots = process.env.SCREENSHOTS_DIR;
  if (shots) {
    fs.mkdirSync(shots, { recursive: true });
    await alert.scrollIntoViewIfNeeded();
    await dashboard.screenshot({ path: path.join(shots, 'alert-computer.png') });
    const phone = await phoneContext(browser);
    const ownerPhone = await phone.newPage();
    await logIn(ownerPhone, owner.email, owner.password);
    await ownerPhone.waitForURL(`${baseUrl()}/account`);
    await ownerPhone.goto(`${baseUrl()}/account?secao=evento`);
    const onPhone = ownerPhone.getByRole('alert').filter({ hasText: 'parou' });
    await onPhone.waitFor({ timeout: 15_000 });
    await onPhone.scrollIntoViewIfNeeded();
    await ownerPhone.screenshot({ path: path.join(shots, 'alert-phone.png') });
    await phone.close();
  }

  // Paper back in: the printer prints the guest's photo, and the alert goes by itself.
  expect((await boothOnce([...asPrinter, '--printer-state', 'ready'])).split('imprimiu ')).toHaveLength(2);
  await alert.waitFor({ state: 'detached', timeout: 15_000 });
  await printing.getByText('Impressora: Pronta').waitFor();
  expect(guest.alerts).toEqual([]);
  expect(guest.errors).toEqual([]);
  await guest.close();
  await computer.close();
});
