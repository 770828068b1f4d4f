/**
 * A partner's coupon at work, against the whole stack: a guest opens the shop with the partner's
 * coupon, buys and pays by card in the sandbox, and the partner's deals page counts, in this
 * month's row of that coupon, the visit, the order, the paid order and the commission.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Locator } from 'playwright-core';
import { expectAccessible } from './support/accessibility';
import { baseUrl, launchBrowser } from './support/browser';
import { logIn, newGuest } from './support/guest';
import { seedIn } from './support/seedBeside';
import { fillCard, fillCart, fillCustomer, newEmail, signUp } from './support/shop';

let browser: Browser;
let seedDir: string;

/** Where the closing note's screenshots go, when asked for (nothing is written otherwise). */
const SHOTS = process.env.SCREENSHOTS_DIR;
const PHONE_WIDTH = 390;

beforeAll(async () => {
  browser = await launchBrowser();
  seedDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coupon-months-seed-'));
});

afterAll(async () => {
  await browser.close();
  fs.rmSync(seedDir, { recursive: true, force: true });
});

/** The month it is in Brazil, as the deals page names it ('novembro de 2026'). */
function thisMonth(): string {
  return new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', month: 'long', year: 'numeric' }).format(
    new Date(),
  );
}

/** A row's cells as a person reads them: Intl's no-break spaces as spaces. */
async function cells(row: Locator): Promise<string[]> {
  return (await row.locator('th, td').allTextContents()).map((cell) => cell.replace(/\u00a0/g, ' ').trim());
}

it("counts the guest's visit, order, payment and the commission in this month's row of the coupon", async () => {
  // A partner of its own, beside the demo's (whose deals other journeys read): its contract at
  // 10 % commission with 5 % off, one coupon handed out, and its account.
  const stamp = `${Date.now().toString(36)}${crypto.randomBytes(2).toString('hex')}`;
  const partnerName = `cupom_${stamp}`;
  const coupon = `CUPOM_${stamp.toUpperCase()}-0001`;
  const partnerLogin = { email: `parceiro-${stamp}@cabine.example`, password: 'segredo-123' };
  await seedIn(seedDir, {
    partners: [{ name: partnerName }],
    contracts: [
      {
        partner: partnerName,
        title: 'Contrato 1',
        rate: 10,
        discount: 0.05,
        kit: 'Kit festa',
        nCoupons: 5,
        durationDays: 30,
        nextCoupon: `CUPOM_${stamp.toUpperCase()}-0002`,
      },
    ],
    coupons: [{ code: coupon, discount: 0.05, contract: `${partnerName}/Contrato 1` }],
    accounts: [{ uid: `parceiro-${stamp}`, ...partnerLogin, displayName: 'Parceira Cupom', partner: partnerName }],
  });

  // The guest opens the shop with the coupon (the visit), fills the cart, and pays 2280 by card.
  const customer = await newGuest(browser);
  const email = newEmail();
  await signUp(customer.page, email, 'Maria Cliente');
  await fillCart(customer.page, coupon);
  await customer.page.getByText('Total com desconto: R$ 2.280,00').waitFor();
  await fillCustomer(customer.page, email);
  await customer.page.getByRole('button', { name: 'Pagar com Cartão de Crédito' }).click();
  await fillCard(customer.page, 'APRO');
  await customer.page.getByRole('button', { name: 'Finalizar pedido' }).click();
  await customer.page.getByText('Pedido registrado com sucesso!').waitFor();
  expect(customer.errors).toEqual([]);
  await customer.close();

  // The partner's deals: one visit (the shop and the checkout, the same visitor that day), one
  // order, paid, and its commission round(2400 x 10 % x (1 - 5 %)) = 228.
  const partner = await newGuest(browser);
  await logIn(partner.page, partnerLogin.email, partnerLogin.password);
  await partner.page.getByRole('heading', { name: /^Olá, / }).waitFor();
  await partner.page.goto(`${baseUrl()}/deals?partner=${partnerName}`);
  const section = partner.page.getByRole('region', { name: 'Seus cupons por mês' });
  const table = section.getByRole('table', { name: `Contrato 1 · cupom ${coupon}` });
  await table.waitFor();
  const rows = table.getByRole('row');
  expect(await cells(rows.first())).toEqual(['Mês', 'Visitas', 'Pedidos', 'Pagos', 'Comissão']);
  expect(await cells(rows.nth(1))).toEqual([thisMonth(), '1', '1', '1', 'R$ 228,00']);
  expect(await rows.count()).toBe(2);

  // On the phone the table fits: nothing sticks out of its 390 px.
  expect(await partner.page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE_WIDTH);
  expect(await table.evaluate((element) => element.scrollWidth <= (element.parentElement?.clientWidth ?? 0))).toBe(
    true,
  );
  await expectAccessible(partner.page);
  if (SHOTS) await section.screenshot({ path: path.join(SHOTS, 'coupon-months-phone.png') });

  await partner.page.setViewportSize({ width: 1280, height: 800 });
  await table.waitFor();
  await expectAccessible(partner.page);
  if (SHOTS) await section.screenshot({ path: path.join(SHOTS, 'coupon-months-computer.png') });
  expect(partner.errors).toEqual([]);
  await partner.close();
});
