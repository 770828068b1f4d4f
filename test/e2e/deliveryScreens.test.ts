/**
 * The screens of the photos delivered (docs/product.md#photos-delivered), against the whole stack: the owner turns
 * 'Enviar as fotos aos convidados' on at the dashboard, a guest subscribes on the collect page under the consent text,
 * the owner's figures count them without a reload, the guest stops ('Parar de receber') and the figures follow; a
 * message's stop link that is no longer one is said in Portuguese. What the transports send is the server's journeys'.
 * It runs on an event of its own (seeded beside the demo), so festa_ana stays as it was.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { expectAccessible } from './support/accessibility';
import { baseUrl, launchBrowser } from './support/browser';
import { newGuest, type Guest } from './support/guest';
import { ownedEvent, ownersSection as ownersSectionOf, seedOwnedEvent } from './support/ownedEvent';
import { stackQuery } from './support/stackQuery';

let browser: Browser;
const owned = ownedEvent('entrega', 'Festa da Entrega', 'Dono da Entrega', 'dono');
const { event, photo, title: TITLE } = owned;
/** Where the closing note's screenshots go, when asked for (nothing is written otherwise). */
const SHOTS = process.env.SCREENSHOTS_DIR;

beforeAll(async () => {
  browser = await launchBrowser();
  await seedOwnedEvent(owned, '#0f766e');
}, 120_000);

afterAll(async () => {
  await browser.close();
});

const ownersSection = () => ownersSectionOf(browser, owned, 'Fotos por WhatsApp ou e-mail');

/** A part of the page on a phone (390x844) and a computer (1280x800): `{name}-celular.png`, `{name}-computador.png`. */
async function shots(page: Page, part: Locator, name: string): Promise<void> {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  const size = page.viewportSize();
  for (const [device, viewport] of [
    ['celular', { width: 390, height: 844 }],
    ['computador', { width: 1280, height: 800 }],
  ] as const) {
    await page.setViewportSize(viewport);
    // The whole page clipped to the part, at its top: the menu bar stays where it belongs, not over the part.
    await page.evaluate(() => window.scrollTo(0, 0));
    const box = await part.evaluate((element) => {
      const rect = element.getBoundingClientRect();
      return { x: rect.left + window.scrollX, y: rect.top + window.scrollY, width: rect.width, height: rect.height };
    });
    const [x, y] = [Math.max(0, box.x - 12), Math.max(0, box.y - 12)];
    await page.screenshot({
      path: path.join(SHOTS, `${name}-${device}.png`),
      fullPage: true,
      clip: { x, y, width: box.width + (box.x - x) + 12, height: box.height + (box.y - y) + 12 },
    });
  }
  if (size) await page.setViewportSize(size);
}

/** The figure a card of the owner's section shows. */
const figure = (section: Locator, label: string) =>
  section.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');

it(`the owner turns it on, a guest subscribes on the collect page and the owner's figures count them; the guest \
stops, and the figures follow`, async () => {
  const ownerView = await ownersSection();
  let guest: Guest | null = null;
  try {
    const { page: ownerPage, section } = ownerView;
    await section.getByRole('switch', { name: 'Enviar as fotos aos convidados (desligado)' }).click();
    await section.getByRole('switch', { name: 'Enviar as fotos aos convidados (ligado)' }).waitFor();
    expect(await section.getByRole('textbox', { name: 'Limite de mensagens neste evento' }).inputValue()).toBe('500');

    guest = await newGuest(browser);
    const { page } = guest;
    await page.goto(`${baseUrl()}/collect?id=${photo}`);
    await page.getByText('Coletado!').waitFor();
    await page.getByRole('button', { name: 'Receber minhas fotos' }).click();
    const form = page.getByRole('form', { name: 'Receber minhas fotos' });
    await form.getByRole('textbox', { name: 'Seu nome' }).fill('Bia Souza');
    const number = form.getByRole('textbox', { name: 'WhatsApp com DDD' });
    await number.fill('(20) 98765-4321');
    await number.blur();
    await form.getByText('Confira o WhatsApp: um celular do Brasil com DDD').waitFor();
    await number.fill('(11) 98765-4321');
    await form.getByRole('checkbox', { name: 'Concordo com este texto' }).check();
    await expectAccessible(page, '/collect (the delivery form)');
    await shots(page, form, 'entrega-formulario');
    await form.getByRole('button', { name: 'Receber minhas fotos' }).click();
    const offer = page.getByRole('region', { name: 'Receber minhas fotos' });
    const subscribed = `Pronto, Bia Souza: as fotos de ${TITLE} vão chegar no seu WhatsApp +55 (11) *****-4321.`;
    await offer.getByText(subscribed).waitFor();
    await shots(page, offer, 'entrega-inscrito');
    expect(await stackQuery('SELECT channel FROM delivery_subscriptions WHERE event_name = $1', [event])).toEqual([
      { channel: 'whatsapp' },
    ]);

    // The owner's figures follow the party: the guest arrives without a reload.
    await figure(section, 'Inscritos para receber fotos').getByText('1', { exact: true }).waitFor({ timeout: 15_000 });
    await expectAccessible(ownerPage, '/account?secao=evento (the delivery)');
    await shots(ownerPage, section, 'entrega-dono');

    await offer.getByRole('button', { name: 'Parar de receber' }).click();
    await offer.getByText(`Pronto: você não vai mais receber as fotos de ${TITLE}.`).waitFor();
    await offer.getByRole('button', { name: 'Receber minhas fotos' }).waitFor();
    expect(await stackQuery('SELECT 1 FROM delivery_subscriptions WHERE event_name = $1', [event])).toEqual([]);
    await figure(section, 'Inscritos para receber fotos').getByText('0', { exact: true }).waitFor({ timeout: 15_000 });
    expect(guest.errors).toEqual([]);
  } finally {
    await guest?.close();
    await ownerView.close();
  }
});

it("a message's stop link this server did not sign says so, without a login", async () => {
  const guest = await newGuest(browser);
  try {
    const { page } = guest;
    await page.goto(`${baseUrl()}/parar/${'x'.repeat(43)}`);
    await page.getByRole('heading', { level: 1, name: 'Parar de receber fotos' }).waitFor();
    await page.getByRole('button', { name: 'Parar de receber' }).click();
    await page.getByRole('alert').getByText('Este link de "Parar de receber" não é válido.').waitFor();
    await expectAccessible(page, '/parar/{token}');
    await shots(page, page.getByRole('region', { name: 'Parar de receber fotos' }), 'entrega-parar');
  } finally {
    await guest.close();
  }
});
