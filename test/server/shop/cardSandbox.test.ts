import path from 'node:path';
import { buildApp } from '../../../server/src/app';
import { loadConfig } from '../../../server/src/platform/config';
import {
  cardOrder,
  cardTokenBody,
  order,
  postOrder,
  server,
  storedOrder,
  withShopServer,
  WEBHOOK_SECRET,
} from './support';

/** The card sandbox the SPA's card form talks to outside production, and its absence where it must not be. */

withShopServer();

describe('POST /api/sandbox/card_tokens', () => {
  it('creates a token for a valid card, keeping only its first six and last four digits', async () => {
    const response = await server.call({
      method: 'POST',
      url: '/api/sandbox/card_tokens',
      payload: cardTokenBody({ cardNumber: '4235 6477 2802 5682' }),
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{32}$/),
      first_six_digits: '423564',
      last_four_digits: '5682',
    });
    const stored = await server.db.query(
      'SELECT holder_name, first_six, last_four, used FROM sandbox_card_tokens WHERE id = $1',
      [body.id],
    );
    expect(stored.rows).toEqual([{ holder_name: 'APRO', first_six: '423564', last_four: '5682', used: false }]);
  });

  it("accepts the provider's test cards (valid numbers of their brands)", async () => {
    for (const cardNumber of ['5031433215406351', '4235647728025682', '375365153556885', '5067766783888311']) {
      const response = await server.call({
        method: 'POST',
        url: '/api/sandbox/card_tokens',
        payload: cardTokenBody({ cardNumber }),
      });
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
    [
      'a card expired last year',
      { cardExpirationMonth: '12', cardExpirationYear: String(new Date().getFullYear() - 1).slice(2) },
      'card_expired',
    ],
    ['month 13', { cardExpirationMonth: '13' }, 'invalid_request'],
    ['a three-digit year', { cardExpirationYear: '203' }, 'invalid_request'],
    ['a numeric month', { cardExpirationMonth: 11 }, 'invalid_request'],
    ['a CVC of letters', { securityCode: 'abc' }, 'invalid_request'],
    ['an empty holder name', { cardholderName: '' }, 'invalid_request'],
    ['a very long number', { cardNumber: '4'.repeat(26) }, 'invalid_request'],
    ['another document type', { identificationType: 'RG' }, 'invalid_request'],
    ['a CPF of 10 digits', { identificationNumber: '1234567890' }, 'invalid_request'],
  ])('refuses %s with 400', async (_case, overrides, error) => {
    const response = await server.call({
      method: 'POST',
      url: '/api/sandbox/card_tokens',
      payload: cardTokenBody(overrides),
    });
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
    expect(result.payer_costs.find((c: { installments: number }) => c.installments === 12)).toEqual({
      installments: 12,
      installment_rate: 17.91,
    });
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
    for (const query of [
      '',
      '?bin=12345',
      '?bin=123456789',
      '?bin=abcdef',
      `?bin=${encodeURIComponent('42356%')}`,
      '?bin=423564&bin=411111',
    ]) {
      const response = await server.call({ method: 'GET', url: `/api/sandbox/payment_methods${query}` });
      expect({ query, status: response.statusCode }).toEqual({ query, status: 400 });
    }
  });
});

/** Every sandbox route, asked of `app` for this order: none is there (404). */
async function expectNoSandboxRoutes(app: Awaited<ReturnType<typeof buildApp>>, orderId: string): Promise<void> {
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
}

describe('production', () => {
  it('registers no sandbox routes (404)', async () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      FIREBASE_PROJECT_ID: 'cabine-prod',
      MERCADOPAGO_ACCESS_TOKEN: 'APP_USR-0000',
      MERCADOPAGO_WEBHOOK_SECRET: WEBHOOK_SECRET,
      PIX_KEY: 'financeiro@cabine.example',
      PUBLIC_URL: 'https://cabine.example',
      DATABASE_URL: server.config.databaseUrl ?? '',
      DATA_DIR: server.dataDir,
      DIST_DIR: path.join(server.dataDir, 'no-dist'),
      LOG_LEVEL: 'silent',
    });
    const app = await buildApp({
      config,
      db: server.db,
      verifier: { verify: () => Promise.reject(new Error('no tokens here')) },
      logger: false,
    });
    try {
      const { orderId } = await cardOrder();
      await expectNoSandboxRoutes(app, orderId);
      // The routes are there outside production.
      expect((await server.call({ method: 'GET', url: '/api/sandbox/payment_methods?bin=423564' })).statusCode).toBe(
        200,
      );
    } finally {
      await app.close();
    }
  });
});

describe('outside production, the sandbox not chosen (PAYMENT_SANDBOX unset)', () => {
  it('registers no sandbox routes: nobody settles a Pix order with them (404)', async () => {
    const config = loadConfig({
      DATABASE_URL: server.config.databaseUrl ?? '',
      DATA_DIR: server.dataDir,
      DIST_DIR: path.join(server.dataDir, 'no-dist'),
      LOG_LEVEL: 'silent',
    });
    const app = await buildApp({
      config,
      db: server.db,
      verifier: { verify: () => Promise.reject(new Error('no tokens here')) },
      logger: false,
    });
    try {
      const payload = order();
      expect((await postOrder(payload)).json()).toMatchObject({ status: 'pending' });
      await expectNoSandboxRoutes(app, payload.orderId);
      expect(await storedOrder(payload.orderId)).toMatchObject({ status: 'pending' });
    } finally {
      await app.close();
    }
  });
});
