import crypto from 'node:crypto';
import { isValidBrCode } from '../../../server/src/modules/commerce/payments/pix';
import { newUser, type TestUser } from '../support/testServer';
import {
  albumLine,
  cabineLine,
  DISCOUNTED,
  order,
  orderCount,
  paidCardOrder,
  paymentsOf,
  postOrder,
  server,
  spy,
  storedOrder,
  TOTAL,
  withShopServer,
} from './support';

let alice: TestUser;
let dave: TestUser;

withShopServer();

beforeAll(async () => {
  [alice, dave] = await Promise.all([newUser('alice'), newUser('dave')]);
});

describe('POST /api/order/{coupon} (Pix)', () => {
  it('stores the order priced from the catalogue, pending, with a valid BR Code for the discounted total', async () => {
    const payload = order();
    const response = await postOrder(payload);
    expect(response.statusCode).toBe(200);
    const reply = response.json();
    expect(reply).toEqual({
      orderId: payload.orderId,
      status: 'pending',
      amount: DISCOUNTED,
      pixCode: expect.any(String),
    });
    expect(isValidBrCode(reply.pixCode)).toBe(true);
    expect(reply.pixCode).toContain('54071359.00');
    expect(reply.pixCode).toContain(`0509${payload.orderId}`);
    const stored = await storedOrder(payload.orderId);
    expect(stored).toMatchObject({
      uid: null,
      total: TOTAL,
      discount: 0.1,
      discounted_total: DISCOUNTED,
      status: 'pending',
      payment_method: 'pix',
      pix_code: reply.pixCode,
      email: 'maria@example.com',
      client_name: 'Maria Souza',
      // Only the claim's hash is kept.
      claim_hash: crypto.createHash('sha256').update(payload.claim).digest('hex'),
    });
    expect(stored.lines).toEqual([
      {
        id: 'cabine360',
        name: 'Cabine 360',
        type: 'service',
        hours: 3,
        quantity: 1,
        selectedAccessories: [{ name: 'Neon', price: 150 }],
        unitPrice: 1350,
        totalPrice: 1350,
      },
      {
        id: 'album',
        name: 'Álbum',
        type: 'product',
        hours: 0,
        quantity: 2,
        selectedAccessories: [],
        unitPrice: 80,
        totalPrice: 160,
      },
    ]);
    // The Pix payment was asked of the provider for the order's own amount, bound to the order.
    expect(spy.calls.createPix).toEqual([
      expect.objectContaining({ amount: DISCOUNTED, orderId: payload.orderId, email: 'maria@example.com' }),
    ]);
    expect(await paymentsOf(payload.orderId)).toEqual([
      { id: stored.payment_id, amount: DISCOUNTED, status: 'pending', kind: 'pix' },
    ]);
  });

  it('never trusts figures a client sends along (the SPA sends none but the total)', async () => {
    const payload = order({
      products: [
        cabineLine({ unitPrice: 1, totalPrice: 1, selectedAccessories: [{ name: 'Neon', price: 0 }] }),
        albumLine({ unitPrice: 0.01, totalPrice: 0.02 }),
      ],
      total: 0.03,
    });
    const response = await postOrder(payload);
    expect(response.statusCode).toBe(200);
    expect(response.json().amount).toBe(DISCOUNTED);
    const stored = await storedOrder(payload.orderId);
    expect(stored).toMatchObject({ total: TOTAL, discounted_total: DISCOUNTED });
    expect(stored.lines.map((l: { unitPrice: number; totalPrice: number }) => [l.unitPrice, l.totalPrice])).toEqual([
      [1350, 1350],
      [80, 160],
    ]);
    expect(spy.calls.createPix.map((p) => p.amount)).toEqual([DISCOUNTED]);
  });

  it('prices service hours above the minimum and the quantity', async () => {
    // 5 h: 1000 + 3 × 200 = 1600, twice: 3200, no accessory; 2880 with DEZ.
    const payload = order({ products: [cabineLine({ hours: 5, quantity: 2, selectedAccessories: [] })] });
    const response = await postOrder(payload);
    expect(response.statusCode).toBe(200);
    expect(response.json().amount).toBe(2880);
    expect(await storedOrder(payload.orderId)).toMatchObject({ total: 3200, discounted_total: 2880 });
  });

  it('ignores the hours of a product that is not a service', async () => {
    const payload = order({ products: [albumLine({ hours: 40, quantity: 1 })] });
    expect((await postOrder(payload)).statusCode).toBe(200);
    const stored = await storedOrder(payload.orderId);
    expect(stored).toMatchObject({ total: 80, discounted_total: 72 });
    expect(stored.lines[0].hours).toBe(0);
  });

  it('answers a retried identical order with the same reply and stores it, and its Pix payment, once', async () => {
    const payload = order();
    const first = await postOrder(payload);
    const before = await orderCount();
    const second = await postOrder(payload);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(await orderCount()).toBe(before);
    expect(await paymentsOf(payload.orderId)).toHaveLength(1);
  });

  it('answers concurrent retries of one order alike and stores it once', async () => {
    // A few rounds: the race between the first insert and its retries is short.
    for (let round = 0; round < 6; round += 1) {
      const payload = order();
      const replies = await Promise.all(Array.from({ length: 8 }, () => postOrder(payload)));
      expect(replies.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
      const first = replies[0].json();
      expect(first).toMatchObject({ orderId: payload.orderId, status: 'pending', amount: DISCOUNTED });
      for (const reply of replies) expect(reply.json()).toEqual(first);
      expect((await server.db.query('SELECT 1 FROM orders WHERE order_id = $1', [payload.orderId])).rowCount).toBe(1);
      expect(await paymentsOf(payload.orderId)).toHaveLength(1);
    }
  });

  it(`refuses another order under a used id, or the same one with another claim, with 409 and keeps the \
first`, async () => {
    const payload = order();
    expect((await postOrder(payload)).statusCode).toBe(200);
    const cases = [
      { ...payload, products: [albumLine()] },
      { ...payload, products: [cabineLine({ hours: 4 }), albumLine()] },
      { ...payload, email: 'outra@example.com' },
      { ...payload, claim: 'outro-segredo-qualquer-1234' },
    ];
    for (const other of cases) {
      const response = await postOrder(other);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ error: 'order_exists', message: 'Este número de pedido já foi usado.' });
    }
    expect(await storedOrder(payload.orderId)).toMatchObject({
      total: TOTAL,
      email: 'maria@example.com',
      payment_method: 'pix',
    });
  });

  it('takes the buyer details corrected in a retry, but never another price', async () => {
    const payload = order();
    expect((await postOrder(payload)).statusCode).toBe(200);
    const corrected = await postOrder({ ...payload, eventName: 'Aniversário da Maria Souza', total: 1 });
    expect(corrected.statusCode).toBe(200);
    expect(corrected.json().amount).toBe(DISCOUNTED);
    expect(await storedOrder(payload.orderId)).toMatchObject({
      event_name: 'Aniversário da Maria Souza',
      discounted_total: DISCOUNTED,
    });
  });

  it('lets a pending order switch between Pix and card without a second order', async () => {
    const payload = order();
    const pix = (await postOrder(payload)).json();
    const asCard = await postOrder({ ...payload, paymentMethod: 'card' });
    expect(asCard.statusCode).toBe(200);
    expect(asCard.json()).toEqual({ orderId: payload.orderId, status: 'pending', amount: DISCOUNTED });
    // The order keeps its Pix until a card is charged (a refused card leaves it to pay).
    expect(await storedOrder(payload.orderId)).toMatchObject({ payment_method: 'pix', pix_code: pix.pixCode });
    // Back to Pix: the Pix payment made first still waits for its transfer, same code.
    const backToPix = await postOrder(payload);
    expect(backToPix.json()).toEqual(pix);
    expect(await storedOrder(payload.orderId)).toMatchObject({ payment_method: 'pix', pix_code: pix.pixCode });
    expect(await paymentsOf(payload.orderId)).toHaveLength(1);
    expect(
      (await server.db.query('SELECT count(*)::int AS n FROM orders WHERE order_id = $1', [payload.orderId])).rows[0].n,
    ).toBe(1);
  });

  it('ties a signed-in order to the caller, an anonymous one to nobody, until a retry signed in', async () => {
    const signedIn = order();
    expect((await postOrder(signedIn, alice.token)).statusCode).toBe(200);
    expect((await storedOrder(signedIn.orderId)).uid).toBe(alice.uid);
    const anonymous = order();
    expect((await postOrder(anonymous)).statusCode).toBe(200);
    expect((await storedOrder(anonymous.orderId)).uid).toBeNull();
    // Whoever holds the claim: the same order posted again after signing in.
    expect((await postOrder(anonymous, dave.token)).statusCode).toBe(200);
    expect((await storedOrder(anonymous.orderId)).uid).toBe(dave.uid);
  });

  it('refuses an invalid token with 401 and stores nothing', async () => {
    const payload = order();
    const response = await postOrder(payload, 'not-a-token');
    expect(response.statusCode).toBe(401);
    expect(await storedOrder(payload.orderId)).toBeUndefined();
  });

  it('answers 404 for an unknown or expired coupon', async () => {
    for (const coupon of ['NADA', 'VENCIDO']) {
      const payload = order();
      const response = await postOrder(payload, undefined, coupon);
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toBe('coupon_not_found');
      expect(await storedOrder(payload.orderId)).toBeUndefined();
    }
  });

  it.each([
    ['hours below the minimum', [cabineLine({ hours: 1 })], 'invalid_hours'],
    ['hours above the maximum', [cabineLine({ hours: 6 })], 'invalid_hours'],
    ['a service without hours', [cabineLine({ hours: undefined })], 'invalid_hours'],
    ['quantity 0', [cabineLine({ quantity: 0 })], 'invalid_request'],
    ['quantity above maxQty', [cabineLine({ quantity: 3 })], 'invalid_quantity'],
    ['album quantity above maxQty', [albumLine({ quantity: 11 })], 'invalid_quantity'],
    ['a negative quantity', [albumLine({ quantity: -1 })], 'invalid_request'],
    ['a fractional quantity', [albumLine({ quantity: 1.5 })], 'invalid_request'],
    ['a string quantity', [albumLine({ quantity: '2' })], 'invalid_request'],
    ['a string hours', [cabineLine({ hours: '3' })], 'invalid_request'],
    ['an unknown product', [{ ...albumLine(), id: 'iate' }], 'unknown_product'],
    ['a product id with odd characters', [{ ...albumLine(), id: "album' OR '1'='1" }], 'unknown_product'],
    ['an unknown accessory', [cabineLine({ selectedAccessories: [{ name: 'Laser' }] })], 'unknown_accessory'],
    ['an accessory of another product', [albumLine({ selectedAccessories: [{ name: 'Neon' }] })], 'unknown_accessory'],
    [
      'a repeated accessory',
      [cabineLine({ selectedAccessories: [{ name: 'Neon' }, { name: 'Neon' }] })],
      'duplicate_accessory',
    ],
    ['a duplicate product', [albumLine({ quantity: 1 }), albumLine({ quantity: 1 })], 'duplicate_product'],
    ['no products', [], 'invalid_request'],
    ['products that are not a list', { id: 'album', quantity: 1 }, 'invalid_request'],
    ['a line without id', [{ quantity: 1 }], 'invalid_request'],
  ])('refuses %s with 400 and stores nothing', async (_case, products, error) => {
    for (const paymentMethod of ['pix', 'card']) {
      const payload = order({ products, paymentMethod });
      const response = await postOrder(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe(error);
      expect(await storedOrder(payload.orderId)).toBeUndefined();
    }
    expect(spy.calls.createPix).toEqual([]);
  });

  it('refuses an order with nothing to pay with 400', async () => {
    const payload = order({ products: [{ id: 'brinde', hours: 0, quantity: 1, selectedAccessories: [] }] });
    const response = await postOrder(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('zero_total');
    expect(await storedOrder(payload.orderId)).toBeUndefined();
  });

  it('takes the smallest and the largest 9-digit ids', async () => {
    for (const orderId of ['100000000', '999999999']) {
      const response = await postOrder(order({ orderId }));
      expect(response.statusCode).toBe(200);
      expect(isValidBrCode((await storedOrder(orderId)).pix_code)).toBe(true);
    }
  });

  it.each([
    ['an id of 8 digits', { orderId: '99999999' }, 'invalid_order_id'],
    ['an id of 10 digits', { orderId: '1000000000' }, 'invalid_order_id'],
    ['an id starting with 0', { orderId: '012345678' }, 'invalid_order_id'],
    ['an id with letters', { orderId: '12345678a' }, 'invalid_order_id'],
    // Every malformed number is refused at the edge (the schema's rule is the order id's own).
    ['an id with odd characters', { orderId: '123/45678' }, 'invalid_order_id'],
    ['a numeric id', { orderId: 123456789 }, 'invalid_order_id'],
    ['a very long id', { orderId: '1'.repeat(65) }, 'invalid_order_id'],
    ['no claim', { claim: undefined }, 'invalid_request'],
    ['a short claim', { claim: 'curto' }, 'invalid_request'],
    ['a claim with odd characters', { claim: 'segredo com espaços e ; ---' }, 'invalid_request'],
    ['a CPF of 10 digits', { cpf: '1234567890' }, 'invalid_request'],
    ['a formatted CPF', { cpf: '123.456.789-09' }, 'invalid_request'],
    ['a numeric CPF', { cpf: 12345678909 }, 'invalid_request'],
    ['an e-mail without @', { email: 'maria.example.com' }, 'invalid_request'],
    ['an e-mail with a space', { email: 'ma ria@example.com' }, 'invalid_request'],
    ['a very long e-mail', { email: `${'m'.repeat(250)}@example.com` }, 'invalid_request'],
    ['a date in another format', { eventDate: '20/05/2030' }, 'invalid_request'],
    ['an impossible date', { eventDate: '2030-13-45' }, 'invalid_request'],
    ['February 30th', { eventDate: '2030-02-30' }, 'invalid_request'],
    ['an impossible time', { eventTime: '25:61' }, 'invalid_request'],
    ['a time with seconds', { eventTime: '19:30:00' }, 'invalid_request'],
    ['a blank client name', { clientName: '   ' }, 'invalid_request'],
    ['a very long client name', { clientName: 'M'.repeat(201) }, 'invalid_request'],
    ['a numeric event name', { eventName: 42 }, 'invalid_request'],
    ['an unknown payment method', { paymentMethod: 'boleto' }, 'invalid_request'],
    ['no e-mail', { email: undefined }, 'invalid_request'],
    ['a string total', { total: '1510' }, 'invalid_request'],
  ])('refuses %s with 400, for Pix and card alike', async (_case, overrides, error) => {
    for (const paymentMethod of ['pix', 'card']) {
      const payload = order({ paymentMethod, ...overrides });
      const response = await postOrder(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe(error);
      expect(await storedOrder(String(payload.orderId))).toBeUndefined();
    }
  });

  it('refuses odd coupons in the path with 400 and a body that is not JSON with 400', async () => {
    const odd = await server.call({
      method: 'POST',
      url: `/api/order/${encodeURIComponent('DEZ;--')}`,
      payload: order(),
    });
    expect(odd.statusCode).toBe(400);
    const notJson = await server.call({
      method: 'POST',
      url: '/api/order/DEZ',
      payload: '{nope',
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.statusCode).toBe(400);
  });

  it('answers a provider refusal of the Pix payment with 422, and a retry then gets its code', async () => {
    const payload = order();
    spy.failNext('createPix', {
      status: 400,
      error: 'bad_request',
      message: 'payer.email invalid',
      cause: [{ code: 4050, description: 'payer.email must be a valid email' }],
    });
    const refused = await postOrder(payload);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({
      error: 'payment_refused_by_provider',
      message: 'O provedor de pagamento recusou o pedido de Pix.',
    });
    const retry = await postOrder(payload);
    expect(retry.statusCode).toBe(200);
    expect(isValidBrCode(retry.json().pixCode)).toBe(true);
    expect(await paymentsOf(payload.orderId)).toHaveLength(1);
  });
});

describe('POST /api/order/{coupon} (card)', () => {
  it('stores a pending card order with its amount and no Pix code', async () => {
    const payload = order({ paymentMethod: 'card' });
    const response = await postOrder(payload, alice.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ orderId: payload.orderId, status: 'pending', amount: DISCOUNTED });
    expect(await storedOrder(payload.orderId)).toMatchObject({
      uid: alice.uid,
      status: 'pending',
      payment_method: 'card',
      payment_id: null,
      pix_code: null,
    });
    expect(spy.calls.createPix).toEqual([]);
    expect(spy.calls.chargeCard).toEqual([]);
  });

  it('answers a paid order as approved, whichever method a retry names', async () => {
    const { orderId } = await paidCardOrder('APRO');
    for (const paymentMethod of ['card', 'pix']) {
      const retry = await postOrder(order({ orderId, paymentMethod }));
      expect(retry.statusCode).toBe(200);
      expect(retry.json()).toEqual({ orderId, status: 'approved', amount: DISCOUNTED });
    }
    expect(await storedOrder(orderId)).toMatchObject({ status: 'approved', payment_method: 'card', pix_code: null });
    expect(spy.calls.createPix).toEqual([]);
  });
});
