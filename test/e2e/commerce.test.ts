/**
 * Commerce journeys against the whole stack (the sandbox standing in for Mercado Pago): from a
 * coupon link to a paid order and the event name it unlocks, by card and by Pix, signed in and out.
 */
import crypto from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { expectAccessible } from './support/accessibility';
import { baseUrl, launchBrowser } from './support/browser';
import { eventually } from './support/eventually';
import { newGuest, type Guest } from './support/guest';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(() => browser.close());

const PASSWORD = 'segredo-123';

function newEmail(): string {
  return `cliente-${crypto.randomBytes(4).toString('hex')}@example.com`;
}

/** A new account through the signup screen; it lands on /account. */
async function signUp(page: Page, email: string, name: string): Promise<void> {
  await page.goto(`${baseUrl()}/signup`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Nova senha').fill(PASSWORD);
  await page.getByLabel('Repetir senha').fill(PASSWORD);
  await page.getByLabel('Nome ou apelido').fill(name);
  await page.getByLabel('Celular com DDD').fill('11988887777');
  await page.getByRole('button', { name: 'Criar conta' }).click();
  await page.getByRole('heading', { name: `Olá, ${name}!` }).waitFor();
}

/** From the partner's coupon link: Cabine 360° for 3 h with the LED platform, then Checkout. */
async function fillCart(page: Page): Promise<void> {
  await page.goto(`${baseUrl()}/shop?coupon=BEMVINDO10`);
  const card = page.getByRole('article', { name: 'Cabine 360°' });
  await card.getByRole('button', { name: 'Adicionar ao carrinho' }).click();
  await card.getByRole('button', { name: 'Mais uma hora' }).click();
  await card.getByRole('checkbox', { name: /Plataforma com LED/ }).check();
  // 1800 + 350 + 250 = 2400
  await card.getByText('R$ 2.400,00').first().waitFor();
  await page.getByRole('button', { name: 'Checkout' }).click();
  await page.waitForURL(`${baseUrl()}/checkout?coupon=BEMVINDO10`);
}

async function fillCustomer(page: Page, email: string): Promise<void> {
  await page.getByLabel('Nome', { exact: true }).fill('Maria Cliente');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('CPF', { exact: true }).fill('52998224725');
  await page.getByLabel('Nome do evento').fill('Aniversário da Maria');
  await page.getByLabel('Data do evento').fill('2027-05-20');
  await page.getByLabel('Horário do evento').fill('19:30');
  await page.getByRole('button', { name: 'Ir para pagamento' }).click();
}

async function fillCard(page: Page, holder: string): Promise<void> {
  await page.getByLabel('Número do cartão').fill('5031433215406351');
  await page.getByLabel('Nome do titular').fill(holder);
  await page.getByLabel('Validade (MM/AA)').pressSequentially('1130');
  await page.getByLabel('Código de segurança (CVC)').fill('123');
  await page.getByLabel('CPF do titular').fill('52998224725');
  // The provider's lookup names the brand of 5031 43: Mastercard.
  await page.locator('.card-preview__brand', { hasText: 'Mastercard' }).waitFor();
}

async function openOrders(page: Page): Promise<void> {
  await page.goto(`${baseUrl()}/account?secao=pedidos`);
  await page.getByRole('heading', { name: 'Pedidos' }).waitFor();
}

function expectClean(guest: Guest, alerts: string[] = []): void {
  expect(guest.alerts).toEqual(alerts);
  expect(guest.errors).toEqual([]);
}

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
  await page.getByText('Pedido registrado com sucesso!').waitFor();
  await page.waitForURL(`${baseUrl()}/account`);

  await openOrders(page);
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

it('a card held by OTHE is refused with a clear message and no paid order; APRO then pays the same order once', async () => {
  const guest = await newGuest(browser);
  const { page } = guest;
  const email = newEmail();
  await signUp(page, email, 'Maria Cliente');
  await fillCart(page);
  await fillCustomer(page, email);
  await page.getByRole('button', { name: 'Pagar com Cartão de Crédito' }).click();
  await fillCard(page, 'OTHE');
  await page.getByRole('button', { name: 'Finalizar pedido' }).click();
  await page.getByRole('alert').filter({ hasText: 'Pagamento recusado pelo banco emissor. Tente outro cartão ou pague com Pix.' }).waitFor();
  expect(await page.getByText('Pedido registrado com sucesso!').count()).toBe(0);

  await page.getByLabel('Nome do titular').fill('APRO');
  await page.getByRole('button', { name: 'Finalizar pedido' }).click();
  await page.getByText('Pedido registrado com sucesso!').waitFor();
  await page.waitForURL(`${baseUrl()}/account`);
  await openOrders(page);
  // One order, paid: the refused charge paid nothing and the second did not make another order.
  const items = page.getByRole('list').filter({ hasText: 'Aniversário da Maria' }).getByRole('listitem');
  await items.first().getByText('Pago').waitFor();
  expect(await items.count()).toBe(1);
  expectClean(guest);
  await guest.close();
});

it('Pix: the order waits, the sandbox transfer arrives, and the order is paid', async () => {
  const guest = await newGuest(browser);
  const { page } = guest;
  const email = newEmail();
  await signUp(page, email, 'Maria Cliente');
  await fillCart(page);
  await fillCustomer(page, email);
  await page.getByRole('button', { name: 'Pagar com Pix' }).click();
  await page.getByRole('img', { name: 'QR code do Pix deste pedido' }).waitFor();
  const code = await page.getByLabel('Pix copia e cola').inputValue();
  expect(code).toMatch(/^000201/);
  expect(code).toContain('54072160.00');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Finalizar pedido' }).click();
  await page.getByText('Pedido registrado com sucesso!').waitFor();
  await page.waitForURL(`${baseUrl()}/account`);

  await openOrders(page);
  const order = page.getByRole('listitem').filter({ hasText: 'Aniversário da Maria' });
  await order.getByText('Aguardando pagamento').waitFor();
  const orderId = ((await order.locator('.orders__number').textContent()) ?? '').replace(/\D/g, '');
  expect(orderId).toMatch(/^[1-9]\d{8}$/);

  const paid = await fetch(`${baseUrl()}/api/sandbox/pix/${orderId}/pay`, { method: 'POST' });
  expect(paid.status).toBe(200);
  // The list follows waiting orders: it turns paid without a reload.
  await order.getByText('Pago').waitFor({ timeout: 20_000 });
  expectClean(guest);
  await guest.close();
});

it('signed out: the order waits in the cookies, and after signing up it is in the account', async () => {
  const guest = await newGuest(browser);
  const { page } = guest;
  const email = newEmail();
  await fillCart(page);
  await fillCustomer(page, email);
  await page.getByRole('button', { name: 'Pagar com Cartão de Crédito' }).click();
  await fillCard(page, 'APRO');
  await page.getByRole('button', { name: 'Finalizar pedido' }).click();
  await page.getByText('Pedido registrado com sucesso!').waitFor();
  await eventually(async () => {
    const names = (await page.context().cookies()).map((cookie) => cookie.name);
    expect(names).toEqual(expect.arrayContaining(['transaction', 'transactionClaim', 'loginRequired']));
  });
  // /account asks for a login; a new customer signs up instead.
  await page.waitForURL(/\/login/);
  await signUp(page, email, 'Maria Cliente');
  await eventually(async () => {
    const names = (await page.context().cookies()).map((cookie) => cookie.name);
    expect(names).not.toContain('loginRequired');
  });
  await openOrders(page);
  await page.getByRole('listitem').filter({ hasText: 'Aniversário da Maria' }).getByText('Pago').waitFor();
  // SPEC section 8: the account opened while logged out says so, once.
  expectClean(guest, ['Você não está logado!']);
  await guest.close();
});
