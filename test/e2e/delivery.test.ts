/**
 * Photos delivered by e-mail and WhatsApp (docs/product.md#photos-delivered), against the whole stack with the mail
 * and WhatsApp stand-ins `npm start` runs (docs/operations.md#the-stand-ins): the team turns delivery on for Festa da
 * Ana (festa_ana has no owner account in the demo seed; the team holds the same tools); guests subscribe on the collect
 * page, one by e-mail, one by WhatsApp; the booth uploads a photo they collected before it landed, then the simulator
 * one they collect after; each stand-in receives exactly one message per photo, whose image and gallery links open;
 * 'Parar de receber' from the message's link, through the SPA's page, stops the next one; the team's section has
 * followed it all in figures (WhatsApp's delivered from the stand-in's status notifications). The photos a face is
 * found in: deliveryFaces.test.ts (a browser with the fake camera).
 */
import crypto from 'node:crypto';
import type { Browser, Locator, Page } from 'playwright-core';
import { DEVICE_PATHS } from '../../contract/devicePaths';
import { takePhoto } from '../../tools/booth/photo';
import type { AcceptedMessage } from '../../tools/standIns/whatsAppStandIn';
import { expectAccessible } from './support/accessibility';
import { boothOnce } from './support/boothSimulator';
import { baseUrl, launchBrowser } from './support/browser';
import { openCollectLink } from './support/collectLink';
import { demoSeed, seededMedia } from './support/demoSeed';
import {
  askForPhotos,
  expectLinksOpen,
  festaAnaTools,
  linksOfMail,
  onStack,
  TITLE,
  type DeliveryAddress,
} from './support/deliveryJourney';
import { stackQuery } from './support/stackQuery';
import { mailsTo, whatsAppMessagesTo } from './support/deliveryStandIns';
import { eventually } from './support/eventually';
import { newGuest, type Guest } from './support/guest';

const PAD = (demoSeed().devices ?? []).find((device) => device.id === 'cabine-pad');
const tag = crypto.randomBytes(4).toString('hex');
const email = `entrega-${tag}@example.com`;
const control = `controle-${tag}@example.com`;
const digits = String(10_000_000 + crypto.randomInt(89_999_999));
const whatsApp = { typed: `(11) 9${digits.slice(0, 4)}-${digits.slice(4)}`, e164: `+55119${digits}` };
/** Messages wait for photos that arrive: long enough on a busy machine, never a figure asserted. */
const ARRIVES = 45_000;

let browser: Browser;
let team: Guest;
let byMail: Guest;
let byWhatsApp: Guest;
let keeps: Guest;
/** The team's 'Fotos por WhatsApp ou e-mail', kept open through the party. */
let teamSection: Locator;
let mailAgent = '';
let whatsAppAgent = '';
let keepsAgent = '';
/** The photos the guests collect (the first before it lands, the second after), and the links their messages carry. */
let second = '';
let mailLinks: { image: string; page: string; stop: string }[] = [];
let whatsAppLinks: { image: string; page: string; stop: string }[] = [];
/** What the journey made on festa_ana, taken away after it: its photos, its guests' agents. */
const uploaded: string[] = [];
const agents: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  [team, byMail, byWhatsApp, keeps] = await Promise.all([1, 2, 3, 4].map(() => newGuest(browser)));
});

afterAll(async () => {
  // festa_ana as the other journeys expect it: delivery off, none of this journey's guests or photos.
  await stackQuery("UPDATE events SET delivery = false, delivery_ended_at = NULL WHERE name = 'festa_ana'", []);
  await stackQuery('DELETE FROM delivery_subscriptions WHERE agent = ANY($1::text[])', [agents]);
  await stackQuery('DELETE FROM delivery_messages WHERE agent = ANY($1::text[])', [agents]);
  await stackQuery('DELETE FROM delivery_consents WHERE agent = ANY($1::text[])', [agents]);
  const files = uploaded.map((url) => url.split('/').pop() ?? '');
  await stackQuery("DELETE FROM media WHERE event_name = 'festa_ana' AND mode = 'pad' AND file = ANY($1::text[])", [
    files,
  ]);
  await Promise.all([team, byMail, byWhatsApp, keeps].map((guest) => guest.close()));
  await browser.close();
});

/** The name a photo will have once festa_ana's pad booth sends it (a public event keeps the booth's name). */
const photoToCome = (n: number) => `/media/festa_ana/pad/pad-entrega-${tag}-${n}.jpg`;
const first = photoToCome(1);

/** festa_ana's pad booth sends the photo named `url`, drawn as the simulator's camera draws one. */
async function boothSends(url: string): Promise<void> {
  if (!PAD?.key) throw new Error('the demo seed has no cabine-pad with a readable key');
  const shot = await takePhoto('festa_ana', 'pad');
  const response = await fetch(`${baseUrl()}${DEVICE_PATHS.media}?file=${url.split('/').pop() ?? ''}`, {
    method: 'POST',
    headers: { 'x-device-id': PAD.id, 'x-device-key': PAD.key, 'content-type': 'image/jpeg' },
    body: new Uint8Array(shot.bytes),
  });
  expect(response.status).toBe(200);
  expect(((await response.json()) as { url: string }).url).toBe(url);
  uploaded.push(url);
}

/** The simulator's camera (`npm run booth -- --once --only camera`) sends a photo: its media URL. */
async function simulatorSends(): Promise<string> {
  const log = await boothOnce(['--only', 'camera', '--device', 'cabine-pad']);
  const url = /Colete em \S+\/collect\?id=(\/media\/festa_ana\/pad\/\S+)/.exec(log)?.[1];
  if (!url) throw new Error(`the simulator named no photo: ${log}`);
  uploaded.push(url);
  return url;
}

async function agentOf(page: Page): Promise<string> {
  const agent = (await page.context().cookies()).find((cookie) => cookie.name === 'agent')?.value;
  if (!agent) throw new Error('the guest has no agent cookie');
  agents.push(agent);
  return agent;
}

/** A guest on a seeded photo's collect page asks for their photos ('Receber minhas fotos'). */
async function subscribe(guest: Guest, name: string, to: DeliveryAddress): Promise<string> {
  await openCollectLink(guest.page, `${baseUrl()}/collect?id=${seededMedia('festa_ana', 'pad')[0]}`);
  await askForPhotos(guest.page, name, to);
  return agentOf(guest.page);
}

/** 'Parar de receber' from a message's link, on the SPA's page. */
async function stopFromLink(guest: Guest, link: string): Promise<void> {
  const { page } = guest;
  expect(new URL(link).pathname).toMatch(/^\/parar\/\S+$/);
  await page.goto(onStack(link));
  await page.getByRole('heading', { name: 'Parar de receber fotos' }).waitFor();
  await expectAccessible(page, '/parar/{token}');
  await page.getByRole('button', { name: 'Parar de receber' }).click();
  await page
    .getByRole('status')
    .filter({ hasText: `Pronto: você não vai mais receber as fotos de ${TITLE}.` })
    .waitFor();
}

const messagesOf = async (agent: string) =>
  stackQuery<{ kind: string; photos: number }>(
    'SELECT kind, photos FROM delivery_messages WHERE agent = $1 ORDER BY id',
    [agent],
  );

const whatsAppLinksOf = (message: AcceptedMessage) => ({
  image: message.imageLink ?? '',
  page: message.body[3],
  stop: message.body[4],
});

it('the team turns delivery on for Festa da Ana, off by default', async () => {
  const { page } = team;
  teamSection = (await festaAnaTools(page)).getByRole('region', { name: 'Fotos por WhatsApp ou e-mail' });
  await teamSection.getByRole('switch', { name: 'Enviar as fotos aos convidados (desligado)' }).click();
  await teamSection.getByRole('switch', { name: 'Enviar as fotos aos convidados (ligado)' }).waitFor();
  await expectAccessible(page, "/account ('Fotos por WhatsApp ou e-mail')");
});

it('a guest subscribes by e-mail, another by WhatsApp, on the collect page', async () => {
  mailAgent = await subscribe(byMail, 'Bia', { email });
  whatsAppAgent = await subscribe(byWhatsApp, 'Caio', { whatsApp: whatsApp.typed });
});

it(`a photo they collected before the booth sent it comes once on each channel when it lands, its links \
open`, async () => {
  // The collect page cannot show it yet: it comes when it lands.
  for (const guest of [byMail, byWhatsApp]) {
    await guest.page.goto(`${baseUrl()}/collect?id=${first}`);
    await guest.page.getByText('Esta foto não foi encontrada: confira o link do QR code.').waitFor();
  }
  await boothSends(first);
  await eventually(() => expect(mailsTo(email).length).toBeGreaterThanOrEqual(1), ARRIVES);
  await eventually(
    async () => expect((await whatsAppMessagesTo(whatsApp.e164)).length).toBeGreaterThanOrEqual(1),
    ARRIVES,
  );
  const mails = mailsTo(email);
  expect(mails.map((mail) => mail.headers.subject)).toEqual([`Sua foto de ${TITLE}`]);
  await expectLinksOpen(linksOfMail(mails[0]), first);
  const sent = await whatsAppMessagesTo(whatsApp.e164);
  expect(sent.map((message) => [message.template, message.body[0]])).toEqual([['cabine_fotos', 'Caio']]);
  await expectLinksOpen(whatsAppLinksOf(sent[0]), first);
  expect(await messagesOf(mailAgent)).toEqual([{ kind: 'photos', photos: 1 }]);
  expect(await messagesOf(whatsAppAgent)).toEqual([{ kind: 'photos', photos: 1 }]);
});

it("a photo the simulator's booth sent, collected after, comes at once, once on each channel", async () => {
  second = await simulatorSends();
  for (const guest of [byMail, byWhatsApp]) await openCollectLink(guest.page, `${baseUrl()}/collect?id=${second}`);
  await eventually(() => expect(mailsTo(email).length).toBeGreaterThanOrEqual(2), ARRIVES);
  await eventually(
    async () => expect((await whatsAppMessagesTo(whatsApp.e164)).length).toBeGreaterThanOrEqual(2),
    ARRIVES,
  );
  const mails = mailsTo(email);
  expect(mails.map((mail) => mail.headers.subject)).toEqual([`Sua foto de ${TITLE}`, `Sua foto de ${TITLE}`]);
  mailLinks = mails.map(linksOfMail);
  await expectLinksOpen(mailLinks[1], second);
  whatsAppLinks = (await whatsAppMessagesTo(whatsApp.e164)).map(whatsAppLinksOf);
  expect(whatsAppLinks).toHaveLength(2);
  await expectLinksOpen(whatsAppLinks[1], second);
  expect(await messagesOf(mailAgent)).toHaveLength(2);
  expect(await messagesOf(whatsAppAgent)).toHaveLength(2);
});

it("'Parar de receber' from the message's link stops the next photo, on each channel", async () => {
  await stopFromLink(byMail, mailLinks[1].stop);
  await stopFromLink(byWhatsApp, whatsAppLinks[1].stop);
  // A third guest, still subscribed, collects it too: their message says when the photo went out.
  keepsAgent = await subscribe(keeps, 'Duda', { email: control });
  const third = photoToCome(3);
  for (const guest of [byMail, byWhatsApp, keeps]) {
    await guest.page.goto(`${baseUrl()}/collect?id=${third}`);
    await guest.page.getByText('Esta foto não foi encontrada: confira o link do QR code.').waitFor();
  }
  await boothSends(third);
  await eventually(() => expect(mailsTo(control)).toHaveLength(1), ARRIVES);
  expect(new URL(linksOfMail(mailsTo(control)[0]).page).searchParams.get('id')).toBe(third);
  expect(mailsTo(email).length).toBe(2);
  expect((await whatsAppMessagesTo(whatsApp.e164)).length).toBe(2);
  expect(await messagesOf(mailAgent)).toHaveLength(2);
  expect(await messagesOf(whatsAppAgent)).toHaveLength(2);
  for (const guest of [byMail, byWhatsApp, keeps]) expect(guest.errors).toEqual([]);
});

it(`the team's section followed the party without a reload: who is subscribed, what was sent, what WhatsApp said \
was delivered`, async () => {
  // What the dashboard shows for a figure ('1.234'); it asks again every few seconds while delivery is on.
  const figure = (label: string) =>
    teamSection
      .locator('.event-delivery__figure')
      .filter({ has: team.page.getByText(label, { exact: true }) })
      .locator('dd');
  const shows = (label: string, value: string) =>
    figure(label)
      .filter({ hasText: new RegExp(`^${value}$`) })
      .waitFor({ timeout: 20_000 });
  // Duda only: the other two stopped. Two photos each to Bia and Caio, one to Duda. Caio's two, by WhatsApp, said
  // delivered by the stand-in's signed status notifications (an e-mail has none: sent is all it says).
  await shows('Inscritos para receber fotos', '1');
  await shows('Mensagens enviadas', '5');
  await shows('Mensagens entregues', '2');
  expect(await figure('Mensagens que falharam').textContent()).toBe('0');
  expect(await figure('Mensagens barradas pelo limite').textContent()).toBe('0');
  expect(team.errors).toEqual([]);
});

it('a photo Duda collects inside the app, without a page load, comes too: the app tells the server', async () => {
  const fourth = photoToCome(4);
  await boothSends(fourth);
  // A link inside the app: the router's own navigation, no page load to carry the collect
  // (docs/api.md#collects-in-the-app).
  await keeps.page.evaluate((path) => {
    (window as unknown as { stayed?: boolean }).stayed = true;
    window.history.pushState(null, '', path);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, `/collect?id=${fourth}`);
  await eventually(() => expect(mailsTo(control)).toHaveLength(2), ARRIVES);
  expect(new URL(linksOfMail(mailsTo(control)[1]).page).searchParams.get('id')).toBe(fourth);
  expect(await keeps.page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  expect(keeps.errors).toEqual([]);
});

it("'Encerrar a festa': Duda's last message links her own photos' page, which adds them to hers", async () => {
  await teamSection.getByRole('button', { name: 'Encerrar a festa' }).click();
  await teamSection.getByRole('button', { name: 'Sim, encerrar a festa' }).click();
  await teamSection
    .getByRole('status')
    .filter({ hasText: /^Festa encerrada em / })
    .waitFor();
  await eventually(() => expect(mailsTo(control)).toHaveLength(3), ARRIVES);
  const text = mailsTo(control)[2].text ?? '';
  const own = /^Suas fotos \(todas as que enviamos para você\): (\S+)$/m.exec(text)?.[1] ?? '';
  expect(text).toMatch(/^Galeria da festa \(todas as fotos do evento\): \S+$/m);
  const { page } = keeps;
  await page.goto(onStack(own));
  await page.getByRole('heading', { level: 1, name: `Suas fotos de ${TITLE}` }).waitFor();
  await expectAccessible(page, "/privacidade?fotos= ('Suas fotos')");
  await page.getByRole('button', { name: 'Adicionar à minha coleção' }).click();
  // Added, or already hers (collected before in this browser); never refused.
  const said = page.getByText(/^(\d+ fotos? adicionadas? à Minha Coleção\.|Suas fotos já estão na Minha Coleção\.)/);
  await said.waitFor();
  expect(await said.textContent()).not.toMatch(/não puderam? ser adicionadas?/);
  expect([...keeps.errors, ...team.errors]).toEqual([]);
});

it(`the privacy page lists a stopped event with its messages and the stop's date, and a subscription with its \
messages; 'Apagar' empties the list, on the page and on the server`, async () => {
  // Bia stopped: her two messages are kept, listed with the stop's date.
  await byMail.page.goto(`${baseUrl()}/privacidade`);
  const stopped = byMail.page.getByRole('region', { name: 'Fotos por WhatsApp ou e-mail' });
  await stopped.getByText(/você parou de receber em \d\d\/\d\d\/\d{4}, \d\d:\d\d\. Nada mais será enviado/).waitFor();
  expect(
    await stopped
      .getByRole('list', { name: `Mensagens de ${TITLE}` })
      .getByRole('listitem')
      .count(),
  ).toBe(2);
  // Duda, still subscribed: her subscription and its three messages (the in-app collect's, the party's end), then
  // 'Apagar'.
  const { page } = keeps;
  await page.goto(`${baseUrl()}/privacidade`);
  const section = page.getByRole('region', { name: 'Fotos por WhatsApp ou e-mail' });
  await section.getByText(/Duda, e-mail/).waitFor();
  expect(
    await section
      .getByRole('list', { name: `Mensagens de ${TITLE}` })
      .getByRole('listitem')
      .count(),
  ).toBe(3);
  await expectAccessible(page, "/privacidade ('Fotos por WhatsApp ou e-mail')");
  await section.getByRole('button', { name: `Apagar o envio de fotos de ${TITLE}` }).click();
  await section
    .getByRole('status')
    .filter({ hasText: `Apagado: você não recebe mais as fotos de ${TITLE}.` })
    .waitFor();
  await section.getByText('Você não pediu para receber fotos de nenhum evento.').waitFor();
  const listed = await page.request.get(`${baseUrl()}/api/privacy/entregas/${keepsAgent}`);
  expect(listed.status()).toBe(200);
  expect(await listed.json()).toEqual([]);
  expect(await messagesOf(keepsAgent)).toEqual([]);
  expect([...byMail.errors, ...keeps.errors]).toEqual([]);
});
