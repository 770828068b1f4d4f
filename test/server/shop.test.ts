import { isValidBrCode } from '../../src/lib/pix';
import { basicSeed, loadBasicSeed } from './support/fixtures';
import { newUser, startTestServer, type TestServer, type TestUser } from './support/testServer';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
let dave: TestUser;

const AGENT = 'agent0001';
const FUTURE_YEAR = String(new Date().getFullYear() + 2);

beforeAll(async () => {
  server = await startTestServer();
  const seed = basicSeed();
  // A free gift: an order of nothing to pay.
  seed.products = [...(seed.products ?? []), { id: 'brinde', name: 'Brinde', type: 'product', price: 0, maxQty: 1 }];
  await loadBasicSeed(server, seed);
  [alice, bob, carol, dave] = await Promise.all([newUser('alice'), newUser('bob'), newUser('carol'), newUser('dave')]);
});

afterAll(() => server.close());

// --- helpers -------------------------------------------------------------------------------

let nextPixId = 100_000_100;
/** A fresh 9-digit Pix order id. */
function pixId(): string {
  nextPixId += 1;
  return String(nextPixId);
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
    orderId: pixId(),
    ...overrides,
  };
}

function postOrder(payload: unknown, token?: string, coupon = 'DEZ') {
  return server.call({ method: 'POST', url: `/api/order/${coupon}`, payload: payload as object, token });
}

async function storedOrder(orderId: string) {
  const { rows } = await server.db.query(
    'SELECT uid, total, discount, discounted_total, status, payment_method, payment_id, pix_code, lines, email, client_name FROM orders WHERE order_id = $1',
    [orderId],
  );
  return rows[0];
}

async function orderCount(): Promise<number> {
  return (await server.db.query('SELECT count(*)::int AS n FROM orders')).rows[0].n;
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

function paymentBody(token: string, amount: number, overrides: Record<string, unknown> = {}) {
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
    ...overrides,
  };
}

function pay(body: unknown, token?: string) {
  return server.call({ method: 'POST', url: '/api/process_payment_card', payload: body as object, token });
}

/** A card payment made in the sandbox; the holder name decides the outcome. */
async function payment(holder: string, amount: number): Promise<{ id: string; status: string; status_detail: string }> {
  const response = await pay(paymentBody(await cardToken(holder), amount));
  expect(response.statusCode).toBe(200);
  return response.json();
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
  it('stores the order priced from the catalogue, with a valid BR Code for the discounted total', async () => {
    const payload = order();
    const response = await postOrder(payload);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ orderId: payload.orderId, status: 'pending' });
    const stored = await storedOrder(payload.orderId);
    expect(stored).toMatchObject({
      uid: null,
      total: TOTAL,
      discount: 0.1,
      discounted_total: DISCOUNTED,
      status: 'pending',
      payment_method: 'pix',
      payment_id: null,
      email: 'maria@example.com',
      client_name: 'Maria Souza',
    });
    expect(stored.lines).toEqual([
      { id: 'cabine360', name: 'Cabine 360', type: 'service', hours: 3, quantity: 1, selectedAccessories: [{ name: 'Neon', price: 150 }], unitPrice: 1350, totalPrice: 1350 },
      { id: 'album', name: 'Álbum', type: 'product', hours: 0, quantity: 2, selectedAccessories: [], unitPrice: 80, totalPrice: 160 },
    ]);
    expect(isValidBrCode(stored.pix_code)).toBe(true);
    expect(stored.pix_code).toContain('54071359.00');
    expect(stored.pix_code).toContain(`0509${payload.orderId}`);
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
    const stored = await storedOrder(payload.orderId);
    expect(stored).toMatchObject({ total: TOTAL, discounted_total: DISCOUNTED });
    expect(stored.lines.map((l: { unitPrice: number; totalPrice: number }) => [l.unitPrice, l.totalPrice])).toEqual([
      [1350, 1350],
      [80, 160],
    ]);
  });

  it('prices service hours above the minimum and the quantity', async () => {
    // 5 h: 1000 + 3 × 200 = 1600, twice: 3200, no accessory; 2880 with DEZ.
    const payload = order({ products: [cabineLine({ hours: 5, quantity: 2, selectedAccessories: [] })] });
    expect((await postOrder(payload)).statusCode).toBe(200);
    expect(await storedOrder(payload.orderId)).toMatchObject({ total: 3200, discounted_total: 2880 });
  });

  it('ignores the hours of a product that is not a service', async () => {
    const payload = order({ products: [albumLine({ hours: 40, quantity: 1 })] });
    expect((await postOrder(payload)).statusCode).toBe(200);
    const stored = await storedOrder(payload.orderId);
    expect(stored).toMatchObject({ total: 80, discounted_total: 72 });
    expect(stored.lines[0].hours).toBe(0);
  });

  it('answers a retried identical order with the same reply and stores it once', async () => {
    const payload = order();
    const first = await postOrder(payload);
    const before = await orderCount();
    const second = await postOrder(payload);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(await orderCount()).toBe(before);
  });

  it('answers concurrent retries of one order alike and stores it once', async () => {
    // A few rounds: the race between the first insert and its retries is short.
    for (let round = 0; round < 6; round += 1) {
      const payload = order();
      const replies = await Promise.all(Array.from({ length: 8 }, () => postOrder(payload)));
      expect(replies.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
      for (const reply of replies) expect(reply.json()).toEqual({ orderId: payload.orderId, status: 'pending' });
      expect((await server.db.query('SELECT 1 FROM orders WHERE order_id = $1', [payload.orderId])).rowCount).toBe(1);
    }
  });

  it('refuses another order under a used id with 409 and keeps the first', async () => {
    const payload = order();
    expect((await postOrder(payload)).statusCode).toBe(200);
    const other = await postOrder({ ...payload, products: [albumLine()] });
    expect(other.statusCode).toBe(409);
    expect(other.json().error).toBe('order_exists');
    const otherEmail = await postOrder({ ...payload, email: 'outra@example.com' });
    expect(otherEmail.statusCode).toBe(409);
    expect(await storedOrder(payload.orderId)).toMatchObject({ total: TOTAL, email: 'maria@example.com' });
  });

  it('ties a signed-in order to the caller, an anonymous one to nobody', async () => {
    const signedIn = order();
    expect((await postOrder(signedIn, alice.token)).statusCode).toBe(200);
    expect((await storedOrder(signedIn.orderId)).uid).toBe(alice.uid);
    const anonymous = order();
    expect((await postOrder(anonymous)).statusCode).toBe(200);
    expect((await storedOrder(anonymous.orderId)).uid).toBeNull();
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
    const payload = order({ products });
    const response = await postOrder(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(error);
    expect(await storedOrder(payload.orderId)).toBeUndefined();
  });

  it('refuses an order with nothing to pay with 400', async () => {
    const payload = order({ products: [{ id: 'brinde', name: 'Brinde', type: 'product', hours: 0, quantity: 1, selectedAccessories: [], unitPrice: 0, totalPrice: 0 }] });
    const response = await postOrder(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('zero_total');
    expect(await storedOrder(payload.orderId)).toBeUndefined();
  });

  it('takes the smallest and the largest 9-digit Pix ids', async () => {
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
  ])('refuses %s with 400', async (_case, overrides, error) => {
    const payload = order(overrides);
    const response = await postOrder(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(error);
    expect(await storedOrder(String(payload.orderId))).toBeUndefined();
  });

  it('refuses odd coupons in the path with 400 and a body that is not JSON with 400', async () => {
    const odd = await server.call({ method: 'POST', url: `/api/order/${encodeURIComponent('DEZ;--')}`, payload: order() });
    expect(odd.statusCode).toBe(400);
    const notJson = await server.call({ method: 'POST', url: '/api/order/DEZ', payload: '{nope', headers: { 'content-type': 'application/json' } });
    expect(notJson.statusCode).toBe(400);
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
    const amex = await server.call({ method: 'GET', url: '/api/sandbox/payment_methods?bin=375365' });
    expect(amex.json().results[0].id).toBe('amex');
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
    ['APRO', 'approved', 'accredited'],
    ['OTHE', 'rejected', 'cc_rejected_other_reason'],
    ['CONT', 'in_process', 'pending_contingency'],
    ['FUND', 'rejected', 'cc_rejected_insufficient_amount'],
  ])('answers the sandbox outcome of holder %s', async (holder, status, detail) => {
    const reply = await payment(holder, 100);
    expect(reply).toEqual({ id: expect.stringMatching(/^\d{10}$/), status, status_detail: detail });
    const stored = await server.db.query('SELECT amount, status, order_id FROM payments WHERE id = $1', [reply.id]);
    expect(stored.rows).toEqual([{ amount: 100, status, order_id: null }]);
  });

  it('charges a token once: a retry answers the same payment, a new charge with it is not made', async () => {
    const token = await cardToken('APRO');
    const first = await pay(paymentBody(token, 250));
    const retry = await pay(paymentBody(token, 250));
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    const changed = await pay(paymentBody(token, 999));
    expect(changed.json().id).toBe(first.json().id);
    const rows = await server.db.query('SELECT amount FROM payments WHERE id = $1', [first.json().id]);
    expect(rows.rows).toEqual([{ amount: 250 }]);
    expect((await server.db.query('SELECT used FROM sandbox_card_tokens WHERE id = $1', [token])).rows).toEqual([{ used: true }]);
  });

  it('answers concurrent retries of one charge with one payment', async () => {
    const token = await cardToken('APRO');
    const before = (await server.db.query('SELECT count(*)::int AS n FROM payments')).rows[0].n;
    const replies = await Promise.all(Array.from({ length: 4 }, () => pay(paymentBody(token, 300))));
    expect(replies.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(new Set(replies.map((r) => r.json().id)).size).toBe(1);
    expect((await server.db.query('SELECT count(*)::int AS n FROM payments')).rows[0].n).toBe(before + 1);
  });

  it('refuses an unknown token with 400', async () => {
    const response = await pay(paymentBody('f'.repeat(32), 100));
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('invalid_card_token');
  });

  it('refuses an invalid idToken with 401 but takes a signed-in payer', async () => {
    expect((await pay(paymentBody(await cardToken('APRO'), 100), 'not-a-token')).statusCode).toBe(401);
    expect((await pay(paymentBody(await cardToken('APRO'), 100), alice.token)).statusCode).toBe(200);
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
  ])('refuses %s with 400', async (_case, overrides) => {
    const response = await pay(paymentBody('f'.repeat(32), 100, overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('invalid_request');
  });
});

describe('POST /api/order/{coupon} (card)', () => {
  it('registers an order naming an approved payment of its amount as approved', async () => {
    const paid = await payment('APRO', DISCOUNTED);
    const payload = order({ paymentMethod: 'card', orderId: paid.id });
    const response = await postOrder(payload, alice.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ orderId: paid.id, status: 'approved' });
    expect(await storedOrder(paid.id)).toMatchObject({ uid: alice.uid, status: 'approved', payment_id: paid.id, pix_code: null, discounted_total: DISCOUNTED });
    expect((await server.db.query('SELECT order_id FROM payments WHERE id = $1', [paid.id])).rows).toEqual([{ order_id: paid.id }]);
    // A retry answers the same; another order on the same payment is refused.
    const retry = await postOrder(payload, alice.token);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual({ orderId: paid.id, status: 'approved' });
    const reuse = await postOrder({ ...payload, products: [albumLine({ quantity: 1 })] }, bob.token);
    expect(reuse.statusCode).toBe(409);
    expect((await server.db.query('SELECT count(*)::int AS n FROM orders WHERE payment_id = $1', [paid.id])).rows[0].n).toBe(1);
  });

  it('keeps an order of a payment in process pending', async () => {
    const paid = await payment('CONT', DISCOUNTED);
    const response = await postOrder(order({ paymentMethod: 'card', orderId: paid.id }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ orderId: paid.id, status: 'pending' });
  });

  it('refuses a payment of another amount with 409 amount_mismatch', async () => {
    const paid = await payment('APRO', TOTAL); // the undiscounted total
    const response = await postOrder(order({ paymentMethod: 'card', orderId: paid.id }));
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe('amount_mismatch');
    expect(await storedOrder(paid.id)).toBeUndefined();
    expect((await server.db.query('SELECT order_id FROM payments WHERE id = $1', [paid.id])).rows).toEqual([{ order_id: null }]);
  });

  it('refuses a rejected payment with 402', async () => {
    const paid = await payment('OTHE', DISCOUNTED);
    const response = await postOrder(order({ paymentMethod: 'card', orderId: paid.id }));
    expect(response.statusCode).toBe(402);
    expect(response.json().error).toBe('payment_rejected');
    expect(await storedOrder(paid.id)).toBeUndefined();
  });

  it('refuses an unknown payment with 400', async () => {
    const response = await postOrder(order({ paymentMethod: 'card', orderId: '1234567890' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('payment_not_found');
    expect(await storedOrder('1234567890')).toBeUndefined();
  });

  it('does not let a Pix order take the id of a card payment order', async () => {
    const paid = await payment('APRO', DISCOUNTED);
    expect((await postOrder(order({ paymentMethod: 'card', orderId: paid.id }))).statusCode).toBe(200);
    const pix = await postOrder(order({ paymentMethod: 'pix', orderId: paid.id }));
    expect(pix.statusCode).toBe(409);
  });
});

// --- the buyer's orders and events -------------------------------------------------------------

describe('orders of an account: /api/set_transaction, /api/load_transactions', () => {
  it('links an anonymous order to the signed-in user, who then sees it', async () => {
    const payload = order({ eventName: 'Festa Anônima' });
    expect((await postOrder(payload)).statusCode).toBe(200);
    const link = await server.call({ method: 'POST', url: '/api/set_transaction', payload: { transaction: payload.orderId }, token: bob.token });
    expect(link.statusCode).toBe(200);
    expect(link.body).toBe('ok');
    expect((await storedOrder(payload.orderId)).uid).toBe(bob.uid);
    // Linking again is harmless.
    expect((await server.call({ method: 'POST', url: '/api/set_transaction', payload: { transaction: payload.orderId }, token: bob.token })).statusCode).toBe(200);
    const list = await server.call({ method: 'GET', url: '/api/load_transactions', token: bob.token });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toContainEqual({ orderId: payload.orderId, eventName: 'Festa Anônima', status: 'pending' });
    // Another user cannot take it over, nor see it.
    const steal = await server.call({ method: 'POST', url: '/api/set_transaction', payload: { transaction: payload.orderId }, token: alice.token });
    expect(steal.statusCode).toBe(403);
    expect(steal.json().error).toBe('not_your_order');
    expect((await storedOrder(payload.orderId)).uid).toBe(bob.uid);
    const aliceList = await server.call({ method: 'GET', url: '/api/load_transactions', token: alice.token });
    expect(aliceList.json().map((t: { orderId: string }) => t.orderId)).not.toContain(payload.orderId);
  });

  it('lists only the caller orders, newest first', async () => {
    const user = dave;
    expect((await server.call({ method: 'GET', url: '/api/load_transactions', token: user.token })).json()).toEqual([]);
    const first = order({ eventName: 'Primeiro' });
    const second = order({ eventName: 'Segundo' });
    await postOrder(first, user.token);
    await postOrder(second, user.token);
    expect((await server.call({ method: 'GET', url: '/api/load_transactions', token: user.token })).json()).toEqual([
      { orderId: second.orderId, eventName: 'Segundo', status: 'pending' },
      { orderId: first.orderId, eventName: 'Primeiro', status: 'pending' },
    ]);
  });

  it('answers 404 for an unknown order and 400 for a malformed one', async () => {
    const unknown = await server.call({ method: 'POST', url: '/api/set_transaction', payload: { transaction: '555555555' }, token: bob.token });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe('order_not_found');
    for (const transaction of ['../1', 'a b', 123456789, '', 'x'.repeat(65)]) {
      const response = await server.call({ method: 'POST', url: '/api/set_transaction', payload: { transaction }, token: bob.token });
      expect({ transaction, status: response.statusCode }).toEqual({ transaction, status: 400 });
    }
    const extra = await server.call({ method: 'POST', url: '/api/set_transaction', payload: { transaction: '555555555', uid: alice.uid }, token: bob.token });
    expect(extra.statusCode).toBe(400);
  });

  it('answers 401 without a valid token', async () => {
    expect((await server.call({ method: 'POST', url: '/api/set_transaction', payload: { transaction: '555555555' } })).statusCode).toBe(401);
    expect((await server.call({ method: 'POST', url: '/api/set_transaction', payload: { transaction: '555555555' }, token: 'x' })).statusCode).toBe(401);
    expect((await server.call({ method: 'GET', url: '/api/load_transactions' })).statusCode).toBe(401);
    expect((await server.call({ method: 'GET', url: '/api/load_transactions', token: 'x' })).statusCode).toBe(401);
  });
});

describe('events of paid orders: /api/load_events, /api/create_event, /api/check_bname', () => {
  let paidOrder: string;
  let secondPaidOrder: string;
  let pendingOrder: string;

  beforeAll(async () => {
    const paid = await payment('APRO', DISCOUNTED);
    paidOrder = paid.id;
    expect((await postOrder(order({ paymentMethod: 'card', orderId: paidOrder, eventName: 'Festa da Carol' }), carol.token)).statusCode).toBe(200);
    // Album only: 80 × 2 = 160, 144 with DEZ.
    const second = await payment('APRO', 144);
    secondPaidOrder = second.id;
    expect((await postOrder(order({ paymentMethod: 'card', orderId: secondPaidOrder, products: [albumLine()] }), carol.token)).statusCode).toBe(200);
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
