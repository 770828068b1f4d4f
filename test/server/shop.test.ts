import crypto from 'node:crypto';
import path from 'node:path';
import { buildApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { sandboxProvider } from '../../server/src/payments/sandboxProvider';
import { verifyNotification } from '../../server/src/payments/webhookSignature';
import { isValidBrCode } from '../../server/src/payments/pix';
import { basicSeed, loadBasicSeed } from './support/fixtures';
import { spyProvider, type SpyProvider } from './support/spyProvider';
import { newTeamMember, newUser, startTestServer, type TestServer, type TestUser } from './support/testServer';

let server: TestServer;
let spy: SpyProvider;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
let dave: TestUser;
let team: TestUser;

const AGENT = 'agent0001';
const FUTURE_YEAR = String(new Date().getFullYear() + 2);
const WEBHOOK_SECRET = 'segredo-do-webhook-de-teste';

beforeAll(async () => {
  server = await startTestServer(
    { MERCADOPAGO_WEBHOOK_SECRET: WEBHOOK_SECRET },
    // The sandbox provider, watched: which calls reach the provider, and provider failures on demand.
    { payments: (db, config) => (spy = spyProvider(sandboxProvider(db, config.pix))) },
  );
  const seed = basicSeed();
  // A free gift: an order of nothing to pay.
  seed.products = [...(seed.products ?? []), { id: 'brinde', name: 'Brinde', type: 'product', price: 0, maxQty: 1 }];
  await loadBasicSeed(server, seed);
  [alice, bob, carol, dave, team] = await Promise.all([newUser('alice'), newUser('bob'), newUser('carol'), newUser('dave'), newTeamMember()]);
});

beforeEach(() => spy.reset());

afterAll(() => server.close());

// --- helpers -------------------------------------------------------------------------------

let nextOrderId = 100_000_100;
/** A fresh 9-digit order id, as the SPA makes them. */
function newOrderId(): string {
  nextOrderId += 1;
  return String(nextOrderId);
}

/** The claim secret the buyer's browser made for an order. */
function claimFor(orderId: string): string {
  return `segredo-${orderId}-do-navegador`;
}

/** Cabine 360 for 3 h with Neon (1000 + 200 + 150 = 1350) and 2 albums (160): total 1510. */
function cabineLine(overrides: Record<string, unknown> = {}) {
  return {
    id: 'cabine360',
    name: 'Cabine 360',
    type: 'service',
    hours: 3,
    quantity: 1,
    selectedAccessories: [{ name: 'Neon', price: 150 }],
    unitPrice: 1350,
    totalPrice: 1350,
    ...overrides,
  };
}

function albumLine(overrides: Record<string, unknown> = {}) {
  return { id: 'album', name: 'Álbum', type: 'product', hours: 0, quantity: 2, selectedAccessories: [], unitPrice: 80, totalPrice: 160, ...overrides };
}

const TOTAL = 1510;
/** With coupon DEZ (10 %). */
const DISCOUNTED = 1359;

function order(overrides: Record<string, unknown> = {}) {
  const orderId = String(overrides.orderId ?? newOrderId());
  return {
    products: [cabineLine(), albumLine()],
    total: TOTAL,
    clientName: 'Maria Souza',
    eventName: 'Aniversário da Maria',
    eventDate: '2030-05-20',
    eventTime: '19:30',
    paymentMethod: 'pix',
    email: 'Maria@Example.com',
    cpf: '12345678909',
    orderId,
    claim: claimFor(orderId),
    ...overrides,
  };
}

function postOrder(payload: unknown, token?: string, coupon = 'DEZ') {
  return server.call({ method: 'POST', url: `/api/order/${coupon}`, payload: payload as object, token });
}

/** A card order placed (pending), ready to be charged. */
async function cardOrder(overrides: Record<string, unknown> = {}, token?: string) {
  const payload = order({ paymentMethod: 'card', ...overrides });
  const response = await postOrder(payload, token);
  expect(response.statusCode).toBe(200);
  expect(response.json()).toMatchObject({ orderId: payload.orderId, status: 'pending' });
  return payload;
}

async function storedOrder(orderId: string) {
  const { rows } = await server.db.query(
    `SELECT uid, total, discount, discounted_total, status, payment_method, payment_id, pix_code, lines, email, client_name, event_name, claim_hash
       FROM orders WHERE order_id = $1`,
    [orderId],
  );
  return rows[0];
}

async function orderCount(): Promise<number> {
  return (await server.db.query('SELECT count(*)::int AS n FROM orders')).rows[0].n;
}

/** The payments stored for an order, oldest first. */
async function paymentsOf(orderId: string) {
  const { rows } = await server.db.query('SELECT id, amount, status, kind FROM payments WHERE order_id = $1 ORDER BY created_at, id', [orderId]);
  return rows as { id: string; amount: number; status: string; kind: string }[];
}

function cardTokenBody(overrides: Record<string, unknown> = {}) {
  return {
    cardNumber: '4235647728025682',
    cardholderName: 'APRO',
    cardExpirationMonth: '11',
    cardExpirationYear: FUTURE_YEAR,
    securityCode: '123',
    identificationType: 'CPF',
    identificationNumber: '12345678909',
    ...overrides,
  };
}

async function cardToken(holder: string, overrides: Record<string, unknown> = {}): Promise<string> {
  const response = await server.call({ method: 'POST', url: '/api/sandbox/card_tokens', payload: cardTokenBody({ cardholderName: holder, ...overrides }) });
  expect(response.statusCode).toBe(200);
  return response.json().id;
}

function paymentBody(token: string, amount: number, orderId: string, overrides: Record<string, unknown> = {}) {
  return {
    transaction_amount: amount,
    token,
    description: 'Cabine 360',
    installments: 1,
    payment_method_id: 'visa',
    email: 'maria@example.com',
    type: 'CPF',
    number: '12345678909',
    statement_descriptor: 'Cabine 360',
    orderId,
    ...overrides,
  };
}

function pay(body: unknown, token?: string) {
  return server.call({ method: 'POST', url: '/api/process_payment_card', payload: body as object, token });
}

/** Charges order `orderId` in the sandbox with a new card token; the holder name decides the outcome. */
async function payOrder(orderId: string, holder: string, amount = DISCOUNTED): Promise<{ id: string; status: string; status_detail: string }> {
  const response = await pay(paymentBody(await cardToken(holder), amount, orderId));
  expect(response.statusCode).toBe(200);
  return response.json();
}

/** A card order of the whole cart, paid by a card of holder `holder`. */
async function paidCardOrder(holder: string, overrides: Record<string, unknown> = {}, token?: string) {
  const placed = await cardOrder(overrides, token);
  const payment = await payOrder(placed.orderId, holder);
  return { orderId: placed.orderId, payment };
}

/** The provider decides a payment on its side (a card in review, a Pix transfer): the sandbox's own record moves. */
async function providerDecides(paymentId: string, status: string, detail = status === 'approved' ? 'accredited' : 'cc_rejected_other_reason') {
  await server.db.query('UPDATE sandbox_payments SET status = $2, status_detail = $3 WHERE id = $1', [paymentId, status, detail]);
}

interface Notification {
  secret?: string;
  /** Seconds since the epoch. */
  ts?: number;
  requestId?: string;
  /** The id the signature covers (by default the notified one). */
  signedId?: string;
  /** The x-signature header as sent; null: none. */
  signature?: string | null;
}

/**
 * Mercado Pago's webhook call about a payment, signed as its documentation says: HMAC-SHA256
 * (hex) of `id:{data.id};request-id:{x-request-id};ts:{ts};` with the secret.
 */
function notify(paymentId: string, { secret = WEBHOOK_SECRET, ts = Math.floor(Date.now() / 1000), requestId = crypto.randomUUID(), signedId, signature }: Notification = {}) {
  const manifest = `id:${(signedId ?? paymentId).toLowerCase()};request-id:${requestId};ts:${ts};`;
  const header = signature === undefined ? `ts=${ts},v1=${crypto.createHmac('sha256', secret).update(manifest).digest('hex')}` : signature;
  return server.call({
    method: 'POST',
    url: `/api/webhooks/mercadopago?data.id=${encodeURIComponent(paymentId)}&type=payment`,
    headers: { 'x-request-id': requestId, ...(header === null ? {} : { 'x-signature': header }) },
    payload: { action: 'payment.updated', api_version: 'v1', type: 'payment', data: { id: paymentId }, live_mode: false },
  });
}

// --- the shop ------------------------------------------------------------------------------

describe('GET /api/shop/{coupon}/{agent}', () => {
  it('answers the catalogue, the coupon discount and the Pix receiver', async () => {
    const response = await server.call({ method: 'GET', url: `/api/shop/DEZ/${AGENT}` });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.discount).toBe(0.1);
    expect(body.pix).toEqual(server.config.pix);
    const blank = { descTitle1: '', descTitle2: '', descTitle3: '', descText1: '', descText2: '', descText3: '', descPic1: '', descPic2: '', descPic3: '', disclaimer: '' };
    expect(body.data).toEqual([
      {
        id: 'cabine360',
        name: 'Cabine 360',
        type: 'service',
        image: '',
        price: 1000,
        pricePerHour: 200,
        minHours: 2,
        maxHours: 5,
        maxQty: 2,
        accessories: [{ id: 'neon', name: 'Neon', image: '', price: 150 }],
        ...blank,
      },
      { id: 'album', name: 'Álbum', type: 'product', image: '', price: 80, pricePerHour: 0, minHours: 0, maxHours: 0, maxQty: 10, accessories: [], ...blank },
      { id: 'brinde', name: 'Brinde', type: 'product', image: '', price: 0, pricePerHour: 0, minHours: 0, maxHours: 0, maxQty: 1, accessories: [], ...blank },
    ]);
  });

  it('answers 404 for an unknown, an expired or a differently-cased coupon', async () => {
    for (const coupon of ['NADA', 'VENCIDO', 'dez']) {
      const response = await server.call({ method: 'GET', url: `/api/shop/${coupon}/${AGENT}` });
      expect({ coupon, status: response.statusCode }).toEqual({ coupon, status: 404 });
      expect(response.json()).toEqual({ error: 'coupon_not_found', message: 'Cupom inválido ou expirado.' });
    }
  });

  it('refuses odd characters, dot segments and very long values with 400', async () => {
    const urls = [
      `/api/shop/${encodeURIComponent('DEZ OR 1=1')}/${AGENT}`,
      `/api/shop/${encodeURIComponent("D'Z")}/${AGENT}`,
      `/api/shop/${encodeURIComponent('../DEZ')}/${AGENT}`,
      `/api/shop/${'D'.repeat(65)}/${AGENT}`,
      `/api/shop/DEZ/${encodeURIComponent('a/b')}`,
      `/api/shop/DEZ/${'a'.repeat(3000)}`,
    ];
    for (const url of urls) {
      const response = await server.call({ method: 'GET', url });
      expect({ url: url.slice(0, 60), status: response.statusCode }).toEqual({ url: url.slice(0, 60), status: 400 });
    }
    // A bare dot segment never reaches the route.
    const dots = await server.call({ method: 'GET', url: `/api/shop/%2E%2E/${AGENT}` });
    expect(dots.statusCode).toBe(404);
    expect(dots.json()).toEqual({ error: 'not_found', message: 'Não encontrado.' });
  });
});


// --- orders ---------------------------------------------------------------------------------

describe('POST /api/order/{coupon} (Pix)', () => {
  it('stores the order priced from the catalogue, pending, with a valid BR Code for the discounted total', async () => {
    const payload = order();
    const response = await postOrder(payload);
    expect(response.statusCode).toBe(200);
    const reply = response.json();
    expect(reply).toEqual({ orderId: payload.orderId, status: 'pending', amount: DISCOUNTED, pixCode: expect.any(String) });
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
      { id: 'cabine360', name: 'Cabine 360', type: 'service', hours: 3, quantity: 1, selectedAccessories: [{ name: 'Neon', price: 150 }], unitPrice: 1350, totalPrice: 1350 },
      { id: 'album', name: 'Álbum', type: 'product', hours: 0, quantity: 2, selectedAccessories: [], unitPrice: 80, totalPrice: 160 },
    ]);
    // The Pix payment was asked of the provider for the order's own amount, bound to the order.
    expect(spy.calls.createPix).toEqual([expect.objectContaining({ amount: DISCOUNTED, orderId: payload.orderId, email: 'maria@example.com' })]);
    expect(await paymentsOf(payload.orderId)).toEqual([{ id: stored.payment_id, amount: DISCOUNTED, status: 'pending', kind: 'pix' }]);
  });

  it('never trusts the figures the client sends', async () => {
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

  it('refuses another order under a used id, or the same one with another claim, with 409 and keeps the first', async () => {
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
    expect(await storedOrder(payload.orderId)).toMatchObject({ total: TOTAL, email: 'maria@example.com', payment_method: 'pix' });
  });

  it('takes the buyer details corrected in a retry, but never another price', async () => {
    const payload = order();
    expect((await postOrder(payload)).statusCode).toBe(200);
    const corrected = await postOrder({ ...payload, eventName: 'Aniversário da Maria Souza', total: 1 });
    expect(corrected.statusCode).toBe(200);
    expect(corrected.json().amount).toBe(DISCOUNTED);
    expect(await storedOrder(payload.orderId)).toMatchObject({ event_name: 'Aniversário da Maria Souza', discounted_total: DISCOUNTED });
  });

  it('lets a pending order switch between Pix and card without a second order', async () => {
    const payload = order();
    const pix = (await postOrder(payload)).json();
    const asCard = await postOrder({ ...payload, paymentMethod: 'card' });
    expect(asCard.statusCode).toBe(200);
    expect(asCard.json()).toEqual({ orderId: payload.orderId, status: 'pending', amount: DISCOUNTED });
    expect(await storedOrder(payload.orderId)).toMatchObject({ payment_method: 'card', pix_code: null });
    // Back to Pix: the Pix payment made first still waits for its transfer, same code.
    const backToPix = await postOrder(payload);
    expect(backToPix.json()).toEqual(pix);
    expect(await storedOrder(payload.orderId)).toMatchObject({ payment_method: 'pix', pix_code: pix.pixCode });
    expect(await paymentsOf(payload.orderId)).toHaveLength(1);
    expect((await server.db.query('SELECT count(*)::int AS n FROM orders WHERE order_id = $1', [payload.orderId])).rows[0].n).toBe(1);
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
    ['an unknown accessory', [cabineLine({ selectedAccessories: [{ name: 'Laser', price: 0 }] })], 'unknown_accessory'],
    ['an accessory of another product', [albumLine({ selectedAccessories: [{ name: 'Neon', price: 150 }] })], 'unknown_accessory'],
    ['a repeated accessory', [cabineLine({ selectedAccessories: [{ name: 'Neon', price: 150 }, { name: 'Neon', price: 150 }] })], 'duplicate_accessory'],
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
    const payload = order({ products: [{ id: 'brinde', name: 'Brinde', type: 'product', hours: 0, quantity: 1, selectedAccessories: [], unitPrice: 0, totalPrice: 0 }] });
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
    ['an id with odd characters', { orderId: '123/45678' }, 'invalid_request'],
    ['a numeric id', { orderId: 123456789 }, 'invalid_request'],
    ['a very long id', { orderId: '1'.repeat(65) }, 'invalid_request'],
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
    const odd = await server.call({ method: 'POST', url: `/api/order/${encodeURIComponent('DEZ;--')}`, payload: order() });
    expect(odd.statusCode).toBe(400);
    const notJson = await server.call({ method: 'POST', url: '/api/order/DEZ', payload: '{nope', headers: { 'content-type': 'application/json' } });
    expect(notJson.statusCode).toBe(400);
  });

  it('answers a provider refusal of the Pix payment with 422, and a retry then gets its code', async () => {
    const payload = order();
    spy.failNext('createPix', { status: 400, error: 'bad_request', message: 'payer.email invalid', cause: [{ code: 4050, description: 'payer.email must be a valid email' }] });
    const refused = await postOrder(payload);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ error: 'payment_refused_by_provider', message: 'O provedor de pagamento recusou o pedido de Pix.' });
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
    expect(await storedOrder(payload.orderId)).toMatchObject({ uid: alice.uid, status: 'pending', payment_method: 'card', payment_id: null, pix_code: null });
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

// --- card payments ---------------------------------------------------------------------------

describe('POST /api/sandbox/card_tokens', () => {
  it('creates a token for a valid card, keeping only its first six and last four digits', async () => {
    const response = await server.call({ method: 'POST', url: '/api/sandbox/card_tokens', payload: cardTokenBody({ cardNumber: '4235 6477 2802 5682' }) });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({ id: expect.stringMatching(/^[0-9a-f]{32}$/), first_six_digits: '423564', last_four_digits: '5682' });
    const stored = await server.db.query('SELECT holder_name, first_six, last_four, used FROM sandbox_card_tokens WHERE id = $1', [body.id]);
    expect(stored.rows).toEqual([{ holder_name: 'APRO', first_six: '423564', last_four: '5682', used: false }]);
  });

  it("accepts the provider's test cards (valid numbers of their brands)", async () => {
    for (const cardNumber of ['5031433215406351', '4235647728025682', '375365153556885', '5067766783888311']) {
      const response = await server.call({ method: 'POST', url: '/api/sandbox/card_tokens', payload: cardTokenBody({ cardNumber }) });
      expect({ cardNumber, status: response.statusCode }).toEqual({ cardNumber, status: 200 });
    }
  });

  it('accepts a card that expires this month', async () => {
    const now = new Date();
    const month = String(now.getMonth() + 1).padStart(2, '0');
    const response = await server.call({
      method: 'POST',
      url: '/api/sandbox/card_tokens',
      payload: cardTokenBody({ cardExpirationMonth: month, cardExpirationYear: String(now.getFullYear()).slice(2) }),
    });
    expect(response.statusCode).toBe(200);
  });

  it.each([
    ['a Luhn-invalid number', { cardNumber: '4235647728025683' }, 'invalid_card_number'],
    ['a number too short', { cardNumber: '4242' }, 'invalid_card_number'],
    ['letters for a number', { cardNumber: 'abcdabcdabcdabcd' }, 'invalid_card_number'],
    ['an expired card', { cardExpirationMonth: '01', cardExpirationYear: '2020' }, 'card_expired'],
    ['a card expired last year', { cardExpirationMonth: '12', cardExpirationYear: String(new Date().getFullYear() - 1).slice(2) }, 'card_expired'],
    ['month 13', { cardExpirationMonth: '13' }, 'invalid_request'],
    ['a three-digit year', { cardExpirationYear: '203' }, 'invalid_request'],
    ['a numeric month', { cardExpirationMonth: 11 }, 'invalid_request'],
    ['a CVC of letters', { securityCode: 'abc' }, 'invalid_request'],
    ['an empty holder name', { cardholderName: '' }, 'invalid_request'],
    ['a very long number', { cardNumber: '4'.repeat(26) }, 'invalid_request'],
    ['another document type', { identificationType: 'RG' }, 'invalid_request'],
    ['a CPF of 10 digits', { identificationNumber: '1234567890' }, 'invalid_request'],
  ])('refuses %s with 400', async (_case, overrides, error) => {
    const response = await server.call({ method: 'POST', url: '/api/sandbox/card_tokens', payload: cardTokenBody(overrides) });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(error);
  });
});

describe('GET /api/sandbox/payment_methods', () => {
  it('answers the issuer and its installment plans for a known bin', async () => {
    const response = await server.call({ method: 'GET', url: '/api/sandbox/payment_methods?bin=423564' });
    expect(response.statusCode).toBe(200);
    const [result, ...rest] = response.json().results;
    expect(rest).toEqual([]);
    expect(result).toMatchObject({ id: 'visa', payment_type_id: 'credit_card' });
    expect(result.payer_costs[0]).toEqual({ installments: 1, installment_rate: 0 });
    expect(result.payer_costs.find((c: { installments: number }) => c.installments === 12)).toEqual({ installments: 12, installment_rate: 17.91 });
  });

  it.each([
    // Mercado Pago's own test cards, as the provider names them.
    ['503143', 'master'],
    ['423564', 'visa'],
    ['375365', 'amex'],
    ['506776', 'elo'],
    // Other brands the provider takes in Brazil.
    ['555566', 'master'],
    ['222300', 'master'],
    ['411111', 'visa'],
    ['340000', 'amex'],
    ['636368', 'elo'],
    ['606282', 'hipercard'],
    ['301234', 'diners'],
  ])('names bin %s %s, as the provider does', async (bin, id) => {
    const response = await server.call({ method: 'GET', url: `/api/sandbox/payment_methods?bin=${bin}` });
    expect(response.statusCode).toBe(200);
    expect(response.json().results.map((r: { id: string }) => r.id)).toEqual([id]);
  });

  it('answers no results for an unknown bin', async () => {
    const response = await server.call({ method: 'GET', url: '/api/sandbox/payment_methods?bin=999999' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ results: [] });
  });

  it('refuses a missing, short, long or non-numeric bin with 400', async () => {
    for (const query of ['', '?bin=12345', '?bin=123456789', '?bin=abcdef', `?bin=${encodeURIComponent('42356%')}`, '?bin=423564&bin=411111']) {
      const response = await server.call({ method: 'GET', url: `/api/sandbox/payment_methods${query}` });
      expect({ query, status: response.statusCode }).toEqual({ query, status: 400 });
    }
  });
});

describe('POST /api/process_payment_card', () => {
  it.each([
    ['APRO', 'approved', 'accredited', 'approved'],
    ['OTHE', 'rejected', 'cc_rejected_other_reason', 'rejected'],
    ['CONT', 'in_process', 'pending_contingency', 'pending'],
    ['FUND', 'rejected', 'cc_rejected_insufficient_amount', 'rejected'],
    ['CALL', 'rejected', 'cc_rejected_call_for_authorize', 'rejected'],
  ])('charges the order amount; holder %s: the sandbox outcome, and the order moves', async (holder, status, detail, orderStatus) => {
    const { orderId } = await cardOrder();
    const reply = await payOrder(orderId, holder);
    expect(reply).toEqual({ id: expect.stringMatching(/^\d{10}$/), status, status_detail: detail });
    expect(spy.calls.chargeCard).toEqual([expect.objectContaining({ amount: DISCOUNTED, orderId, idempotencyKey: expect.stringMatching(/^[0-9a-f]{64}$/) })]);
    expect(await paymentsOf(orderId)).toEqual([{ id: reply.id, amount: DISCOUNTED, status, kind: 'card' }]);
    expect(await storedOrder(orderId)).toMatchObject({ status: orderStatus, payment_id: reply.id });
  });

  it.each([
    ['the undiscounted total', TOTAL],
    ['a centavo more', DISCOUNTED + 0.01],
    ['a centavo less', DISCOUNTED - 0.01],
    ['a tiny amount', 1],
  ])('refuses %s with 409 amount_mismatch, without calling the provider', async (_case, amount) => {
    const { orderId } = await cardOrder();
    const token = await cardToken('APRO');
    const response = await pay(paymentBody(token, amount, orderId));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: 'amount_mismatch', message: 'O valor do pagamento não corresponde ao valor do pedido.' });
    expect(spy.calls.chargeCard).toEqual([]);
    expect((await server.db.query('SELECT used FROM sandbox_card_tokens WHERE id = $1', [token])).rows).toEqual([{ used: false }]);
    expect(await storedOrder(orderId)).toMatchObject({ status: 'pending', payment_id: null });
    expect(await paymentsOf(orderId)).toEqual([]);
    // The right amount then goes through.
    expect((await pay(paymentBody(token, DISCOUNTED, orderId))).json().status).toBe('approved');
  });

  it('refuses an unknown order with 404, without calling the provider', async () => {
    const response = await pay(paymentBody(await cardToken('APRO'), DISCOUNTED, newOrderId()));
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'order_not_found', message: 'Pedido não encontrado.' });
    expect(spy.calls.chargeCard).toEqual([]);
  });

  it('charges a token once: a retry answers the same payment without a second charge', async () => {
    const { orderId } = await cardOrder();
    const token = await cardToken('APRO');
    const first = await pay(paymentBody(token, DISCOUNTED, orderId));
    const retry = await pay(paymentBody(token, DISCOUNTED, orderId));
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    expect(spy.calls.chargeCard).toHaveLength(1);
    expect(await paymentsOf(orderId)).toHaveLength(1);
    // The same token for another order is refused.
    const other = await cardOrder();
    const elsewhere = await pay(paymentBody(token, DISCOUNTED, other.orderId));
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json().error).toBe('token_used');
    expect(spy.calls.chargeCard).toHaveLength(1);
  });

  it('answers a double tap (concurrent requests with one token) with one provider charge and one reply', async () => {
    for (const holder of ['APRO', 'OTHE', 'CONT']) {
      spy.reset();
      spy.chargeDelayMs = 150;
      const { orderId } = await cardOrder();
      const token = await cardToken(holder);
      const replies = await Promise.all(Array.from({ length: 4 }, () => pay(paymentBody(token, DISCOUNTED, orderId))));
      expect(replies.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
      expect(new Set(replies.map((r) => JSON.stringify(r.json()))).size).toBe(1);
      expect(spy.calls.chargeCard).toHaveLength(1);
      expect(await paymentsOf(orderId)).toHaveLength(1);
    }
  });

  it('refuses a second card while a charge of the order is under way, with 409 payment_in_progress', async () => {
    spy.chargeDelayMs = 300;
    const { orderId } = await cardOrder();
    const [first, second] = await Promise.all([
      pay(paymentBody(await cardToken('APRO'), DISCOUNTED, orderId)),
      (async () => {
        await new Promise((resolve) => setTimeout(resolve, 100));
        return pay(paymentBody(await cardToken('APRO'), DISCOUNTED, orderId));
      })(),
    ]);
    expect(first.json().status).toBe('approved');
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ error: 'payment_in_progress', message: 'Já há um pagamento em andamento para este pedido. Aguarde a confirmação.' });
    expect(spy.calls.chargeCard).toHaveLength(1);
    expect((await paymentsOf(orderId)).map((p) => p.status)).toEqual(['approved']);
  });

  it('lets another card pay a refused order: exactly one approved charge, then the order is paid', async () => {
    const { orderId } = await cardOrder();
    const refused = await payOrder(orderId, 'OTHE');
    expect(refused.status).toBe('rejected');
    expect(await storedOrder(orderId)).toMatchObject({ status: 'rejected' });
    expect((await server.db.query(`SELECT 1 FROM orders WHERE order_id = $1 AND status = 'approved'`, [orderId])).rowCount).toBe(0);
    // A retry of the order (the customer back on the payment step) answers it as it stands.
    expect((await postOrder(order({ orderId, paymentMethod: 'card' }))).json()).toEqual({ orderId, status: 'rejected', amount: DISCOUNTED });

    const approved = await payOrder(orderId, 'APRO');
    expect(approved.status).toBe('approved');
    expect(await storedOrder(orderId)).toMatchObject({ status: 'approved', payment_id: approved.id });
    expect((await paymentsOf(orderId)).map((p) => p.status)).toEqual(['rejected', 'approved']);

    // Paid: no further charge reaches the provider.
    spy.reset();
    const again = await pay(paymentBody(await cardToken('APRO'), DISCOUNTED, orderId));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'order_paid', message: 'Este pedido já foi pago.' });
    expect(spy.calls.chargeCard).toEqual([]);
    expect((await paymentsOf(orderId)).filter((p) => p.status === 'approved')).toHaveLength(1);
  });

  it('keeps an order in review (CONT) pending and refuses another card meanwhile', async () => {
    const { orderId } = await cardOrder();
    expect((await payOrder(orderId, 'CONT')).status).toBe('in_process');
    expect(await storedOrder(orderId)).toMatchObject({ status: 'pending' });
    spy.reset();
    const other = await pay(paymentBody(await cardToken('APRO'), DISCOUNTED, orderId));
    expect(other.statusCode).toBe(409);
    expect(other.json().error).toBe('payment_in_progress');
    expect(spy.calls.chargeCard).toEqual([]);
    // Nor may the order go back to Pix meanwhile.
    const pix = await postOrder(order({ orderId, paymentMethod: 'pix' }));
    expect(pix.statusCode).toBe(409);
    expect(pix.json().error).toBe('payment_in_progress');
  });

  it('pays a Pix order by card: the order switches to card', async () => {
    const payload = order();
    expect((await postOrder(payload)).statusCode).toBe(200);
    const paid = await payOrder(payload.orderId, 'APRO');
    expect(paid.status).toBe('approved');
    expect(await storedOrder(payload.orderId)).toMatchObject({ status: 'approved', payment_method: 'card', pix_code: null, payment_id: paid.id });
  });

  it('asks the provider again with the same key when its answer was lost (no second charge)', async () => {
    const { orderId } = await cardOrder();
    const token = await cardToken('APRO');
    // The provider charged, the answer never arrived.
    spy.failNext('chargeCard', Object.assign(new Error('fetch failed'), { name: 'MPConnectionError', error: 'connection_error' }), 'after');
    const lost = await pay(paymentBody(token, DISCOUNTED, orderId));
    expect(lost.statusCode).toBe(503);
    expect(lost.json()).toEqual({ error: 'payment_provider_unavailable', message: 'O provedor de pagamento está indisponível. Tente novamente em instantes.' });
    expect(await storedOrder(orderId)).toMatchObject({ status: 'pending' });
    // Meanwhile another card must wait: the first may have gone through.
    const other = await pay(paymentBody(await cardToken('APRO'), DISCOUNTED, orderId));
    expect(other.statusCode).toBe(409);
    expect(other.json().error).toBe('payment_in_progress');
    // The same card again: the provider is asked with the same key and answers the same payment.
    const retry = await pay(paymentBody(token, DISCOUNTED, orderId));
    expect(retry.statusCode).toBe(200);
    expect(retry.json().status).toBe('approved');
    const keys = spy.calls.chargeCard.filter((c) => c.token === token).map((c) => c.idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(new Set(keys).size).toBe(1);
    expect((await server.db.query('SELECT count(*)::int AS n FROM sandbox_payments WHERE external_reference = $1', [orderId])).rows[0].n).toBe(1);
    expect(await storedOrder(orderId)).toMatchObject({ status: 'approved', payment_id: retry.json().id });
  });

  it.each([
    ['a 400 with causes', { status: 400, error: 'bad_request', message: 'Invalid card_token_id', cause: [{ code: 2006, description: 'Card Token not found' }] }, 422, 'payment_refused_by_provider', 'O provedor de pagamento recusou os dados do cartão.'],
    ['a 422', { status: 422, error: 'unprocessable_entity', message: 'invalid installments', cause: [] }, 422, 'payment_refused_by_provider', 'O provedor de pagamento recusou os dados do cartão.'],
    ['a 401 (our credentials)', { status: 401, error: 'unauthorized', message: 'invalid access token', cause: [] }, 502, 'payment_provider_error', 'O provedor de pagamento falhou. Tente novamente em instantes.'],
    ['a 500', { status: 500, error: 'internal_error', message: 'internal error', cause: [] }, 502, 'payment_provider_error', 'O provedor de pagamento falhou. Tente novamente em instantes.'],
    ['a 429', { status: 429, error: 'too_many_requests', message: 'slow down', cause: [] }, 503, 'payment_provider_busy', 'O provedor de pagamento está ocupado. Tente novamente em instantes.'],
    ['a timeout', Object.assign(new Error('The operation was aborted due to timeout'), { name: 'TimeoutError' }), 503, 'payment_provider_unavailable', 'O provedor de pagamento está indisponível. Tente novamente em instantes.'],
  ])('answers a provider failure (%s) with a 4xx or 502/503 in Portuguese, never a 500', async (_case, error, status, code, message) => {
    const { orderId } = await cardOrder();
    spy.failNext('chargeCard', error);
    const response = await pay(paymentBody(await cardToken('APRO'), DISCOUNTED, orderId));
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ error: code, message });
    expect(await storedOrder(orderId)).toMatchObject({ status: 'pending', payment_id: null });
  });

  it('lets another card be tried after the provider refused the request', async () => {
    const { orderId } = await cardOrder();
    spy.failNext('chargeCard', { status: 400, error: 'bad_request', message: 'invalid token', cause: [{ code: 2006 }] });
    expect((await pay(paymentBody(await cardToken('APRO'), DISCOUNTED, orderId))).statusCode).toBe(422);
    expect((await payOrder(orderId, 'APRO')).status).toBe('approved');
  });

  it('answers the sandbox provider refusals as the provider would: an unknown token, a card of another brand', async () => {
    const { orderId } = await cardOrder();
    const unknown = await pay(paymentBody('f'.repeat(32), DISCOUNTED, orderId));
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().error).toBe('payment_refused_by_provider');
    const brand = await pay(paymentBody(await cardToken('APRO'), DISCOUNTED, orderId, { payment_method_id: 'master' }));
    expect(brand.statusCode).toBe(422);
    expect(await storedOrder(orderId)).toMatchObject({ status: 'pending' });
    // The Mastercard test card is master.
    const master = await pay(paymentBody(await cardToken('APRO', { cardNumber: '5031433215406351' }), DISCOUNTED, orderId, { payment_method_id: 'master' }));
    expect(master.json().status).toBe('approved');
  });

  it('refuses an invalid idToken with 401 but takes a signed-in payer', async () => {
    const { orderId } = await cardOrder();
    expect((await pay(paymentBody(await cardToken('APRO'), DISCOUNTED, orderId), 'not-a-token')).statusCode).toBe(401);
    expect(spy.calls.chargeCard).toEqual([]);
    expect((await pay(paymentBody(await cardToken('APRO'), DISCOUNTED, orderId), alice.token)).statusCode).toBe(200);
  });

  it.each([
    ['a zero amount', { transaction_amount: 0 }],
    ['a negative amount', { transaction_amount: -5 }],
    ['a string amount', { transaction_amount: '100' }],
    ['0 installments', { installments: 0 }],
    ['fractional installments', { installments: 1.5 }],
    ['string installments', { installments: '1' }],
    ['an odd payment method', { payment_method_id: 'VISA; DROP' }],
    ['a bad e-mail', { email: 'nope' }],
    ['a bad CPF', { number: '123' }],
    ['another document type', { type: 'CNPJ' }],
    ['an empty token', { token: '' }],
    ['a very long token', { token: 'x'.repeat(201) }],
    ['no token', { token: undefined }],
    ['no order id', { orderId: undefined }],
    ['an odd order id', { orderId: '1 OR 1' }],
  ])('refuses %s with 400', async (_case, overrides) => {
    const response = await pay(paymentBody('f'.repeat(32), 100, '123456789', overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('invalid_request');
    expect(spy.calls.chargeCard).toEqual([]);
  });
});

// --- settling payments: the provider's webhook, the sandbox's Pix transfer, the team ----------

describe('POST /api/webhooks/mercadopago', () => {
  /** A card order whose payment is in review (CONT), then decided by the provider on its side. */
  async function decidedInReview(status: 'approved' | 'rejected') {
    const { orderId, payment } = await paidCardOrder('CONT');
    expect(await storedOrder(orderId)).toMatchObject({ status: 'pending' });
    await providerDecides(payment.id, status);
    return { orderId, paymentId: payment.id };
  }

  it('settles a card in review to approved, by what the provider says, once; replays change nothing', async () => {
    const { orderId, paymentId } = await decidedInReview('approved');
    const response = await notify(paymentId);
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('ok');
    expect(spy.calls.getPayment).toEqual([paymentId]);
    expect(await storedOrder(orderId)).toMatchObject({ status: 'approved', payment_id: paymentId });
    expect(await paymentsOf(orderId)).toEqual([{ id: paymentId, amount: DISCOUNTED, status: 'approved', kind: 'card' }]);
    // The same notification again, and another about the same payment: 200, nothing more.
    const requestId = crypto.randomUUID();
    const ts = Math.floor(Date.now() / 1000);
    for (const replay of [notify(paymentId, { requestId, ts }), notify(paymentId, { requestId, ts }), notify(paymentId)]) {
      const again = await replay;
      expect(again.statusCode).toBe(200);
      expect(again.body).toBe('ok');
    }
    expect(await storedOrder(orderId)).toMatchObject({ status: 'approved', payment_id: paymentId });
    expect(await paymentsOf(orderId)).toHaveLength(1);
  });

  it('settles a refused payment to rejected, and never undoes an approved order', async () => {
    const { orderId, paymentId } = await decidedInReview('rejected');
    expect((await notify(paymentId)).statusCode).toBe(200);
    expect(await storedOrder(orderId)).toMatchObject({ status: 'rejected' });

    const paid = await decidedInReview('approved');
    expect((await notify(paid.paymentId)).statusCode).toBe(200);
    await providerDecides(paid.paymentId, 'cancelled');
    expect((await notify(paid.paymentId)).statusCode).toBe(200);
    expect(await storedOrder(paid.orderId)).toMatchObject({ status: 'approved' });
  });

  it('leaves an order unchanged while the provider still says in_process', async () => {
    const { orderId, payment } = await paidCardOrder('CONT');
    expect((await notify(payment.id)).statusCode).toBe(200);
    expect(await storedOrder(orderId)).toMatchObject({ status: 'pending' });
  });

  it('never trusts the notification: a body claiming approval changes nothing the provider does not say', async () => {
    const { orderId, payment } = await paidCardOrder('CONT');
    const ts = Math.floor(Date.now() / 1000);
    const requestId = crypto.randomUUID();
    const signature = `ts=${ts},v1=${crypto.createHmac('sha256', WEBHOOK_SECRET).update(`id:${payment.id};request-id:${requestId};ts:${ts};`).digest('hex')}`;
    const response = await server.call({
      method: 'POST',
      url: `/api/webhooks/mercadopago?data.id=${payment.id}&type=payment`,
      headers: { 'x-request-id': requestId, 'x-signature': signature },
      payload: { type: 'payment', data: { id: payment.id }, status: 'approved', transaction_amount: DISCOUNTED },
    });
    expect(response.statusCode).toBe(200);
    expect(await storedOrder(orderId)).toMatchObject({ status: 'pending' });
  });

  it('does not approve an order by a payment of another amount', async () => {
    const { orderId, paymentId } = await decidedInReview('approved');
    await server.db.query('UPDATE sandbox_payments SET amount = 1 WHERE id = $1', [paymentId]);
    expect((await notify(paymentId)).statusCode).toBe(200);
    expect(await storedOrder(orderId)).toMatchObject({ status: 'pending' });
  });

  it.each([
    ['no signature', { signature: null }, 'missing_signature'],
    ['an empty signature', { signature: '' }, 'missing_signature'],
    ['another secret', { secret: 'outro-segredo' }, 'invalid_signature'],
    ['a signature of another payment', { signedId: '1234567890' }, 'invalid_signature'],
    ['a signature without v1', { signature: `ts=${Math.floor(Date.now() / 1000)}` }, 'invalid_signature'],
    ['a malformed signature', { signature: 'nonsense' }, 'invalid_signature'],
    ['a timestamp 10 minutes old', { ts: Math.floor(Date.now() / 1000) - 600 }, 'stale_signature'],
    ['a timestamp 10 minutes ahead', { ts: Math.floor(Date.now() / 1000) + 600 }, 'stale_signature'],
  ])('refuses %s with 401 and changes nothing', async (_case, notification, error) => {
    const { orderId, paymentId } = await decidedInReview('approved');
    const response = await notify(paymentId, notification as Notification);
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toBe(error);
    expect(spy.calls.getPayment).toEqual([]);
    expect(await storedOrder(orderId)).toMatchObject({ status: 'pending' });
    // The genuine notification then settles it.
    expect((await notify(paymentId)).statusCode).toBe(200);
    expect(await storedOrder(orderId)).toMatchObject({ status: 'approved' });
  });

  it('answers 200 to a notification about a payment it does not know, or another topic', async () => {
    expect((await notify('9999999999')).statusCode).toBe(200);
    const ts = Math.floor(Date.now() / 1000);
    const requestId = crypto.randomUUID();
    const signature = `ts=${ts},v1=${crypto.createHmac('sha256', WEBHOOK_SECRET).update(`id:123;request-id:${requestId};ts:${ts};`).digest('hex')}`;
    const other = await server.call({
      method: 'POST',
      url: '/api/webhooks/mercadopago?data.id=123&type=merchant_order',
      headers: { 'x-request-id': requestId, 'x-signature': signature },
      payload: { type: 'merchant_order' },
    });
    expect(other.statusCode).toBe(200);
    expect(spy.calls.getPayment).toEqual(['9999999999']);
  });

  it('answers 502 when the provider fails to answer, so that the notification comes again', async () => {
    const { orderId, paymentId } = await decidedInReview('approved');
    spy.failNext('getPayment', { status: 503, error: 'service_unavailable', message: 'down', cause: [] });
    const response = await notify(paymentId);
    expect(response.statusCode).toBe(502);
    expect(await storedOrder(orderId)).toMatchObject({ status: 'pending' });
    expect((await notify(paymentId)).statusCode).toBe(200);
    expect(await storedOrder(orderId)).toMatchObject({ status: 'approved' });
  });

  it('verifies the manifest as documented: alphanumeric ids lower-cased, constant-time, 5 minutes either way', () => {
    const now = Date.UTC(2030, 0, 1);
    const ts = String(now / 1000);
    const v1 = crypto.createHmac('sha256', 's').update(`id:abc123;request-id:r-1;ts:${ts};`).digest('hex');
    const signature = `ts=${ts},v1=${v1}`;
    expect(verifyNotification('s', { signature, requestId: 'r-1', dataId: 'ABC123' }, now)).toBe('valid');
    expect(verifyNotification('s', { signature, requestId: 'r-2', dataId: 'ABC123' }, now)).toBe('invalid');
    expect(verifyNotification('s', { signature, requestId: 'r-1', dataId: 'ABC123' }, now + 5 * 60 * 1000)).toBe('valid');
    expect(verifyNotification('s', { signature, requestId: 'r-1', dataId: 'ABC123' }, now + 5 * 60 * 1000 + 1000)).toBe('stale');
    expect(verifyNotification(null, { signature, requestId: 'r-1', dataId: 'ABC123' }, now)).toBe('invalid');
    expect(verifyNotification('s', { signature: undefined, requestId: 'r-1', dataId: 'ABC123' }, now)).toBe('missing');
  });
});

describe('POST /api/sandbox/pix/{orderId}/pay (the customer pays the Pix)', () => {
  it('settles a pending Pix order to approved, after which its event can be created', async () => {
    const erin = await newUser('erin');
    const payload = order({ eventName: 'Festa Pix' });
    const placed = await postOrder(payload, erin.token);
    expect(placed.json()).toMatchObject({ status: 'pending', amount: DISCOUNTED });
    expect(isValidBrCode(placed.json().pixCode)).toBe(true);
    const notPaid = await server.call({ method: 'GET', url: `/api/create_event/festa_pix/${payload.orderId}`, token: erin.token });
    expect(notPaid.statusCode).toBe(403);
    expect(notPaid.json().error).toBe('order_not_paid');

    const paid = await server.call({ method: 'POST', url: `/api/sandbox/pix/${payload.orderId}/pay` });
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toEqual({ orderId: payload.orderId, status: 'approved' });
    // Settled as the webhook settles: the payment asked of the provider.
    expect(spy.calls.getPayment).toHaveLength(1);
    expect(await storedOrder(payload.orderId)).toMatchObject({ status: 'approved', payment_method: 'pix' });
    const created = await server.call({ method: 'GET', url: `/api/create_event/festa_pix/${payload.orderId}`, token: erin.token });
    expect(created.statusCode).toBe(200);
    // Paid once: a second transfer is refused, and the order's reply says approved without a code.
    expect((await server.call({ method: 'POST', url: `/api/sandbox/pix/${payload.orderId}/pay` })).statusCode).toBe(409);
    expect((await postOrder(payload)).json()).toEqual({ orderId: payload.orderId, status: 'approved', amount: DISCOUNTED });
  });

  it('refuses the transfer: the order is rejected, and a new Pix code can then be asked for', async () => {
    const payload = order();
    const first = (await postOrder(payload)).json();
    const refused = await server.call({ method: 'POST', url: `/api/sandbox/pix/${payload.orderId}/refuse` });
    expect(refused.json()).toEqual({ orderId: payload.orderId, status: 'rejected' });
    const again = await postOrder(payload);
    expect(again.json()).toMatchObject({ status: 'pending', amount: DISCOUNTED });
    expect(isValidBrCode(again.json().pixCode)).toBe(true);
    expect((await paymentsOf(payload.orderId)).map((p) => p.status)).toEqual(['rejected', 'pending']);
    expect(first.pixCode).toBeDefined();
  });

  it('answers 404 for an unknown order and 409 for a card order', async () => {
    expect((await server.call({ method: 'POST', url: `/api/sandbox/pix/${newOrderId()}/pay` })).statusCode).toBe(404);
    const { orderId } = await cardOrder();
    const card = await server.call({ method: 'POST', url: `/api/sandbox/pix/${orderId}/pay` });
    expect(card.statusCode).toBe(409);
    expect(card.json().error).toBe('order_not_pending');
    expect((await server.call({ method: 'POST', url: `/api/sandbox/pix/${orderId}/other` })).statusCode).toBe(400);
  });
});

describe('the team settles Pix by hand: /api/team_orders', () => {
  it('lists every order, newest first, to the team', async () => {
    const older = order({ eventName: 'Mais antigo' });
    const newer = order({ eventName: 'Mais novo', paymentMethod: 'card' });
    await postOrder(older);
    await postOrder(newer);
    const response = await server.call({ method: 'GET', url: '/api/team_orders', token: team.token });
    expect(response.statusCode).toBe(200);
    const list = response.json();
    expect(list[0]).toEqual({
      orderId: newer.orderId,
      eventName: 'Mais novo',
      clientName: 'Maria Souza',
      email: 'maria@example.com',
      coupon: 'DEZ',
      paymentMethod: 'card',
      amount: DISCOUNTED,
      status: 'pending',
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    expect(list[1]).toMatchObject({ orderId: older.orderId, paymentMethod: 'pix' });
    const times = list.map((o: { createdAt: string }) => o.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('approves or rejects a pending Pix order; nothing else', async () => {
    const approvedByHand = order();
    const rejectedByHand = order();
    await postOrder(approvedByHand);
    await postOrder(rejectedByHand);
    const settle = (orderId: string, status: string, token = team.token) =>
      server.call({ method: 'POST', url: `/api/team_orders/${orderId}`, payload: { status }, token });

    const approved = await settle(approvedByHand.orderId, 'approved');
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ orderId: approvedByHand.orderId, status: 'approved', paymentMethod: 'pix' });
    expect(await storedOrder(approvedByHand.orderId)).toMatchObject({ status: 'approved' });
    expect((await settle(rejectedByHand.orderId, 'rejected')).json().status).toBe('rejected');

    // Already settled, a card order, an unknown one, a status that is not a settlement.
    const twice = await settle(approvedByHand.orderId, 'rejected');
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe('order_not_pending');
    expect(await storedOrder(approvedByHand.orderId)).toMatchObject({ status: 'approved' });
    const { orderId: cardOrderId } = await cardOrder();
    expect((await settle(cardOrderId, 'approved')).statusCode).toBe(409);
    expect(await storedOrder(cardOrderId)).toMatchObject({ status: 'pending' });
    expect((await settle(newOrderId(), 'approved')).statusCode).toBe(404);
    expect((await settle(rejectedByHand.orderId, 'pending')).statusCode).toBe(400);
  });

  it('answers 403 to anyone else and 401 signed out, changing nothing', async () => {
    const payload = order();
    await postOrder(payload);
    const list = await server.call({ method: 'GET', url: '/api/team_orders', token: bob.token });
    expect(list.statusCode).toBe(403);
    expect(list.json().error).toBe('not_team');
    const settle = await server.call({ method: 'POST', url: `/api/team_orders/${payload.orderId}`, payload: { status: 'approved' }, token: bob.token });
    expect(settle.statusCode).toBe(403);
    expect((await server.call({ method: 'GET', url: '/api/team_orders' })).statusCode).toBe(401);
    expect((await server.call({ method: 'POST', url: `/api/team_orders/${payload.orderId}`, payload: { status: 'approved' } })).statusCode).toBe(401);
    expect((await server.call({ method: 'POST', url: `/api/team_orders/${payload.orderId}`, payload: { status: 'approved' }, token: 'x' })).statusCode).toBe(401);
    expect(await storedOrder(payload.orderId)).toMatchObject({ status: 'pending' });
  });
});

describe('production', () => {
  it('registers no sandbox routes (404)', async () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      FIREBASE_PROJECT_ID: 'cabine-prod',
      MERCADOPAGO_ACCESS_TOKEN: 'APP_USR-0000',
      MERCADOPAGO_WEBHOOK_SECRET: WEBHOOK_SECRET,
      PIX_KEY: 'financeiro@cabine.example',
      DATABASE_URL: server.config.databaseUrl ?? '',
      DATA_DIR: server.dataDir,
      DIST_DIR: path.join(server.dataDir, 'no-dist'),
      LOG_LEVEL: 'silent',
    });
    const app = await buildApp({ config, db: server.db, verifier: { verify: () => Promise.reject(new Error('no tokens here')) }, logger: false });
    try {
      const { orderId } = await cardOrder();
      const calls = [
        { method: 'GET', url: '/api/sandbox/payment_methods?bin=423564' },
        { method: 'POST', url: '/api/sandbox/card_tokens', payload: cardTokenBody() },
        { method: 'POST', url: `/api/sandbox/pix/${orderId}/pay` },
        { method: 'POST', url: `/api/sandbox/pix/${orderId}/refuse` },
      ] as const;
      for (const call of calls) {
        const response = await app.inject(call);
        expect({ url: call.url, status: response.statusCode }).toEqual({ url: call.url, status: 404 });
      }
      // The routes are there outside production.
      expect((await server.call({ method: 'GET', url: '/api/sandbox/payment_methods?bin=423564' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});

// --- the buyer's orders and events -------------------------------------------------------------

describe('orders of an account: /api/set_transaction, /api/load_transactions', () => {
  function link(transaction: unknown, claim: unknown, token?: string) {
    return server.call({ method: 'POST', url: '/api/set_transaction', payload: { transaction, claim }, token });
  }

  it('links an anonymous order to the signed-in holder of its claim, who then sees it', async () => {
    const payload = order({ eventName: 'Festa Anônima' });
    const placed = (await postOrder(payload)).json();
    const linked = await link(payload.orderId, payload.claim, bob.token);
    expect(linked.statusCode).toBe(200);
    expect(linked.body).toBe('ok');
    expect((await storedOrder(payload.orderId)).uid).toBe(bob.uid);
    // Linking again is harmless.
    expect((await link(payload.orderId, payload.claim, bob.token)).statusCode).toBe(200);
    const list = await server.call({ method: 'GET', url: '/api/load_transactions', token: bob.token });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toContainEqual({
      orderId: payload.orderId,
      eventName: 'Festa Anônima',
      status: 'pending',
      paymentMethod: 'pix',
      amount: DISCOUNTED,
      pixCode: placed.pixCode,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
    });
    const aliceList = await server.call({ method: 'GET', url: '/api/load_transactions', token: alice.token });
    expect(aliceList.json().map((t: { orderId: string }) => t.orderId)).not.toContain(payload.orderId);
  });

  it('answers a wrong claim, an unknown order and another account order alike (404), linking nothing', async () => {
    const payload = order();
    expect((await postOrder(payload)).statusCode).toBe(200);
    const wrongClaim = await link(payload.orderId, 'segredo-adivinhado-000000', alice.token);
    const unknown = await link(newOrderId(), payload.claim, alice.token);
    expect(wrongClaim.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(wrongClaim.json()).toEqual({ error: 'order_not_found', message: 'Pedido não encontrado.' });
    expect(wrongClaim.body).toBe(unknown.body);
    expect(wrongClaim.headers['content-type']).toBe(unknown.headers['content-type']);
    expect((await storedOrder(payload.orderId)).uid).toBeNull();

    // Once it is Bob's, even the right claim does not give it to Alice, nor says whose it is.
    expect((await link(payload.orderId, payload.claim, bob.token)).statusCode).toBe(200);
    const taken = await link(payload.orderId, payload.claim, alice.token);
    expect(taken.statusCode).toBe(404);
    expect(taken.body).toBe(unknown.body);
    expect((await storedOrder(payload.orderId)).uid).toBe(bob.uid);
  });

  it("answers ok to the caller's own order, and never links an order without a claim (seeded)", async () => {
    const own = order();
    expect((await postOrder(own, alice.token)).statusCode).toBe(200);
    expect((await link(own.orderId, 'qualquer-segredo-000000000', alice.token)).statusCode).toBe(200);
    await server.db.query('UPDATE orders SET uid = NULL, claim_hash = NULL WHERE order_id = $1', [own.orderId]);
    expect((await link(own.orderId, own.claim, alice.token)).statusCode).toBe(404);
  });

  it('lists only the caller orders, newest first, with their method and amount; a code only while a Pix waits', async () => {
    const user = dave;
    const before = (await server.call({ method: 'GET', url: '/api/load_transactions', token: user.token })).json();
    const first = order({ eventName: 'Primeiro' });
    const second = await cardOrder({ eventName: 'Segundo' }, user.token);
    const firstReply = (await postOrder(first, user.token)).json();
    // Newest first: the Pix order was placed last.
    const list = (await server.call({ method: 'GET', url: '/api/load_transactions', token: user.token })).json();
    expect(list.slice(0, 2)).toEqual([
      { orderId: first.orderId, eventName: 'Primeiro', status: 'pending', paymentMethod: 'pix', amount: DISCOUNTED, pixCode: firstReply.pixCode, createdAt: expect.any(String) },
      { orderId: second.orderId, eventName: 'Segundo', status: 'pending', paymentMethod: 'card', amount: DISCOUNTED, createdAt: expect.any(String) },
    ]);
    expect(list).toHaveLength(before.length + 2);
    // Paid: no code any more.
    await server.call({ method: 'POST', url: `/api/sandbox/pix/${first.orderId}/pay` });
    const paid = (await server.call({ method: 'GET', url: '/api/load_transactions', token: user.token })).json();
    expect(paid[0]).toEqual({ orderId: first.orderId, eventName: 'Primeiro', status: 'approved', paymentMethod: 'pix', amount: DISCOUNTED, createdAt: expect.any(String) });
  });

  it('answers 400 for a malformed order or claim', async () => {
    for (const transaction of ['../1', 'a b', 123456789, '', 'x'.repeat(65)]) {
      const response = await link(transaction, 'segredo-valido-0000000000', bob.token);
      expect({ transaction, status: response.statusCode }).toEqual({ transaction, status: 400 });
    }
    for (const claim of [undefined, '', 'curto', 'x'.repeat(65), 'com espaço no meio 000000', 42]) {
      const response = await link('555555555', claim, bob.token);
      expect({ claim, status: response.statusCode }).toEqual({ claim, status: 400 });
    }
    const extra = await server.call({
      method: 'POST',
      url: '/api/set_transaction',
      payload: { transaction: '555555555', claim: 'segredo-valido-0000000000', uid: alice.uid },
      token: bob.token,
    });
    expect(extra.statusCode).toBe(400);
  });

  it('answers 401 without a valid token', async () => {
    expect((await link('555555555', 'segredo-valido-0000000000')).statusCode).toBe(401);
    expect((await link('555555555', 'segredo-valido-0000000000', 'x')).statusCode).toBe(401);
    expect((await server.call({ method: 'GET', url: '/api/load_transactions' })).statusCode).toBe(401);
    expect((await server.call({ method: 'GET', url: '/api/load_transactions', token: 'x' })).statusCode).toBe(401);
  });
});

describe('events of paid orders: /api/load_events, /api/create_event, /api/check_bname', () => {
  let paidOrder: string;
  let secondPaidOrder: string;
  let pendingOrder: string;

  beforeAll(async () => {
    paidOrder = (await paidCardOrder('APRO', { eventName: 'Festa da Carol' }, carol.token)).orderId;
    // Album only: 80 × 2 = 160, 144 with DEZ.
    const second = await cardOrder({ products: [albumLine()] }, carol.token);
    secondPaidOrder = second.orderId;
    expect((await payOrder(secondPaidOrder, 'APRO', 144)).status).toBe('approved');
    const pix = order();
    pendingOrder = pix.orderId;
    expect((await postOrder(pix, carol.token)).statusCode).toBe(200);
  });

  it('lists the approved orders with their products and order id', async () => {
    const response = await server.call({ method: 'GET', url: '/api/load_events', token: carol.token });
    expect(response.statusCode).toBe(200);
    const events = response.json();
    expect(events).toHaveLength(2);
    expect(events).toContainEqual({
      eventName: 'Festa da Carol',
      eventCreated: 0,
      // No event made from the order yet: no name, and so no visibility to set.
      createdName: null,
      orderId: paidOrder,
      products: [
        { name: 'Cabine 360', hours: 3, accessories: [{ name: 'Neon' }] },
        { name: 'Álbum', hours: 0, accessories: [] },
      ],
    });
    expect(events.map((e: { orderId: string }) => e.orderId)).not.toContain(pendingOrder);
  });

  it('answers an empty list to a user without paid orders and 401 without a token', async () => {
    expect((await server.call({ method: 'GET', url: '/api/load_events', token: bob.token })).json()).toEqual([]);
    expect((await server.call({ method: 'GET', url: '/api/load_events' })).statusCode).toBe(401);
    expect((await server.call({ method: 'GET', url: '/api/load_events', token: 'x' })).statusCode).toBe(401);
  });

  it('answers yes, no or other to a name check', async () => {
    const check = async (name: string) => {
      const response = await server.call({ method: 'GET', url: `/api/check_bname/${name}` });
      expect(response.statusCode).toBe(200);
      return response.body;
    };
    expect(await check('festa_ana')).toBe('yes');
    expect(await check('festa_da_carol')).toBe('no');
    expect(await check(encodeURIComponent('festa da carol'))).toBe('other');
    expect(await check(encodeURIComponent('../festa_ana'))).toBe('other');
    expect((await server.call({ method: 'GET', url: '/api/check_bname/%2E%2E' })).statusCode).toBe(404);
    expect(await check('x'.repeat(65))).toBe('other');
    expect((await server.call({ method: 'GET', url: `/api/check_bname/${'x'.repeat(300)}` })).statusCode).toBe(400);
  });

  it('refuses an order that is not the caller, or not paid, with 403', async () => {
    const other = await server.call({ method: 'GET', url: `/api/create_event/festa_do_bob/${paidOrder}`, token: bob.token });
    expect(other.statusCode).toBe(403);
    expect(other.json().error).toBe('not_your_order');
    const unknown = await server.call({ method: 'GET', url: '/api/create_event/festa_do_bob/999999998', token: carol.token });
    expect(unknown.statusCode).toBe(403);
    const pending = await server.call({ method: 'GET', url: `/api/create_event/festa_pendente/${pendingOrder}`, token: carol.token });
    expect(pending.statusCode).toBe(403);
    expect(pending.json().error).toBe('order_not_paid');
    expect((await server.call({ method: 'GET', url: '/api/check_bname/festa_do_bob' })).body).toBe('no');
    expect((await server.call({ method: 'GET', url: '/api/check_bname/festa_pendente' })).body).toBe('no');
  });

  it('refuses a taken name with 409', async () => {
    const response = await server.call({ method: 'GET', url: `/api/create_event/festa_ana/${paidOrder}`, token: carol.token });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: 'name_taken', message: 'Nome já existe' });
  });

  it('refuses invalid names with 400, and answers 401 without a token', async () => {
    for (const name of [encodeURIComponent('festa carol'), encodeURIComponent('../x'), 'x'.repeat(65), 'x'.repeat(300), encodeURIComponent('fésta')]) {
      const response = await server.call({ method: 'GET', url: `/api/create_event/${name}/${paidOrder}`, token: carol.token });
      expect({ name: name.slice(0, 20), status: response.statusCode }).toEqual({ name: name.slice(0, 20), status: 400 });
    }
    expect((await server.call({ method: 'GET', url: `/api/create_event/festa_x/${encodeURIComponent('1 OR 1')}`, token: carol.token })).statusCode).toBe(400);
    expect((await server.call({ method: 'GET', url: `/api/create_event/%2E%2E/${paidOrder}`, token: carol.token })).statusCode).toBe(404);
    expect((await server.call({ method: 'GET', url: `/api/create_event/festa_x/${paidOrder}` })).statusCode).toBe(401);
    expect((await server.call({ method: 'GET', url: `/api/create_event/festa_x/${paidOrder}`, token: 'x' })).statusCode).toBe(401);
  });

  it('creates the event with the booth modes of the order, once per order', async () => {
    const response = await server.call({ method: 'GET', url: `/api/create_event/festa_da_carol/${paidOrder}`, token: carol.token });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('ok');
    expect((await server.call({ method: 'GET', url: '/api/check_bname/festa_da_carol' })).body).toBe('yes');
    const cards = await server.call({ method: 'GET', url: `/api/eventos/festa_da_carol/${AGENT}` });
    expect(cards.json()).toEqual([expect.objectContaining({ title: 'festa_da_carol', devices: ['360'], photos: 0 })]);
    const events = (await server.call({ method: 'GET', url: '/api/load_events', token: carol.token })).json();
    expect(events.find((e: { orderId: string }) => e.orderId === paidOrder).eventCreated).toBe(1);
    const account = (await server.call({ method: 'GET', url: '/api/account', token: carol.token })).json();
    expect(account.events).toContain('festa_da_carol');

    const again = await server.call({ method: 'GET', url: `/api/create_event/outro_nome/${paidOrder}`, token: carol.token });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('already_created');
    expect((await server.call({ method: 'GET', url: '/api/check_bname/outro_nome' })).body).toBe('no');
  });

  it('refuses a name just taken by another order with 409, and gives an order without booths no devices', async () => {
    const taken = await server.call({ method: 'GET', url: `/api/create_event/festa_da_carol/${secondPaidOrder}`, token: carol.token });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toBe('name_taken');
    const created = await server.call({ method: 'GET', url: `/api/create_event/album_da_carol/${secondPaidOrder}`, token: carol.token });
    expect(created.statusCode).toBe(200);
    expect((await server.call({ method: 'GET', url: `/api/eventos/album_da_carol/${AGENT}` })).json()).toEqual([
      expect.objectContaining({ title: 'album_da_carol', devices: [] }),
    ]);
  });
});
