/**
 * Guests who leave their contact (docs/privacy.md#guests-contacts), against the whole stack: the owner
 * turns 'Pedir contato aos convidados' on at the dashboard, a guest leaves a contact on the collect page
 * under the consent text, the owner sees it arrive and exports it ('Baixar CSV', its content read back),
 * and the guest withdraws it from the privacy page: it is gone from the server and from the owner's list.
 * It runs on an event of its own (seeded beside the demo), so festa_ana stays as it was.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { expectAccessible } from './support/accessibility';
import { baseUrl, launchBrowser } from './support/browser';
import { downloadBytes } from './support/downloadBytes';
import { newGuest, type Guest } from './support/guest';
import { ownedEvent, ownersSection as ownersSectionOf, seedOwnedEvent } from './support/ownedEvent';
import { stackQuery } from './support/stackQuery';

let browser: Browser;
const owned = ownedEvent('recado', 'Festa do Recado', 'Dona do Recado', 'dona');
const { event, photo, title: TITLE } = owned;
/** Where the closing note's screenshots go, when asked for (nothing is written otherwise). */
const SHOTS = process.env.SCREENSHOTS_DIR;

beforeAll(async () => {
  browser = await launchBrowser();
  await seedOwnedEvent(owned, '#6d28d9');
}, 120_000);

afterAll(async () => {
  await browser.close();
});

const ownersSection = () => ownersSectionOf(browser, owned, 'Contatos dos convidados');

async function shot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

it(`the owner turns it on, a guest leaves a contact on the collect page, the owner exports it, and the guest \
withdraws it`, async () => {
  const ownerView = await ownersSection();
  let guest: Guest | null = null;
  try {
    const { page: ownerPage, section } = ownerView;
    await section.getByRole('switch', { name: 'Pedir contato aos convidados (desligado)' }).click();
    await section.getByRole('switch', { name: 'Pedir contato aos convidados (ligado)' }).waitFor();
    await section.getByText('0 contatos deixados').waitFor();

    guest = await newGuest(browser);
    const { page } = guest;
    await page.goto(`${baseUrl()}/collect?id=${photo}`);
    await page.getByText('Coletado!').waitFor();
    await page.getByRole('button', { name: 'Quero receber as fotos' }).click();
    const form = page.getByRole('form', { name: 'Quero receber as fotos' });
    await form.getByText(`Quero receber as fotos de "${TITLE}".`).waitFor();
    await form.getByText('Os dados ficam guardados por 90 dias').waitFor();
    await form.getByRole('textbox', { name: 'Seu nome' }).fill('Bia Souza');
    await form.getByRole('textbox', { name: 'WhatsApp com DDD' }).fill('(11) 98765-4321');
    await form.getByRole('checkbox', { name: 'Concordo com este texto' }).check();
    await expectAccessible(page, '/collect (the contact form)');
    await shot(page, 'contato-celular');
    await form.getByRole('button', { name: 'Enviar' }).click();
    await page.getByText(`Pronto: vamos te enviar as fotos de ${TITLE}.`).waitFor();

    const agent = (await page.context().cookies()).find((cookie) => cookie.name === 'agent')?.value ?? '';
    const log = () =>
      stackQuery<{ action: string }>('SELECT action FROM contact_consents WHERE agent = $1 ORDER BY id', [agent]);
    expect(await log()).toEqual([{ action: 'given' }]);

    // The owner's list follows the party: the contact arrives without a reload.
    await section.getByRole('row', { name: /Bia Souza \+55 \(11\) 98765-4321/ }).waitFor({ timeout: 15_000 });
    await expectAccessible(ownerPage, '/account?secao=evento (the contacts)');
    await section.scrollIntoViewIfNeeded();
    await shot(ownerPage, 'contatos-computador');
    const [download] = await Promise.all([
      ownerPage.waitForEvent('download'),
      section.getByRole('button', { name: 'Baixar CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`contatos-${event}.csv`);
    const csv = await downloadBytes(download);
    expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = csv.subarray(3).toString('utf8').split('\r\n');
    expect(lines[0]).toBe('Nome;WhatsApp;E-mail;Deixado em;Apagado em');
    expect(lines[1]).toMatch(
      /^Bia Souza;\(11\) 98765-4321;;\d\d\/\d\d\/\d{4}, \d\d:\d\d;\d\d\/\d\d\/\d{4}, \d\d:\d\d$/,
    );
    expect(lines.slice(2)).toEqual(['']);

    // The guest takes it back from the privacy page: gone at once, the withdrawal logged.
    await page.goto(`${baseUrl()}/privacidade`);
    const mine = page.getByRole('region', { name: 'Contatos para receber fotos' });
    await mine.getByText(/Bia Souza, \+55 \(11\) 98765-4321\. Guardado até/).waitFor();
    await mine.getByRole('button', { name: `Retirar consentimento de ${TITLE}` }).click();
    await mine.getByText(`Consentimento retirado: seu contato em ${TITLE} foi apagado.`).waitFor();
    await mine.getByText('Você não deixou contato em nenhum evento.').waitFor();
    expect(await stackQuery('SELECT 1 FROM guest_contacts WHERE event_name = $1', [event])).toEqual([]);
    expect(await log()).toEqual([{ action: 'given' }, { action: 'withdrawn' }]);
    await section.getByText('0 contatos deixados').waitFor({ timeout: 15_000 });
    expect(guest.errors).toEqual([]);
  } finally {
    await guest?.close();
    await ownerView.close();
  }
});
