/**
 * Commerce journeys against the whole stack (the sandbox standing in for Mercado Pago): from a
 * coupon link to a paid order and the event name it unlocks, by card and by Pix, signed in and out.
 */
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { expectAccessible } from './support/accessibility';
import { baseUrl, launchBrowser } from './support/browser';
import { eventually } from './support/eventually';
import { newGuest, type Guest } from './support/guest';
import { imagesOf } from './support/images';
import { fillCard, fillCart, fillCustomer, newEmail, signUp } from './support/shop';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(() => browser.close());

async function openOrders(page: Page): Promise<void> {
  await page.goto(`${baseUrl()}/account?secao=pedidos`);
  await page.getByRole('heading', { name: 'Pedidos' }).waitFor();
}

/** On the phone's screen, whole, without scrolling: what a tap caused is seen where it was tapped. */
async function expectOnScreen(page: Page, target: Locator): Promise<void> {
  const screen = page.viewportSize();
  if (!screen) throw new Error('the phone has no viewport');
  // The page scrolls it into view as it appears: asked until it has.
  await eventually(async () => {
    const box = await target.boundingBox();
    expect(box).not.toBeNull();
    if (!box) return;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(screen.height);
  }, 3_000);
}

/** Where a signed-in customer lands 2 s after an order (docs/product.md#checkout), on the orders. */
const ordersUrl = () => `${baseUrl()}/account?secao=pedidos`;

/** Marks the page's window: a reload (or a page load) forgets the mark, the app's own navigation keeps it. */
async function markPage(page: Page): Promise<void> {
  await page.evaluate(() => Object.assign(window, { __notReloaded: true }));
}

async function expectNotReloaded(page: Page): Promise<void> {
  expect(await page.evaluate(() => (window as unknown as { __notReloaded?: boolean }).__notReloaded === true)).toBe(
    true,
  );
}

const waitingMessage = (orderId: string) =>
  `Seu pedido ${orderId} foi registrado. Entre ou crie sua conta para guardá-lo nela.`;

async function cookie(page: Page, name: string): Promise<string> {
  return (await page.context().cookies()).find((c) => c.name === name)?.value ?? '';
}

/** The cookie once the page has written it. */
async function eventuallyCookie(page: Page, name: string): Promise<string> {
  let value = '';
  await eventually(async () => {
    value = await cookie(page, name);
    expect(value).not.toBe('');
  });
  return value;
}

/** With SCREENSHOTS_DIR set, the page as a phone (390x844) and a computer (1280x800) show it; nothing otherwise. */
async function screenshots(page: Page, name: string): Promise<void> {
  const dir = process.env.SCREENSHOTS_DIR;
  if (!dir) return;
  const phone = page.viewportSize();
  await page.screenshot({ path: path.join(dir, `${name}-celular.png`) });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: path.join(dir, `${name}-computador.png`) });
  if (phone) await page.setViewportSize(phone);
}

function expectClean(guest: Guest, alerts: string[] = []): void {
  expect(guest.alerts).toEqual(alerts);
  expect(guest.errors).toEqual([]);
}

/** A new customer, signed up, at the checkout with the cart and their details filled. */
async function customerAtCheckout(): Promise<Guest> {
  const guest = await newGuest(browser);
  const email = newEmail();
  await signUp(guest.page, email, 'Maria Cliente');
  await fillCart(guest.page);
  await fillCustomer(guest.page, email);
  return guest;
}

/** Pays by card with this holder's outcome (the sandbox's test names: APRO, OTHE, CONT). */
async function payByCard(page: Page, holder: string): Promise<void> {
  await page.getByRole('button', { name: 'Pagar com Cartão de Crédito' }).click();
  await fillCard(page, holder);
  await page.getByRole('button', { name: 'Finalizar pedido' }).click();
}

it("the shop's pictures (products, accessories) all show, signed out, and the checkout's too", async () => {
  const guest = await newGuest(browser);
  const { page } = guest;
  await page.goto(`${baseUrl()}/shop?coupon=BEMVINDO10`);
  await page.getByRole('article', { name: 'Cabine 360°' }).waitFor();
  const card = page.getByRole('article', { name: 'Cabine 360°' });
  await card.getByRole('button', { name: 'Adicionar ao carrinho' }).click();
  const shopImages = await imagesOf(page);
  // Every product has a picture, and the product added shows its accessories' too.
  expect(shopImages.filter((image) => image.src.includes('/catalogo/produto-')).length).toBeGreaterThanOrEqual(5);
  expect(shopImages.filter((image) => image.src.includes('/catalogo/acessorio-')).length).toBeGreaterThanOrEqual(1);
  expect(shopImages.filter((image) => !image.decoded)).toEqual([]);
  await page.getByRole('button', { name: 'Checkout' }).click();
  await page.waitForURL(/\/checkout\?/);
  // The shop's button keeps 'Checkout' (docs/product.md#texts-kept-as-written); the page it opens says what it is in
  // Portuguese.
  await page.getByRole('heading', { name: 'Finalizar compra' }).waitFor();
  expect((await imagesOf(page)).filter((image) => !image.decoded)).toEqual([]);
  expectClean(guest);
  await guest.close();
});

it('signed in, a coupon link, a card held by APRO: paid, and the event name can be created', async () => {
  const guest = await newGuest(browser);
  const { page } = guest;
  const email = newEmail();
  await signUp(page, email, 'Maria Cliente');
  await fillCart(page);
  // The coupon's 10 %: 2400 struck through, 2160 to pay.
  await page.getByText('Total com desconto: R$ 2.160,00').waitFor();
  await fillCustomer(page, email);
  await page.getByRole('button', { name: 'Pagar com Cartão de Crédito' }).click();
  await fillCard(page, 'APRO');
  await expectAccessible(page);
  const options = await page.getByLabel('Parcelas').locator('option').allTextContents();
  expect(options[0]?.replace(/\u00a0/g, ' ')).toBe('1x de R$ 2.160,00 (sem juros)');
  await page.getByRole('button', { name: 'Finalizar pedido' }).click();
  // Both say so together, before the page moves on to the account's orders.
  await page.getByRole('status').filter({ hasText: 'Pagamento aprovado! Seu pedido está pago.' }).waitFor();
  expect(await page.getByText('Pedido registrado com sucesso!').count()).toBe(1);
  await page.waitForURL(ordersUrl());

  const order = page.getByRole('listitem').filter({ hasText: 'Aniversário da Maria' });
  await order.getByText('Pago').waitFor();
  expect(((await order.textContent()) ?? '').replace(/\u00a0/g, ' ')).toContain('R$ 2.160,00');

  await page.getByRole('button', { name: 'Meu Evento' }).click();
  const name = `maria_${Date.now().toString(36)}`;
  await page.getByLabel('Nome do evento').fill(name);
  await page.getByText('OK', { exact: true }).waitFor();
  await page.getByRole('button', { name: 'Criar meu Evento' }).click();
  await page.getByText('Evento criado.').waitFor();
  expectClean(guest);
  await guest.close();
});

it(`a card held by OTHE is refused with a clear message and no paid order; APRO then pays the same order \
once`, async () => {
  const guest = await customerAtCheckout();
  const { page } = guest;
  await payByCard(page, 'OTHE');
  const refusal = page
    .getByRole('alert')
    .filter({ hasText: 'Pagamento recusado pelo banco emissor. Tente outro cartão ou pague com Pix.' });
  await refusal.waitFor();
  // Seen where 'Finalizar pedido' was tapped, the way out with it.
  await expectOnScreen(page, refusal);
  await expectOnScreen(page, page.getByRole('button', { name: 'Tentar outro cartão' }));
  expect(await page.getByText('Pedido registrado com sucesso!').count()).toBe(0);

  await page.getByLabel('Nome do titular').fill('APRO');
  await page.getByRole('button', { name: 'Finalizar pedido' }).click();
  await page.getByText('Pedido registrado com sucesso!').waitFor();
  await page.waitForURL(ordersUrl());
  await openOrders(page);
  // One order, paid: the refused charge paid nothing and the second did not make another order.
  const items = page.getByRole('list').filter({ hasText: 'Aniversário da Maria' }).getByRole('listitem');
  await items.first().getByText('Pago').waitFor();
  expect(await items.count()).toBe(1);
  expectClean(guest);
  await guest.close();
});

it(`a card held by CONT goes into review: the order is registered and waits, told so, and nothing is \
paid`, async () => {
  const guest = await customerAtCheckout();
  const { page } = guest;
  await payByCard(page, 'CONT');
  // Both say so together, before the page moves on to the account.
  await page.getByText('Pagamento em análise: avisaremos quando for aprovado.').waitFor();
  expect(await page.getByText('Pedido registrado com sucesso!').count()).toBe(1);
  expect(await page.getByText('Pagamento aprovado! Seu pedido está pago.').count()).toBe(0);
  await page.waitForURL(ordersUrl());
  const order = page.getByRole('listitem').filter({ hasText: 'Aniversário da Maria' });
  await order.getByText('Aguardando pagamento').waitFor();
  expect(await order.getByText('Pago').count()).toBe(0);
  expectClean(guest);
  await guest.close();
});

it('Pix: the order waits, the sandbox transfer arrives, and the order is paid', async () => {
  const guest = await customerAtCheckout();
  const { page } = guest;
  await page.getByRole('button', { name: 'Pagar com Pix' }).click();
  await page.getByRole('img', { name: 'QR code do Pix deste pedido' }).waitFor();
  // The panel opened below the methods is brought up to where the customer looks.
  await expectOnScreen(page, page.getByRole('img', { name: 'QR code do Pix deste pedido' }));
  const code = await page.getByLabel('Pix copia e cola').inputValue();
  expect(code).toMatch(/^000201/);
  expect(code).toContain('54072160.00');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Finalizar pedido' }).click();
  await page.getByText('Pedido registrado com sucesso!').waitFor();
  await page.waitForURL(ordersUrl());

  // The order followed from the checkout on: no reload from here to paid.
  const order = page.getByRole('listitem').filter({ hasText: 'Aniversário da Maria' });
  await order.getByText('Aguardando pagamento').waitFor();
  await order.getByRole('img', { name: /^QR code Pix do pedido \d{9}$/ }).waitFor();
  await markPage(page);
  const orderId = ((await order.locator('.orders__number').textContent()) ?? '').replace(/\D/g, '');
  expect(orderId).toMatch(/^[1-9]\d{8}$/);

  const paid = await fetch(`${baseUrl()}/api/sandbox/pix/${orderId}/pay`, { method: 'POST' });
  expect(paid.status).toBe(200);
  // The list follows waiting orders: it turns paid without a reload.
  await order.getByText('Pago').waitFor();
  expect(await order.getByLabel('Pix copia e cola').count()).toBe(0);
  await expectNotReloaded(page);
  expectClean(guest);
  await guest.close();
});

it('signed out: the order waits in the cookies, and after signing up it is in the account', async () => {
  const guest = await newGuest(browser);
  const { page } = guest;
  const email = newEmail();
  await fillCart(page);
  await fillCustomer(page, email);
  await payByCard(page, 'APRO');
  await page.getByText('Pedido registrado com sucesso!').waitFor();
  await eventually(async () => {
    const names = (await page.context().cookies()).map((cookie) => cookie.name);
    expect(names).toEqual(expect.arrayContaining(['transaction', 'transactionClaim', 'loginRequired']));
  });
  // /account says the order waits for a login, and every other page leads there, the
  // pre-rendered landing page too (hydrated without a mismatch: no React error #418).
  const orderId = await cookie(page, 'transaction');
  await page.waitForURL(`${baseUrl()}/account`);
  await page.getByText(waitingMessage(orderId)).waitFor();
  // Not only registered: what happened to the payment, before any sign-in.
  await page
    .getByRole('region', { name: `Pedido ${orderId}` })
    .getByRole('status')
    .filter({ hasText: 'Pagamento aprovado! Seu pedido está pago.' })
    .waitFor();
  await expectAccessible(page, '/account, an order waiting for a login');
  for (const path of ['/', '/eventos']) {
    await page.goto(`${baseUrl()}${path}`);
    await page.waitForURL(`${baseUrl()}/account`);
    await page.getByText(waitingMessage(orderId)).waitFor();
  }
  // A new customer signs up.
  await signUp(page, email, 'Maria Cliente');
  await eventually(async () => {
    const names = (await page.context().cookies()).map((cookie) => cookie.name);
    expect(names).not.toContain('loginRequired');
  });
  await openOrders(page);
  await page.getByRole('listitem').filter({ hasText: 'Aniversário da Maria' }).getByText('Pago').waitFor();
  // No 'Você não está logado!': the customer was told why to log in instead.
  expectClean(guest);
  await guest.close();
});

it(`signed out with an order waiting, /eventos opened by its address shows /account with nothing of the list's page \
over it`, async () => {
  // A first load from the network (no service worker yet): the page the server draws for it.
  const guest = await newGuest(browser, { serviceWorkers: 'block' });
  const { page } = guest;
  const cookies = ['transaction=123456789', 'loginRequired=true'].map((pair) => ({
    name: pair.split('=')[0],
    value: pair.split('=')[1],
    url: baseUrl(),
  }));
  await page.context().addCookies(cookies);
  await page.goto(`${baseUrl()}/eventos`);
  await page.waitForURL(`${baseUrl()}/account`);
  await page.getByText(waitingMessage('123456789')).waitFor();
  // The events list's empty state (drawn by the server for a visitor with no events) is not there.
  expect(await page.locator('[data-events-shell]').count()).toBe(0);
  await guest.close();
});

it(`signed out, Pix: the code stays after Finalizar pedido and on /account, the sandbox pays it, and the page says \
paid without a reload`, async () => {
  const guest = await newGuest(browser);
  const { page } = guest;
  await fillCart(page);
  await fillCustomer(page, newEmail());
  await page.getByRole('button', { name: 'Pagar com Pix' }).click();
  const code = await page.getByLabel('Pix copia e cola').inputValue();
  expect(code).toMatch(/^000201/);
  await markPage(page);
  await page.getByRole('button', { name: 'Finalizar pedido' }).click();
  await page.getByText('Pedido registrado com sucesso!').waitFor();
  const orderId = await eventuallyCookie(page, 'transaction');
  const order = page.getByRole('region', { name: `Pedido ${orderId}` });
  const pixWaiting =
    'Aguardando o Pix: pague pelo QR code ou pelo Pix copia e cola. Esta tela avisa quando o pagamento chegar.';
  // At the checkout, then on /account (docs/product.md#checkout), signed out: the state and the code to pay stay.
  await order.getByRole('status').filter({ hasText: pixWaiting }).waitFor();
  await order.getByRole('img', { name: `QR code Pix do pedido ${orderId}` }).waitFor();
  expect(await order.getByLabel('Pix copia e cola').inputValue()).toBe(code);
  await page.waitForURL(`${baseUrl()}/account`);
  await page.getByText(waitingMessage(orderId)).waitFor();
  await order.getByRole('status').filter({ hasText: pixWaiting }).waitFor();
  await order.getByRole('img', { name: `QR code Pix do pedido ${orderId}` }).waitFor();
  expect(await order.getByLabel('Pix copia e cola').inputValue()).toBe(code);
  await order.getByRole('button', { name: 'Copiar código Pix' }).waitFor();
  await expectAccessible(page, '/account, a Pix order waiting for its payment, signed out');
  await screenshots(page, 'pedido-pix-aguardando');

  // The customer's bank pays it (the sandbox settles it as Mercado Pago's webhook would).
  const paid = await fetch(`${baseUrl()}/api/sandbox/pix/${orderId}/pay`, { method: 'POST' });
  expect(paid.status).toBe(200);
  await order.getByRole('status').filter({ hasText: 'Pagamento aprovado! Seu pedido está pago.' }).waitFor();
  expect(await order.getByLabel('Pix copia e cola').count()).toBe(0);
  await expectNotReloaded(page);
  await screenshots(page, 'pedido-pix-pago');
  expectClean(guest);
  await guest.close();
});
