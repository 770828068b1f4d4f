import { newInvitationHash } from '../../../contract/invitationHash';
import { newUser, type TestUser } from '../support/testServer';
import {
  authorizeHash,
  authorizePartner,
  contractPayload,
  createContract,
  launch,
  launchBody,
  lastCoupon,
  ODD_NAMES,
  partner,
  server,
  stranger,
  team,
  withPartnerServer,
} from './support';

type Month = { month: string; visits: number; orders: number; paidOrders: number; commission: number };
type Report = { coupon: string; contractTitle: string; months: Month[] };

/** The month it is in Brazil, as the report names it. */
const THIS_MONTH = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Sao_Paulo',
  year: 'numeric',
  month: '2-digit',
})
  .format(new Date())
  .slice(0, 7);

/** Another partner, with an account of its own (linked in beforeAll). */
let other: TestUser;
/** parceiro1's launched coupon. */
let coupon: string;

withPartnerServer();

beforeAll(async () => {
  other = await newUser('outro');
  const hash = newInvitationHash();
  expect((await authorizeHash({ partnerName: 'outro', hash }, team.token)).statusCode).toBe(200);
  expect((await authorizePartner({ partnerName: 'outro', hash }, other.token)).statusCode).toBe(200);
  expect((await createContract(contractPayload({ partner: 'outro' }), team.token)).statusCode).toBe(200);
  coupon = await lastCoupon('parceiro1', 'Contrato 1');
  expect((await launch(launchBody(coupon), partner.token)).statusCode).toBe(200);
});

async function report(name = 'parceiro1', token = partner.token): Promise<Report[]> {
  const response = await server.call({ method: 'GET', url: `/api/deals/${name}/coupons`, token });
  expect(response.statusCode).toBe(200);
  return response.json();
}

/** This month's figures of parceiro1's coupon (zeros when nothing happened yet). */
async function thisMonth(): Promise<Omit<Month, 'month'>> {
  const found = (await report()).find((r) => r.coupon === coupon)?.months.find((m) => m.month === THIS_MONTH);
  const { month: _month, ...figures } = found ?? { month: '', visits: 0, orders: 0, paidOrders: 0, commission: 0 };
  return figures;
}

/** The shop opened with `code` by the browser of `agent` (the cookies this server signed), or by `cookie`. */
function openShop(code: string, visitor: { agent: string } | { cookie?: string }) {
  const cookie = 'agent' in visitor ? server.visitorCookie(visitor.agent) : visitor.cookie;
  return server.call({ method: 'GET', url: `/api/shop/${code}/ignorado1`, headers: cookie ? { cookie } : {} });
}

let nextOrder = 400_000_000;
/** A Pix order with `code`: Cabine 360 for 3 h with Neon (1350), 5 % off; answers its id. */
async function pixOrder(
  code: string,
  buyer: { token?: string; email?: string } = {},
  orderId = String((nextOrder += 1)),
): Promise<string> {
  const response = await server.call({
    method: 'POST',
    url: `/api/order/${code}`,
    token: buyer.token,
    payload: {
      products: [{ id: 'cabine360', hours: 3, quantity: 1, selectedAccessories: [{ name: 'Neon' }] }],
      total: 1350,
      clientName: 'Cliente do Cupom',
      eventName: `Festa ${orderId}`,
      eventDate: '2030-07-01',
      eventTime: '20:00',
      paymentMethod: 'pix',
      email: buyer.email ?? 'cliente@example.com',
      cpf: '12345678909',
      orderId,
      claim: `segredo-${orderId}-do-cupom`,
    },
  });
  expect(response.statusCode).toBe(200);
  return orderId;
}

const payPix = (orderId: string) => server.call({ method: 'POST', url: `/api/sandbox/pix/${orderId}/pay` });

describe('GET /api/deals/{partner}/coupons', () => {
  it('counts a visitor once a day per coupon: a reload adds nothing, another visitor adds one', async () => {
    expect(await thisMonth()).toEqual({ visits: 0, orders: 0, paidOrders: 0, commission: 0 });
    expect((await openShop(coupon, { agent: 'visitante0001' })).statusCode).toBe(200);
    expect(await thisMonth()).toMatchObject({ visits: 1 });
    await openShop(coupon, { agent: 'visitante0001' });
    await openShop(coupon, { agent: 'visitante0001' });
    expect(await thisMonth()).toMatchObject({ visits: 1 });
    await openShop(coupon, { agent: 'visitante0002' });
    expect(await thisMonth()).toMatchObject({ visits: 2, orders: 0 });
  });

  it('counts no visitor the server did not sign, no refused coupon, and no coupon without a partner', async () => {
    const before = await thisMonth();
    expect((await openShop(coupon, {})).statusCode).toBe(200);
    // An agent made up by the client: served as a new visitor, who is nobody yet.
    const madeUp = await openShop(coupon, { cookie: 'agent=inventado0001' });
    expect(madeUp.statusCode).toBe(200);
    expect(await thisMonth()).toEqual(before);
    expect((await openShop('VENCIDO', { agent: 'visitante0003' })).statusCode).toBe(404);
    expect((await openShop('DEZ', { agent: 'visitante0003' })).statusCode).toBe(200);
    expect((await server.db.query('SELECT coupon FROM coupon_visits ORDER BY coupon')).rows).toEqual([
      { coupon },
      { coupon },
    ]);
  });

  it('keeps no agent: a visit is a digest of the day, the coupon and the agent', async () => {
    const { rows } = await server.db.query<{ visitor: string }>('SELECT * FROM coupon_visits');
    expect(rows).toHaveLength(2);
    expect(JSON.stringify(rows)).not.toContain('visitante');
    for (const { visitor } of rows) expect(visitor).toMatch(/^[0-9a-f]{64}$/);
  });

  it('moves orders once per order, and paid orders and the commission once when it is paid', async () => {
    const before = await thisMonth();
    const orderId = await pixOrder(coupon);
    // The buyer's browser sends it again (a retry): still one order.
    await pixOrder(coupon, {}, orderId);
    const after = await thisMonth();
    expect(after).toEqual({ ...before, orders: before.orders + 1, paidOrders: 0, commission: 0 });

    expect((await payPix(orderId)).statusCode).toBe(200);
    // round(1350 x 10 % x (1 - 5 %)) = round(128.25) = 128
    expect(await thisMonth()).toEqual({ ...after, paidOrders: 1, commission: 128 });
    expect((await payPix(orderId)).statusCode).toBe(409);
    expect(await thisMonth()).toEqual({ ...after, paidOrders: 1, commission: 128 });
  });

  it("counts the partner's own purchase as an order, paid, without commission", async () => {
    const before = await thisMonth();
    const orderId = await pixOrder(coupon, { token: partner.token, email: partner.email });
    expect((await payPix(orderId)).statusCode).toBe(200);
    expect(await thisMonth()).toEqual({
      ...before,
      orders: before.orders + 1,
      paidOrders: before.paidOrders + 1,
      commission: before.commission,
    });
  });

  it('puts each visit and order in its month in Brazil, the newest month first', async () => {
    const orderId = await pixOrder(coupon);
    expect((await payPix(orderId)).statusCode).toBe(200);
    // 1 February 2026 at 01:00 UTC is still 31 January in Brazil (UTC-3).
    await server.db.query("UPDATE orders SET created_at = '2026-02-01T01:00:00Z' WHERE order_id = $1", [orderId]);
    await server.db.query(
      "INSERT INTO coupon_visits (coupon, day, visitor) VALUES ($1, '2026-01-31', repeat('a', 64))",
      [coupon],
    );
    const [found] = await report();
    expect(found).toMatchObject({ coupon, contractTitle: 'Contrato 1' });
    expect(found.months.map((m) => m.month)).toEqual([THIS_MONTH, '2026-01']);
    expect(found.months[1]).toEqual({ month: '2026-01', visits: 1, orders: 1, paidOrders: 1, commission: 128 });
  });

  it('answers the team the same, and another partner nothing of it', async () => {
    expect(await report('parceiro1', team.token)).toEqual(await report());
    expect(await report('outro', other.token)).toEqual([]);
    for (const [name, token] of [
      ['parceiro1', other.token],
      ['outro', partner.token],
      ['parceiro1', stranger.token],
    ]) {
      const response = await server.call({ method: 'GET', url: `/api/deals/${name}/coupons`, token });
      expect({ name, status: response.statusCode }).toEqual({ name, status: 403 });
    }
  });

  it('answers 401 without a valid token and 400 to odd names', async () => {
    expect((await server.call({ method: 'GET', url: '/api/deals/parceiro1/coupons' })).statusCode).toBe(401);
    const forged = await server.call({ method: 'GET', url: '/api/deals/parceiro1/coupons', token: 'nope' });
    expect(forged.statusCode).toBe(401);
    for (const name of ODD_NAMES) {
      const response = await server.call({ method: 'GET', url: `/api/deals/${name}/coupons`, token: team.token });
      expect({ name, status: response.statusCode }).toEqual({ name, status: 400 });
    }
  });
});
