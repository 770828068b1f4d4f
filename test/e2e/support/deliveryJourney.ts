import type { Locator, Page } from 'playwright-core';
import { expectAccessible } from './accessibility';
import { baseUrl } from './browser';
import type { MailReceived } from './deliveryStandIns';
import { logIn } from './guest';

/**
 * The steps the photos-delivered journeys share (test/e2e/delivery*.test.ts): Festa da Ana's
 * tools on the team's screen, 'Receber minhas fotos' filled in, the links a message carries.
 */

export const TITLE = 'Festa da Ana';

export type DeliveryAddress = { email: string } | { whatsApp: string };

/** Festa da Ana on the team's screen, its tools open ('Telão e impressão'): the demo seed gives it no owner account. */
export async function festaAnaTools(page: Page): Promise<Locator> {
  await logIn(page, 'equipe@cabine.example', 'demo1234');
  await page.getByRole('heading', { name: /^Olá, / }).waitFor();
  await page
    .getByRole('navigation', { name: 'Minha conta' })
    .getByRole('button', { name: 'Eventos da equipe' })
    .click();
  await page.getByRole('searchbox', { name: 'Buscar por nome, título ou e-mail do cliente' }).fill(TITLE);
  await page.getByRole('button', { name: 'Buscar' }).click();
  const festa = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: TITLE }) });
  await festa.getByRole('button', { name: 'Telão e impressão' }).click();
  return festa;
}

/**
 * On a page that offers it (collect, face, pack): 'Receber minhas fotos', the form filled in, the consent given, sent;
 * `faceMatches` ticks the photos the face search finds (offered after a face search with consent).
 */
export async function askForPhotos(page: Page, name: string, to: DeliveryAddress, faceMatches = false): Promise<void> {
  const offer = page.getByRole('region', { name: 'Receber minhas fotos' });
  await offer.getByRole('button', { name: 'Receber minhas fotos' }).click();
  const form = offer.getByRole('form', { name: 'Receber minhas fotos' });
  await form.getByRole('textbox', { name: 'Seu nome' }).fill(name);
  if ('email' in to) {
    await form.getByRole('radio', { name: 'E-mail' }).check();
    await form.getByRole('textbox', { name: 'E-mail' }).fill(to.email);
  } else {
    await form.getByRole('textbox', { name: 'WhatsApp com DDD' }).fill(to.whatsApp);
  }
  if (faceMatches)
    await form
      .getByRole('checkbox', { name: 'também cada foto nova em que a busca pelo rosto encontrar você' })
      .check();
  await form.getByRole('checkbox', { name: 'Concordo com este texto' }).check();
  await expectAccessible(page, `${new URL(page.url()).pathname} (Receber minhas fotos)`);
  await form.getByRole('button', { name: 'Receber minhas fotos' }).click();
  await offer.getByText(new RegExp(`^Pronto, ${name}: as fotos de ${TITLE} vão chegar`)).waitFor();
}

/** The links of a mail: the image, the gallery's page, the stop link (text part). */
export function linksOfMail(mail: MailReceived): { image: string; page: string; stop: string } {
  const text = mail.text ?? '';
  const find = (label: string) => new RegExp(`^${label}: (\\S+)$`, 'm').exec(text)?.[1] ?? '';
  const links = { image: find('Sua foto'), page: find('Abrir na galeria'), stop: find('Parar de receber') };
  // The HTML part says the same.
  for (const link of Object.values(links)) expect(mail.html ?? '').toContain(`href="${link}"`);
  return links;
}

/**
 * A message's link, checked to point at the journey's stack: the server writes its links' origin from PUBLIC_URL or
 * its own address (siteOrigin in server/src/platform/config.ts), which for the stack is the port it was started on.
 */
export function onStack(link: string): string {
  expect(new URL(link).origin).toBe(new URL(baseUrl()).origin);
  return link;
}

/** A link of a message opens: the image link gives an image, the page link the collect page of `photo`. */
export async function expectLinksOpen(links: { image: string; page: string }, photo: string): Promise<void> {
  const image = await fetch(onStack(links.image));
  expect(image.status).toBe(200);
  expect(image.headers.get('content-type')).toMatch(/^image\//);
  expect((await image.arrayBuffer()).byteLength).toBeGreaterThan(1000);
  expect(new URL(links.page).searchParams.get('id')).toBe(photo);
  const page = await fetch(onStack(links.page));
  expect(page.status).toBe(200);
  expect(page.headers.get('content-type')).toMatch(/^text\/html/);
  await page.arrayBuffer();
}
