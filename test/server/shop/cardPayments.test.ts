import { newUser, type TestUser } from '../support/testServer';
import {
  cardOrder,
  cardToken,
  DISCOUNTED,
  newOrderId,
  order,
  paymentBody,
  paymentsOf,
  pay,
  payOrder,
  postOrder,
  server,
  spy,
  storedOrder,
  TOTAL,
  withShopServer,
} from './support';

let alice: TestUser;

withShopServer();

beforeAll(async () => {
  alice = await newUser('alice');
});

describe('POST /api/process_payment_card', () => {
  it.each([
    // The Mercado Pago order's status in our words (modules/commerce/payments/orderStatus.ts), its payment's detail as
    // the provider gives it.
    ['APRO', 'approved', 'accredited', 'approved'],
    ['OTHE', 'rejected', 'rejected_by_issuer', 'rejected'],
    ['CONT', 'in_process', 'in_process', 'pending'],
    ['FUND', 'rejected', 'insufficient_amount', 'rejected'],
    ['CALL', 'rejected', 'required_call_for_authorize', 'rejected'],
  ])(
    'charges the order amount; holder %s: the sandbox outcome, and the order moves',
    async (holder, status, detail, orderStatus) => {
      const { orderId } = await cardOrder();
      const reply = await payOrder(orderId, holder);
      // The id is the Mercado Pago order's.
      expect(reply).toEqual({ id: expect.stringMatching(/^ORD[0-9A-Z]{26}$/), status, status_detail: detail });
      expect(spy.calls.chargeCard).toEqual([
        expect.objectContaining({
          amount: DISCOUNTED,
          orderId,
          idempotencyKey: expect.stringMatching(/^[0-9a-f]{64}$/),
        }),
      ]);
      expect(await paymentsOf(orderId)).toEqual([{ id: reply.id, amount: DISCOUNTED, status, kind: 'card' }]);
      expect(await storedOrder(orderId)).toMatchObject({ status: orderStatus, payment_id: reply.id });
    },
  );

  it.each([
    ['the undiscounted total', TOTAL],
    ['a centavo more', DISCOUNTED + 0.01],
    ['a centavo less', DISCOUNTED - 0.01],
    ['a tiny amount', 1],
  ])('refuses %s as it refuses an unknown order (404), without calling the provider', async (_case, amount) => {
    const { orderId } = await cardOrder();
    const token = await cardToken('APRO');
    const response = await pay(paymentBody(token, amount, orderId));
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'order_not_found', message: 'Pedido não encontrado.' });
    expect(spy.calls.chargeCard).toEqual([]);
    expect((await server.db.query('SELECT used FROM sandbox_card_tokens WHERE id = $1', [token])).rows).toEqual([
      { used: false },
    ]);
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

  it.each([
    [
      'without its claim, signed out',
      (orderId: string) => paymentBody('', DISCOUNTED, orderId, { claim: undefined }),
      undefined,
    ],
    [
      'with another claim',
      (orderId: string) => paymentBody('', DISCOUNTED, orderId, { claim: 'outro-segredo-qualquer1' }),
      undefined,
    ],
    [
      "with another account's token and no claim",
      (orderId: string) => paymentBody('', DISCOUNTED, orderId, { claim: undefined }),
      'other',
    ],
  ] as const)(
    'refuses to charge an order %s, as it refuses an unknown order (404), without calling the provider',
    async (_case, body, who) => {
      const { orderId } = await cardOrder();
      const token = await cardToken('APRO');
      const response = await pay({ ...body(orderId), token }, who === 'other' ? alice.token : undefined);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'order_not_found', message: 'Pedido não encontrado.' });
      expect(spy.calls.chargeCard).toEqual([]);
      expect(await storedOrder(orderId)).toMatchObject({ status: 'pending', payment_id: null });
    },
  );

  it("charges its own account's order without the claim (the token is the owner's)", async () => {
    const { orderId } = await cardOrder({}, alice.token);
    const response = await pay(
      paymentBody(await cardToken('APRO'), DISCOUNTED, orderId, { claim: undefined }),
      alice.token,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().status).toBe('approved');
  });

  it("tells the provider the order's product, never the client's description or statement descriptor", async () => {
    const { orderId } = await cardOrder();
    const reply = await pay(
      paymentBody(await cardToken('APRO'), DISCOUNTED, orderId, {
        description: 'Golpe',
        statement_descriptor: 'PIX GRATIS',
      }),
    );
    expect(reply.statusCode).toBe(200);
    const product = (await storedOrder(orderId)).lines[0].name as string;
    expect(product).not.toBe('Golpe');
    expect(spy.calls.chargeCard).toEqual([
      expect.objectContaining({ description: product, statementDescriptor: product }),
    ]);
  });

  it("keeps a Pix order's Pix when a card is refused: the method changes only when a charge succeeds", async () => {
    const payload = order();
    expect((await postOrder(payload)).statusCode).toBe(200);
    const before = await storedOrder(payload.orderId);
    expect(before).toMatchObject({ status: 'pending', payment_method: 'pix', pix_code: expect.any(String) });
    for (const holder of ['OTHE', 'CONT']) {
      // As the SPA pays: the order placed again naming the card, then the charge.
      const again = await postOrder({ ...payload, paymentMethod: 'card' });
      expect(again.statusCode).toBe(200);
      expect(await storedOrder(payload.orderId)).toMatchObject({ payment_method: 'pix', pix_code: before.pix_code });
      const reply = await payOrder(payload.orderId, holder);
      expect(reply.status).not.toBe('approved');
      expect(await storedOrder(payload.orderId)).toMatchObject({
        status: 'pending',
        payment_method: 'pix',
        pix_code: before.pix_code,
        payment_id: before.payment_id,
      });
    }
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
    expect(second.json()).toEqual({
      error: 'payment_in_progress',
      message: 'Já há um pagamento em andamento para este pedido. Aguarde a confirmação.',
    });
    expect(spy.calls.chargeCard).toHaveLength(1);
    expect((await paymentsOf(orderId)).map((p) => p.status)).toEqual(['approved']);
  });

  it('lets another card pay a refused order: exactly one approved charge, then the order is paid', async () => {
    const { orderId } = await cardOrder();
    const refused = await payOrder(orderId, 'OTHE');
    expect(refused.status).toBe('rejected');
    expect(await storedOrder(orderId)).toMatchObject({ status: 'rejected' });
    expect(
      (await server.db.query(`SELECT 1 FROM orders WHERE order_id = $1 AND status = 'approved'`, [orderId])).rowCount,
    ).toBe(0);
    // A retry of the order (the customer back on the payment step) answers it as it stands.
    expect((await postOrder(order({ orderId, paymentMethod: 'card' }))).json()).toEqual({
      orderId,
      status: 'rejected',
      amount: DISCOUNTED,
    });

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
    expect(await storedOrder(payload.orderId)).toMatchObject({
      status: 'approved',
      payment_method: 'card',
      pix_code: null,
      payment_id: paid.id,
    });
  });

  it('asks the provider again with the same key when its answer was lost (no second charge)', async () => {
    const { orderId } = await cardOrder();
    const token = await cardToken('APRO');
    // The provider charged, the answer never arrived.
    spy.failNext(
      'chargeCard',
      Object.assign(new Error('fetch failed'), { name: 'MPConnectionError', error: 'connection_error' }),
      'after',
    );
    const lost = await pay(paymentBody(token, DISCOUNTED, orderId));
    expect(lost.statusCode).toBe(503);
    expect(lost.json()).toEqual({
      error: 'payment_provider_unavailable',
      message: 'O provedor de pagamento está indisponível. Tente novamente em instantes.',
    });
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
    expect(
      (
        await server.db.query('SELECT count(*)::int AS n FROM sandbox_payments WHERE external_reference = $1', [
          orderId,
        ])
      ).rows[0].n,
    ).toBe(1);
    expect(await storedOrder(orderId)).toMatchObject({ status: 'approved', payment_id: retry.json().id });
  });

  it.each([
    [
      'a 400 with causes',
      {
        status: 400,
        error: 'bad_request',
        message: 'Invalid card_token_id',
        cause: [{ code: 2006, description: 'Card Token not found' }],
      },
      422,
      'payment_refused_by_provider',
      'O provedor de pagamento recusou os dados do cartão.',
    ],
    [
      'a 422',
      { status: 422, error: 'unprocessable_entity', message: 'invalid installments', cause: [] },
      422,
      'payment_refused_by_provider',
      'O provedor de pagamento recusou os dados do cartão.',
    ],
    [
      'a 401 (our credentials)',
      { status: 401, error: 'unauthorized', message: 'invalid access token', cause: [] },
      502,
      'payment_provider_error',
      'O provedor de pagamento falhou. Tente novamente em instantes.',
    ],
    [
      'a 500',
      { status: 500, error: 'internal_error', message: 'internal error', cause: [] },
      502,
      'payment_provider_error',
      'O provedor de pagamento falhou. Tente novamente em instantes.',
    ],
    [
      'a 429',
      { status: 429, error: 'too_many_requests', message: 'slow down', cause: [] },
      503,
      'payment_provider_busy',
      'O provedor de pagamento está ocupado. Tente novamente em instantes.',
    ],
    [
      'a timeout',
      Object.assign(new Error('The operation was aborted due to timeout'), { name: 'TimeoutError' }),
      503,
      'payment_provider_unavailable',
      'O provedor de pagamento está indisponível. Tente novamente em instantes.',
    ],
  ])(
    'answers a provider failure (%s) with a 4xx or 502/503 in Portuguese, never a 500',
    async (_case, error, status, code, message) => {
      const { orderId } = await cardOrder();
      spy.failNext('chargeCard', error);
      const response = await pay(paymentBody(await cardToken('APRO'), DISCOUNTED, orderId));
      expect(response.statusCode).toBe(status);
      expect(response.json()).toEqual({ error: code, message });
      expect(await storedOrder(orderId)).toMatchObject({ status: 'pending', payment_id: null });
    },
  );

  it('lets another card be tried after the provider refused the request', async () => {
    const { orderId } = await cardOrder();
    spy.failNext('chargeCard', {
      status: 400,
      error: 'bad_request',
      message: 'invalid token',
      cause: [{ code: 2006 }],
    });
    expect((await pay(paymentBody(await cardToken('APRO'), DISCOUNTED, orderId))).statusCode).toBe(422);
    expect((await payOrder(orderId, 'APRO')).status).toBe('approved');
  });

  it(`answers the sandbox provider refusals as the provider would: an unknown token, a card of another \
brand`, async () => {
    const { orderId } = await cardOrder();
    const unknown = await pay(paymentBody('f'.repeat(32), DISCOUNTED, orderId));
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().error).toBe('payment_refused_by_provider');
    const brand = await pay(paymentBody(await cardToken('APRO'), DISCOUNTED, orderId, { payment_method_id: 'master' }));
    expect(brand.statusCode).toBe(422);
    expect(await storedOrder(orderId)).toMatchObject({ status: 'pending' });
    // The Mastercard test card is master.
    const master = await pay(
      paymentBody(await cardToken('APRO', { cardNumber: '5031433215406351' }), DISCOUNTED, orderId, {
        payment_method_id: 'master',
      }),
    );
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
  ])('refuses %s with 400', async (_case, overrides) => {
    const response = await pay(paymentBody('f'.repeat(32), 100, '123456789', overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('invalid_request');
    expect(spy.calls.chargeCard).toEqual([]);
  });

  it.each([['1 OR 1'], ['12345678'], ['0123456789']])(
    'refuses the order id %j at the edge, by its name',
    async (orderId) => {
      const response = await pay(paymentBody('f'.repeat(32), 100, '123456789', { orderId }));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'invalid_order_id', message: 'Número de pedido inválido.' });
      expect(spy.calls.chargeCard).toEqual([]);
    },
  );
});
