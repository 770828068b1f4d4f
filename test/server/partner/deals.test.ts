import { newInvitationHash } from '../../../contract/invitationHash';
import { dealBalance } from '../../../contract/pricing';
import { newUser, type TestUser } from '../support/testServer';
import {
  authorizeHash,
  authorizePartner,
  contractPayload,
  contracts,
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
import type { EventName } from '../../../contract/names';

/** The account of partner saldo (linked in the deals-and-balances block). */
let owner: TestUser;

withPartnerServer();

beforeAll(async () => {
  owner = await newUser('saldo');
});

/** A Pix order with coupon `coupon`: Cabine 360 for 3 h with Neon (1350). */
async function pixOrder(
  coupon: string,
  orderId: string,
  eventName: EventName,
  buyer: { token?: string; email?: string } = {},
) {
  const response = await server.call({
    method: 'POST',
    url: `/api/order/${coupon}`,
    token: buyer.token,
    payload: {
      products: [{ id: 'cabine360', hours: 3, quantity: 1, selectedAccessories: [{ name: 'Neon' }] }],
      total: 1350,
      clientName: 'Cliente do Parceiro',
      eventName,
      eventDate: '2030-07-01',
      eventTime: '20:00',
      paymentMethod: 'pix',
      email: buyer.email ?? 'cliente@example.com',
      cpf: '12345678909',
      orderId,
      claim: `claim-${orderId}-parceiro`,
    },
  });
  expect(response.statusCode).toBe(200);
}

// --- deals ----------------------------------------------------------------------------------

describe('GET /api/deals/{partner}', () => {
  beforeAll(async () => {
    // The partner page launches the coupon its contract shows first (coupons.test.ts).
    expect((await launch(launchBody('P1-NEXT'), partner.token)).statusCode).toBe(200);
    await pixOrder('P1-NEXT', '200000001', 'Festa do Parceiro');
    await pixOrder('DEZ', '200000002', 'Festa sem Parceiro');
  });

  it("lists the orders placed with the partner's coupons", async () => {
    const response = await server.call({ method: 'GET', url: '/api/deals/parceiro1', token: partner.token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      {
        eventName: 'Festa do Parceiro',
        clientName: 'Cliente do Parceiro',
        eventDate: '2030-07-01',
        eventTime: '20:00',
        products: [{ name: 'Cabine 360', hours: 3, quantity: 1, accessories: [{ name: 'Neon' }] }],
        total: 1350,
        rate: 10,
        discount: 0.05,
        status: 'pending',
      },
    ]);
    expect((await server.db.query("SELECT discounted_total FROM orders WHERE order_id = '200000001'")).rows).toEqual([
      { discounted_total: 1282.5 },
    ]);
  });

  it(`earns no commission on the partner's own purchases with its coupon, signed in or by its account's e-mail (listed \
at rate 0)`, async () => {
    const code = await lastCoupon('parceiro1', 'Contrato 1');
    expect((await launch(launchBody(code), partner.token)).statusCode).toBe(200);
    await pixOrder(code, '200000003', 'Festa Propria', { token: partner.token, email: partner.email });
    await pixOrder(code, '200000004', 'Festa Propria Sem Login', { email: partner.email.toUpperCase() });
    try {
      const response = await server.call({ method: 'GET', url: '/api/deals/parceiro1', token: partner.token });
      const rates = Object.fromEntries(
        (response.json() as { eventName: EventName; rate: number }[]).map((deal) => [deal.eventName, deal.rate]),
      );
      expect(rates).toEqual({ 'Festa do Parceiro': 10, 'Festa Propria': 0, 'Festa Propria Sem Login': 0 });
    } finally {
      await server.db.query("DELETE FROM orders WHERE order_id IN ('200000003', '200000004')");
    }
  });

  it('answers them to the team, and an empty list for a partner without deals', async () => {
    const response = await server.call({ method: 'GET', url: '/api/deals/parceiro1', token: team.token });
    expect(response.json()).toHaveLength(1);
    expect((await server.call({ method: 'GET', url: '/api/deals/parceiro2', token: team.token })).json()).toEqual([]);
  });

  it('answers 401 without a valid token, 403 to others, 400 to odd names', async () => {
    expect((await server.call({ method: 'GET', url: '/api/deals/parceiro1' })).statusCode).toBe(401);
    expect((await server.call({ method: 'GET', url: '/api/deals/parceiro1', token: 'nope' })).statusCode).toBe(401);
    expect((await server.call({ method: 'GET', url: '/api/deals/parceiro1', token: stranger.token })).statusCode).toBe(
      403,
    );
    expect((await server.call({ method: 'GET', url: '/api/deals/parceiro2', token: partner.token })).statusCode).toBe(
      403,
    );
    for (const name of ODD_NAMES) {
      const response = await server.call({ method: 'GET', url: `/api/deals/${name}`, token: team.token });
      expect({ name, status: response.statusCode }).toEqual({ name, status: 400 });
    }
  });
});

// --- deals and balances -------------------------------------------------------------------------

describe('the deals of a partner with two contracts', () => {
  const deals = async (token: string) => {
    const response = await server.call({ method: 'GET', url: '/api/deals/saldo', token });
    expect(response.statusCode).toBe(200);
    return response.json() as { eventName: EventName; total: number; rate: number; discount: number; status: string }[];
  };

  async function launchFirst(title: string): Promise<string> {
    const shown = (await contracts('saldo', owner.token)).find((c) => c.title === title)?.last ?? '';
    const response = await launch({ partner: 'saldo', contractTitle: title, lastCoupon: shown }, owner.token);
    expect(response.statusCode).toBe(200);
    return shown;
  }

  beforeAll(async () => {
    const hash = newInvitationHash();
    expect((await authorizeHash({ partnerName: 'saldo', hash }, team.token)).statusCode).toBe(200);
    expect((await authorizePartner({ partnerName: 'saldo', hash }, owner.token)).statusCode).toBe(200);
    // Balance of 1350 at 10 % with 10 % off: 121.5, rounded up to 122; at 1 % with none: 13.5, 14.
    expect(
      (await createContract(contractPayload({ partner: 'saldo', rate: 10, discount: 10, n_coupons: 3 }), team.token))
        .statusCode,
    ).toBe(200);
    expect(
      (await createContract(contractPayload({ partner: 'saldo', rate: 1, discount: 0, n_coupons: 3 }), team.token))
        .statusCode,
    ).toBe(200);
    const [first, second] = [await launchFirst('Contrato 1'), await launchFirst('Contrato 2')];
    const another = await launchFirst('Contrato 1');
    await pixOrder(first, '300000001', 'Festa Pendente');
    await pixOrder(another, '300000002', 'Festa Aprovada');
    await pixOrder(second, '300000003', 'Festa Recusada');
    // Not the partner's: a coupon of no contract, and parceiro1's (order 200000001, above).
    await pixOrder('DEZ', '300000004', 'Festa de Outro');
    for (const [orderId, status] of [
      ['300000002', 'approved'],
      ['300000003', 'rejected'],
    ]) {
      const settled = await server.call({
        method: 'POST',
        url: `/api/team_orders/${orderId}`,
        payload: { status },
        token: team.token,
      });
      expect(settled.statusCode).toBe(200);
    }
  });

  it('include every order placed with any of its coupons, with its payment status', async () => {
    const found = await deals(owner.token);
    expect(found.map((d) => [d.eventName, d.status, d.rate, d.discount]).sort()).toEqual([
      ['Festa Aprovada', 'approved', 10, 0.1],
      ['Festa Pendente', 'pending', 10, 0.1],
      ['Festa Recusada', 'rejected', 1, 0],
    ]);
    expect(await deals(team.token)).toEqual(found);
    for (const deal of found) expect(['pending', 'approved', 'rejected']).toContain(deal.status);
  });

  it('carry what the balance is computed from, rounding a half up', async () => {
    const balances = Object.fromEntries(
      (await deals(owner.token)).map((d) => [d.eventName, dealBalance(d.total, d.rate, d.discount)]),
    );
    expect(balances).toEqual({ 'Festa Pendente': 122, 'Festa Aprovada': 122, 'Festa Recusada': 14 });
  });

  it('stay with the partner once a contract expired', async () => {
    await server.db.query(
      "UPDATE contracts SET expires_at = now() - interval '1 day' WHERE partner = 'saldo' AND title = 'Contrato 2'",
    );
    expect((await deals(owner.token)).map((d) => d.eventName).sort()).toEqual([
      'Festa Aprovada',
      'Festa Pendente',
      'Festa Recusada',
    ]);
  });
});
