/** The customer's steps through the shop and the checkout, shared by the journeys that buy. */
import crypto from 'node:crypto';
import type { Page } from 'playwright-core';
import { baseUrl } from './browser';

const PASSWORD = 'segredo-123';

export function newEmail(): string {
  return `cliente-${crypto.randomBytes(4).toString('hex')}@example.com`;
}

/** A new account through the signup screen; it lands on /account. */
export async function signUp(page: Page, email: string, name: string): Promise<void> {
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
export async function fillCart(page: Page, coupon = 'BEMVINDO10'): Promise<void> {
  await page.goto(`${baseUrl()}/shop?coupon=${coupon}`);
  const card = page.getByRole('article', { name: 'Cabine 360°' });
  await card.getByRole('button', { name: 'Adicionar ao carrinho' }).click();
  await card.getByRole('button', { name: 'Mais uma hora' }).click();
  await card.getByRole('checkbox', { name: /Plataforma com LED/ }).check();
  // 1800 + 350 + 250 = 2400
  await card.getByText('R$ 2.400,00').first().waitFor();
  await page.getByRole('button', { name: 'Checkout' }).click();
  await page.waitForURL(`${baseUrl()}/checkout?coupon=${coupon}`);
}

export async function fillCustomer(page: Page, email: string): Promise<void> {
  await page.getByLabel('Nome', { exact: true }).fill('Maria Cliente');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('CPF', { exact: true }).fill('52998224725');
  await page.getByLabel('Nome do evento').fill('Aniversário da Maria');
  await page.getByLabel('Data do evento').fill('2027-05-20');
  await page.getByLabel('Horário do evento').fill('19:30');
  await page.getByRole('button', { name: 'Ir para pagamento' }).click();
}

export async function fillCard(page: Page, holder: string): Promise<void> {
  await page.getByLabel('Número do cartão').fill('5031433215406351');
  await page.getByLabel('Nome do titular').fill(holder);
  await page.getByLabel('Validade (MM/AA)').pressSequentially('1130');
  await page.getByLabel('Código de segurança (CVC)').fill('123');
  await page.getByLabel('CPF do titular').fill('52998224725');
  // The provider's lookup names the brand of 5031 43: Mastercard.
  await page.locator('.card-preview__brand', { hasText: 'Mastercard' }).waitFor();
}
