import { sandboxProvider } from '../../../server/src/modules/commerce/payments/sandboxProvider';
import { basicSeed, loadBasicSeed } from '../support/fixtures';
import { spyProvider, type SpyProvider } from '../support/spyProvider';
import { startTestServer, type TestServer } from '../support/testServer';

/**
 * The shop's world, shared by the test files of test/server/shop: a server on a fresh database
 * with the basic seed and a free gift, its payment provider watched, and the requests a buyer's
 * browser makes. `server` and `spy` are live bindings, set by the hooks `withShopServer` registers
 * (each test file has its own copy of this module, so its own server).
 */
export let server: TestServer;
export let spy: SpyProvider;

export const AGENT = 'agent0001';
export const WEBHOOK_SECRET = 'segredo-do-webhook-de-teste';
const FUTURE_YEAR = String(new Date().getFullYear() + 2);

/** Starts the file's server before its tests, forgets the provider's calls before each one, and stops it after them. */
export function withShopServer(): void {
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
  });

  beforeEach(() => spy.reset());

  afterAll(() => server.close());
}

let nextOrderId = 100_000_100;
/** A fresh 9-digit order id, as the SPA makes them. */
export function newOrderId(): string {
  nextOrderId += 1;
  return String(nextOrderId);
}

/** The claim secret the buyer's browser made for an order. */
function claimFor(orderId: string): string {
  return `segredo-${orderId}-do-navegador`;
}

/**
 * Cabine 360 for 3 h with Neon (1000 + 200 + 150 = 1350) and 2 albums (160): total 1510. A line is
 * what the SPA sends: the choices, no prices.
 */
export function cabineLine(overrides: Record<string, unknown> = {}) {
  return { id: 'cabine360', hours: 3, quantity: 1, selectedAccessories: [{ name: 'Neon' }], ...overrides };
}

export function albumLine(overrides: Record<string, unknown> = {}) {
  return { id: 'album', hours: 0, quantity: 2, selectedAccessories: [], ...overrides };
}

export const TOTAL = 1510;
/** With coupon DEZ (10 %). */
export const DISCOUNTED = 1359;

export function order(overrides: Record<string, unknown> = {}) {
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

export function postOrder(payload: unknown, token?: string, coupon = 'DEZ') {
  return server.call({ method: 'POST', url: `/api/order/${coupon}`, payload: payload as object, token });
}

/** A card order placed (pending), ready to be charged. */
export async function cardOrder(overrides: Record<string, unknown> = {}, token?: string) {
  const payload = order({ paymentMethod: 'card', ...overrides });
  const response = await postOrder(payload, token);
  expect(response.statusCode).toBe(200);
  expect(response.json()).toMatchObject({ orderId: payload.orderId, status: 'pending' });
  return payload;
}

export async function storedOrder(orderId: string) {
  const { rows } = await server.db.query(
    `SELECT uid, total, discount, discounted_total, status, payment_method, payment_id, pix_code, lines, email,
      client_name, event_name, claim_hash
       FROM orders WHERE order_id = $1`,
    [orderId],
  );
  return rows[0];
}

export async function orderCount(): Promise<number> {
  return (await server.db.query('SELECT count(*)::int AS n FROM orders')).rows[0].n;
}

/** The payments stored for an order, oldest first. */
export async function paymentsOf(orderId: string) {
  const { rows } = await server.db.query(
    'SELECT id, amount, status, kind FROM payments WHERE order_id = $1 ORDER BY created_at, id',
    [orderId],
  );
  return rows as { id: string; amount: number; status: string; kind: string }[];
}

export function cardTokenBody(overrides: Record<string, unknown> = {}) {
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

export async function cardToken(holder: string, overrides: Record<string, unknown> = {}): Promise<string> {
  const response = await server.call({
    method: 'POST',
    url: '/api/sandbox/card_tokens',
    payload: cardTokenBody({ cardholderName: holder, ...overrides }),
  });
  expect(response.statusCode).toBe(200);
  return response.json().id;
}

export function paymentBody(token: string, amount: number, orderId: string, overrides: Record<string, unknown> = {}) {
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
    // Whoever placed the order pays it: the claim secret it was placed with.
    claim: claimFor(orderId),
    ...overrides,
  };
}

export function pay(body: unknown, token?: string) {
  return server.call({ method: 'POST', url: '/api/process_payment_card', payload: body as object, token });
}

/** Charges order `orderId` in the sandbox with a new card token; the holder name decides the outcome. */
export async function payOrder(
  orderId: string,
  holder: string,
  amount = DISCOUNTED,
): Promise<{ id: string; status: string; status_detail: string }> {
  const response = await pay(paymentBody(await cardToken(holder), amount, orderId));
  expect(response.statusCode).toBe(200);
  return response.json();
}

/** A card order of the whole cart, paid by a card of holder `holder`. */
export async function paidCardOrder(holder: string, overrides: Record<string, unknown> = {}, token?: string) {
  const placed = await cardOrder(overrides, token);
  const payment = await payOrder(placed.orderId, holder);
  return { orderId: placed.orderId, payment };
}
