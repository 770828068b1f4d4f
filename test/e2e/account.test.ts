/** Identity journeys against the Firebase Auth emulator, through the real screens. */
import crypto from 'node:crypto';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { expectAccessible } from './support/accessibility';
import { baseUrl, launchBrowser } from './support/browser';
import { seededMedia } from './support/demoSeed';
import { eventually } from './support/eventually';
import { logIn, newGuest } from './support/guest';
import { seedBeside } from './support/seedBeside';

let browser: Browser;

/** Where the closing note's screenshots go, when asked for (nothing is written otherwise). */
const SHOTS = process.env.SCREENSHOTS_DIR;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(() => browser.close());

const collectionUrls = async (page: Page) => {
  const grid = page.getByRole('list', { name: 'Minha Coleção' });
  await grid.waitFor();
  return grid
    .locator('img')
    .evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).getAttribute('src')).sort());
};

it(`a guest with two collected photos signs up: the account keeps them, after logging out and in again \
too`, async () => {
  const email = `nova-${crypto.randomBytes(4).toString('hex')}@example.com`;
  const [first, second] = seededMedia('festa_ana', 'polaroid');
  const guest = await newGuest(browser);
  const { page } = guest;
  for (const photo of [first, second]) {
    await page.goto(`${baseUrl()}/collect?id=${photo}`);
    await page.getByText('Coletado!').waitFor();
  }

  await page.goto(`${baseUrl()}/signup`);
  await page.getByRole('button', { name: 'Criar conta' }).waitFor();
  await expectAccessible(page);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Nova senha').fill('segredo-123');
  await page.getByLabel('Repetir senha').fill('segredo-123');
  await page.getByLabel('Nome ou apelido').fill('Nova Convidada');
  await page.getByLabel('Celular com DDD').fill('11988887777');
  await page.getByRole('button', { name: 'Criar conta' }).click();
  await page.getByRole('heading', { name: 'Olá, Nova Convidada!' }).waitFor();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Sair' }).click();
  await page.waitForURL(`${baseUrl()}/`);
  // Logged out on purpose: no 'not logged in' alert, and the phone keeps nothing of the account.
  await eventually(async () => {
    const cookies = await page.context().cookies();
    expect(
      cookies.filter((cookie) => ['collection', 'packs', 'events'].includes(cookie.name)).map((cookie) => cookie.name),
    ).toEqual([]);
  });
  expect(guest.alerts).toEqual([]);
  await page.goto(`${baseUrl()}/collection`);
  await page.waitForURL(`${baseUrl()}/eventos`);
  expect(guest.alerts).toEqual(['Você ainda não coletou nenhuma foto!']);
  await guest.close();

  // Another phone, nothing in its cookies: the collection comes from the account.
  const other = await newGuest(browser);
  await logIn(other.page, email, 'segredo-123');
  await other.page.getByRole('heading', { name: 'Olá, Nova Convidada!' }).waitFor();
  await other.page.getByRole('link', { name: 'Galeria' }).click();
  const expected = [first, second].map((url) => `${baseUrl()}/thumbs${url.slice('/media'.length)}.webp`).sort();
  expect(await collectionUrls(other.page)).toEqual(expected);
  await expectAccessible(other.page);
  expect(other.alerts).toEqual([]);
  expect(guest.errors).toEqual([]);
  await other.close();
});

it("a wrong password shows the identity service's own message", async () => {
  const guest = await newGuest(browser);
  await guest.page.goto(`${baseUrl()}/login`);
  await guest.page.getByRole('button', { name: 'Login' }).waitFor();
  await expectAccessible(guest.page);
  await logIn(guest.page, 'convidado@cabine.example', 'senha-errada');
  await eventually(() => expect(guest.alerts).toHaveLength(1));
  expect(guest.alerts[0]).toMatch(
    /^E-mail ou senha incorretos\.\n\(Firebase: .*\(auth\/(invalid-credential|wrong-password)\)/s,
  );
  expect(new URL(guest.page.url()).pathname).toBe('/login');
  await guest.close();
});

it('an order placed while signed out waits for a sign-in, then belongs to the account', async () => {
  const guest = await newGuest(browser);
  const { page } = guest;
  await page.goto(`${baseUrl()}/`);
  // What the checkout does for a signed-out visitor: the order is registered, then its id and the
  // loginRequired flag are kept in cookies (docs/product.md#account), with the claim secret only this
  // browser holds.
  const orderId = String(100_000_000 + crypto.randomInt(899_999_999));
  const claim = crypto.randomBytes(16).toString('base64url');
  const status = await page.evaluate(
    async ([id, secret]) => {
      const response = await fetch('/api/order/BEMVINDO10', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          products: [{ id: 'album-impresso', quantity: 1, hours: 0, selectedAccessories: [] }],
          total: 0,
          clientName: 'Convidada Demo',
          eventName: 'Chá de bebê',
          eventDate: '2026-12-20',
          eventTime: '15:00',
          paymentMethod: 'pix',
          email: 'convidado@cabine.example',
          cpf: '52998224725',
          orderId: id,
          claim: secret,
        }),
      });
      document.cookie = `transaction=${id}; path=/`;
      document.cookie = `transactionClaim=${secret}; path=/`;
      document.cookie = 'loginRequired=true; path=/';
      return response.status;
    },
    [orderId, claim] as const,
  );
  expect(status).toBe(200);

  // Every page but login, signup and account leads to /account, which says the order waits for
  // a login (no alert), the pre-rendered landing page too (hydrated without React error #418).
  const waiting = `Seu pedido ${orderId} foi registrado. Entre ou crie sua conta para guardá-lo nela.`;
  for (const path of ['/eventos', '/']) {
    await page.goto(`${baseUrl()}${path}`);
    await page.waitForURL(`${baseUrl()}/account`);
    await page.getByText(waiting).waitFor();
  }
  expect(guest.alerts).toEqual([]);
  expect(guest.errors).toEqual([]);
  await page.getByRole('link', { name: 'Entrar' }).click();
  await page.getByText(waiting).waitFor();
  await logIn(page, 'convidado@cabine.example', 'demo1234');
  await page.getByRole('heading', { name: /^Olá, / }).waitFor();
  await page.getByRole('button', { name: 'Pedidos' }).click();
  await page.getByText(`Pedido ${orderId}`).waitFor();
  await expectAccessible(page, '/account, orders');
  await eventually(async () => expect(await page.evaluate(() => document.cookie)).not.toContain('loginRequired'));
  await page.goto(`${baseUrl()}/eventos`);
  await page.getByRole('heading', { level: 1, name: 'Eventos' }).waitFor();
  await expectAccessible(page);
  await guest.close();
});

it(`an owner types the party's title: the link is made from it, and the dashboard and the wall show the \
title`, async () => {
  const tag = crypto.randomBytes(4).toString('hex');
  const owner = {
    uid: `dona-${tag}`,
    email: `dona-${tag}@example.com`,
    password: 'segredo-123',
    displayName: 'Dona da Festa',
  };
  await seedBeside({
    accounts: [owner],
    orders: [
      {
        orderId: `${100_000_000 + crypto.randomInt(800_000_000)}`,
        coupon: 'BEMVINDO10',
        uid: owner.uid,
        clientName: 'Dona da Festa',
        email: owner.email,
        cpf: '52998224725',
        eventName: 'Pedido da festa',
        eventDate: '2027-05-20',
        eventTime: '19:30',
        paymentMethod: 'card',
        status: 'approved',
        products: [{ id: 'totem-fotos' }],
      },
    ],
  });

  const guest = await newGuest(browser);
  const { page } = guest;
  await logIn(page, owner.email, owner.password);
  await page.waitForURL(`${baseUrl()}/account`);
  await page.goto(`${baseUrl()}/account?secao=evento`);
  // Accents and spaces are fine: the link is made from the title, and shown before it is created.
  await page.getByLabel('Nome do evento').fill('Aniversário da Convidada');
  await page
    .getByText(`${new URL(baseUrl()).host}/eventos/evento?evento=aniversario-da-convidada`, { exact: true })
    .waitFor();
  await page.getByText('OK', { exact: true }).waitFor();
  await expectAccessible(page);
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, 'event-title-phone.png'), fullPage: true });
  await page.getByRole('button', { name: 'Criar meu Evento' }).click();

  // The page reloads on the dashboard: the event under its title, the link only where a link goes.
  await page.getByText('Evento criado.').waitFor();
  const dashboard = page.getByRole('region', { name: 'Meu Evento' });
  await dashboard.getByRole('heading', { level: 3, name: 'Aniversário da Convidada' }).waitFor();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);

  const [wall] = await Promise.all([
    page.context().waitForEvent('page'),
    dashboard.getByRole('link', { name: 'Abrir o telão' }).click(),
  ]);
  await wall.getByRole('heading', { level: 1, name: 'Aniversário da Convidada' }).waitFor();
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, 'event-dashboard-phone.png'), fullPage: true });
  if (SHOTS) {
    // A wall is a TV's: shown at 1280x720.
    await wall.setViewportSize({ width: 1280, height: 720 });
    await wall.screenshot({ path: path.join(SHOTS, 'event-wall-1280.png') });
  }
  expect(new URL(wall.url()).pathname).toBe('/telao');
  expect(guest.alerts).toEqual([]);
  expect(guest.errors).toEqual([]);
  await guest.close();
});
