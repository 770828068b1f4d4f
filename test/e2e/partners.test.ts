/**
 * The partner programme against the whole stack: the team creates a contract and invites a
 * partner name, a new account accepts the invitation, the partner hands out a coupon link, a
 * customer buys with it, and the partner's deals show the sale with its balance and status.
 */
import crypto from 'node:crypto';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { expectAccessible } from './support/accessibility';
import { baseUrl, launchBrowser } from './support/browser';
import { downloadBytes } from './support/downloadBytes';
import { eventually } from './support/eventually';
import { logIn, newGuest } from './support/guest';
import { fillCard, fillCart, fillCustomer, newEmail, signUp } from './support/shop';

let browser: Browser;

const PHONE_WIDTH = 390;

/** Where the closing note's screenshots go, when asked for (nothing is written otherwise). */
const SHOTS = process.env.SCREENSHOTS_DIR;

/**
 * How wide the page is, and what sticks out of the phone's width (tag, class, right edge) to name
 * the culprit. What sticks out inside a scroll container (the table, the chart) is scrolled to,
 * not laid out past the page, so it is left out.
 */
function pageOverflow(page: Page): Promise<{ scrollWidth: number; outside: string[] }> {
  return page.evaluate((width) => {
    const scrolled = (element: Element) => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX !== 'visible') return true;
      }
      return false;
    };
    const outside = [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > width + 0.5 && !scrolled(element))
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}.${element.getAttribute('class') ?? ''} ` +
          `${Math.round(element.getBoundingClientRect().right)}`,
      );
    return { scrollWidth: document.documentElement.scrollWidth, outside };
  }, PHONE_WIDTH);
}

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(() => browser.close());

it('team contract and invitation, a partner who copies a coupon link, a sale with it in the deals', async () => {
  const partnerName = `parc_${Date.now().toString(36)}`;

  // The team: authorize the name (the link is copied and shown), then a contract for it.
  const team = await newGuest(browser);
  await team.page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await logIn(team.page, 'equipe@cabine.example', 'demo1234');
  await team.page.getByRole('heading', { name: /^Olá, / }).waitFor();
  await team.page.goto(`${baseUrl()}/authorizePartner`);
  await team.page.getByLabel('Partner name').fill(partnerName);
  await team.page.getByText('Name available').waitFor();
  await expectAccessible(team.page);
  await team.page.getByRole('button', { name: 'Authorize' }).click();
  const linkField = team.page.getByLabel('Invitation link');
  await linkField.waitFor();
  const invitation = await linkField.inputValue();
  expect(invitation).toMatch(new RegExp(`/invitation\\?hash=[0-9a-z]{33}&partnerName=${partnerName}$`));
  await eventually(() => expect(team.alerts).toEqual(['Link generated and copied to clipboard']));

  await team.page.goto(`${baseUrl()}/createContract`);
  await team.page.getByLabel('Partner name').fill(partnerName);
  await team.page.getByLabel('Contract duration (days)').fill('30');
  await team.page.getByLabel('Commission (%)').fill('10');
  await team.page.getByLabel('Discount (%)').fill('5');
  await team.page.getByLabel('Number of coupons').fill('10');
  await team.page.getByLabel('Kit').fill('Kit festa');
  await expectAccessible(team.page);
  await team.page.getByRole('button', { name: 'Submit' }).click();
  await eventually(() => expect(team.alerts).toHaveLength(2));
  expect(team.alerts[1]).toContain(partnerName);
  expect(team.errors).toEqual([]);
  await team.close();

  // A new account opens the invitation and becomes that partner.
  const partner = await newGuest(browser);
  await partner.page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await signUp(partner.page, newEmail(), 'Parceira Nova');
  await partner.page.goto(invitation);
  await partner.page.getByRole('button', { name: 'Confirmar' }).click();
  await partner.page.waitForURL(`${baseUrl()}/account`);
  await eventually(() => expect(partner.alerts).toEqual(['Successfully authorized!']));
  await partner.page.getByRole('link', { name: 'Página do Parceiro' }).click();

  // The partner copies the contract's coupon link.
  await partner.page.getByRole('button', { name: 'Copiar Link do Cupom' }).waitFor();
  await expectAccessible(partner.page);
  await partner.page.getByRole('button', { name: 'Copiar Link do Cupom' }).click();
  await eventually(() => expect(partner.alerts).toEqual(['Successfully authorized!', 'Cupom copiado!']));
  // The page reloads after the copy (docs/product.md#partner-page); the clipboard keeps the link.
  await partner.page.waitForLoadState('load');
  await partner.page.getByRole('button', { name: 'Copiar Link do Cupom' }).waitFor();
  const copied = await partner.page.evaluate(() => navigator.clipboard.readText());
  const coupon = new URL(copied).searchParams.get('coupon') ?? '';
  expect(copied).toBe(`${baseUrl()}/shop?coupon=${coupon}`);
  expect(coupon).toMatch(new RegExp(`^${partnerName.toUpperCase()}-`));

  // A customer buys with it: 2400 for the cart, 5 % off, paid by card.
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
  // And an earlier party, 16 months before that one, ordered with Pix and not paid yet: 2400 for
  // the cart, balance round(2400 x 10 % x (1 - 5 %)) = 228 to receive, in January 2026.
  const pix = await customer.page.evaluate(
    async ({ coupon, email, orderId, claim }) => {
      const response = await fetch(`/api/order/${coupon}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          products: [
            { id: 'cabine-360', quantity: 1, hours: 3, selectedAccessories: [{ name: 'Plataforma com LED' }] },
          ],
          clientName: 'Maria Cliente',
          eventName: 'Réveillon da Maria',
          eventDate: '2026-01-10',
          eventTime: '22:00',
          paymentMethod: 'pix',
          email,
          cpf: '52998224725',
          orderId,
          claim,
        }),
      });
      return response.status;
    },
    {
      coupon,
      email,
      orderId: String(100_000_000 + crypto.randomInt(899_999_999)),
      claim: crypto.randomBytes(16).toString('base64url'),
    },
  );
  expect(pix).toBe(200);
  await customer.close();

  // The partner's deals: the sale, paid, with its balance round(2400 x 10 % x (1 - 5 %)) = 228.
  // On the phone each deal is a card: its balance and status in sight, no sideways swipe.
  await partner.page.goto(`${baseUrl()}/deals?partner=${partnerName}`);
  const cards = partner.page.getByRole('list', { name: 'Negócios' });
  const deal = cards.getByRole('listitem').filter({ hasText: 'Aniversário da Maria' });
  await deal.getByText('Pago').waitFor();
  const text = ((await deal.textContent()) ?? '').replace(/\u00a0/g, ' ');
  expect(text).toContain('Maria Cliente');
  expect(text).toContain('R$ 228,00');
  const waiting = cards.getByRole('listitem').filter({ hasText: 'Réveillon da Maria' });
  await waiting.getByText('Aguardando pagamento').waitFor();
  expect(await partner.page.getByRole('table', { name: 'Negócios' }).count()).toBe(0);
  for (const shown of [
    deal.getByText('R$ 228,00'),
    deal.getByText('Pago'),
    waiting.getByText('Aguardando pagamento'),
  ]) {
    const box = await shown.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= PHONE_WIDTH).toBe(true);
  }
  expect(
    await cards.evaluate(
      (list) =>
        [...list.querySelectorAll('*')].filter((element) => element.scrollWidth > element.clientWidth + 1).length,
    ),
  ).toBe(0);

  // The export, as a Brazilian spreadsheet opens it: a UTF-8 byte-order mark, fields split by ';'.
  const [download] = await Promise.all([
    partner.page.waitForEvent('download'),
    partner.page.getByRole('button', { name: 'Exportar CSV' }).click(),
  ]);
  const csv = await downloadBytes(download);
  expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const [header, ...rows] = csv.subarray(3).toString('utf8').split('\r\n');
  expect(header).toBe(
    'Evento;Cliente;Data do evento;Horário;Produtos;Total (R$);Comissão (%);Desconto (%);Saldo (R$);Status',
  );
  expect(rows.find((row) => row.startsWith('Aniversário da Maria;'))).toMatch(
    /^Aniversário da Maria;Maria Cliente;\d\d\/\d\d\/\d{4};.*;2400,00;10;5;228,00;Pago$/,
  );

  // The chart: every month from January 2026 to May 2027, its bars adding up to the summary.
  const label = async (bar: Locator) => ((await bar.getAttribute('aria-label')) ?? '').replace(/\u00a0/g, ' ');
  const receivable = partner.page.locator('.deals__summary > div').filter({ hasText: 'A receber' }).locator('dd');
  expect(((await receivable.textContent()) ?? '').replace(/\u00a0/g, ' ')).toMatch(/^R\$ 228,00 /);
  const bars = partner.page.getByRole('group', { name: 'Saldo por mês do evento' }).getByRole('img');
  expect(await bars.count()).toBe(17);
  expect(await label(bars.first())).toBe('janeiro de 2026: R$ 0,00 pagos, R$ 228,00 a receber');
  expect(await label(bars.last())).toBe('maio de 2027: R$ 228,00 pagos, R$ 0,00 a receber');

  // Nothing is wider than the 390 px phone: the chart scrolls inside its region.
  expect(await pageOverflow(partner.page)).toEqual({ scrollWidth: PHONE_WIDTH, outside: [] });
  await expectAccessible(partner.page);
  if (SHOTS) await partner.page.screenshot({ path: path.join(SHOTS, 'deals-phone.png'), fullPage: true });

  // On a computer the table stays, every column in the page.
  await partner.page.setViewportSize({ width: 1280, height: 800 });
  const table = partner.page.getByRole('table', { name: 'Negócios' });
  await table.getByRole('row').filter({ hasText: 'Aniversário da Maria' }).getByText('Pago').waitFor();
  // Nothing to scroll to: the status column ends inside the page's column.
  expect(await table.evaluate((element) => element.scrollWidth <= (element.parentElement?.clientWidth ?? 0))).toBe(
    true,
  );
  await expectAccessible(partner.page);
  if (SHOTS) await partner.page.screenshot({ path: path.join(SHOTS, 'deals-computer.png'), fullPage: true });
  expect(partner.errors).toEqual([]);
  await partner.close();
});
