import { providerFailure } from '../../../server/src/modules/commerce/providerErrors';
import { DomainError } from '../../../server/src/platform/errors';
import { paymentStatusOf } from '../../../server/src/modules/commerce/payments/orderStatus';
import {
  mercadoPagoProvider,
  type CardCharge,
  type PixRequest,
} from '../../../server/src/modules/commerce/payments/paymentProvider';

/**
 * The production provider against a fake Mercado Pago: what it sends to the Orders API (endpoint,
 * headers, body) and how it reads the answers, in the shapes of Mercado Pago's reference
 * (https://www.mercadopago.com.br/developers/pt/reference/orders/online-payments/create/post).
 */

interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

/** A fetch that records each request and answers the next reply given (status, JSON body or raw text). */
function fakeMercadoPago(...replies: { status: number; body?: unknown; text?: string }[]) {
  const sent: Sent[] = [];
  const fetchImpl = (async (url: string | URL | Request, init?: RequestInit) => {
    sent.push({
      url: String(url),
      method: init?.method ?? 'GET',
      headers: { ...(init?.headers as Record<string, string>) },
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body,
    });
    const reply = replies.shift();
    if (!reply) throw new Error('no reply left');
    return new Response(reply.text ?? JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'Content-Type': 'application/json' },
    });
  }) as typeof fetch;
  return { sent, provider: mercadoPagoProvider('TEST-0000-token', fetchImpl) };
}

const CHARGE: CardCharge = {
  amount: 1359,
  token: 'ff8080814c11e237014c1ff593b57b4d',
  description: 'Cabine 360',
  installments: 3,
  paymentMethodId: 'visa',
  email: 'maria@example.com',
  cpf: '12345678909',
  statementDescriptor: 'Cabine 360',
  orderId: '100000101',
  idempotencyKey: 'a'.repeat(64),
};

const PIX: PixRequest = {
  amount: 1359,
  orderId: '100000102',
  description: 'Pedido 100000102: Aniversário da Maria',
  email: 'maria@example.com',
  payerName: 'Maria  Souza Lima',
  cpf: '12345678909',
  idempotencyKey: 'order-100000102-pix-0',
};

/** An order as the reference answers one, its status and its one payment given. */
function mpOrder(
  status: string,
  statusDetail: string,
  payment: Record<string, unknown>,
  extra: Record<string, unknown> = {},
) {
  return {
    id: 'ORD01JQ4S4KY8HWQ6NA5PXB65B3D3',
    type: 'online',
    processing_mode: 'automatic',
    external_reference: '100000101',
    total_amount: '1359.00',
    country_code: 'BRA',
    status,
    status_detail: statusDetail,
    created_date: '2030-05-20T19:30:00.000Z',
    transactions: { payments: [{ id: 'PAY01JQ4S4KY8HWQ6NA5PXB65B3D4', amount: '1359.00', ...payment }] },
    ...extra,
  };
}

describe('the Mercado Pago provider over the Orders API', () => {
  it(`charges a card with one order: POST /v1/orders, our idempotency key, the documented body, and reads the \
processed order`, async () => {
    const { sent, provider } = fakeMercadoPago({
      status: 201,
      body: mpOrder('processed', 'accredited', {
        status: 'processed',
        status_detail: 'accredited',
        payment_method: { id: 'visa', type: 'credit_card', installments: 3 },
      }),
    });
    const payment = await provider.chargeCard(CHARGE);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      url: 'https://api.mercadopago.com/v1/orders',
      method: 'POST',
      headers: {
        Authorization: 'Bearer TEST-0000-token',
        'X-Idempotency-Key': CHARGE.idempotencyKey,
        'Content-Type': 'application/json',
      },
    });
    expect(sent[0].body).toEqual({
      type: 'online',
      processing_mode: 'automatic',
      total_amount: '1359.00',
      external_reference: '100000101',
      description: 'Cabine 360',
      payer: { email: 'maria@example.com', identification: { type: 'CPF', number: '12345678909' } },
      transactions: {
        payments: [
          {
            amount: '1359.00',
            payment_method: {
              id: 'visa',
              type: 'credit_card',
              token: CHARGE.token,
              installments: 3,
              statement_descriptor: 'Cabine 360',
            },
          },
        ],
      },
    });
    expect(payment).toEqual({
      id: 'ORD01JQ4S4KY8HWQ6NA5PXB65B3D3',
      status: 'approved',
      statusDetail: 'accredited',
      amount: 1359,
      externalReference: '100000101',
      paymentMethodId: 'visa',
      qrCode: null,
    });
  });

  it(`reads a card the issuer refuses (402, the failed order under data) as a refused payment, with its payment's \
detail`, async () => {
    const { provider } = fakeMercadoPago({
      status: 402,
      body: {
        errors: [
          {
            code: 'failed',
            message: 'The following transactions failed',
            details: ['PAY01JQ4S4KY8HWQ6NA5PXB65B3D4: rejected_by_issuer'],
          },
        ],
        data: mpOrder('failed', 'failed', {
          status: 'failed',
          status_detail: 'rejected_by_issuer',
          payment_method: { id: 'visa', type: 'credit_card' },
        }),
      },
    });
    expect(await provider.chargeCard(CHARGE)).toMatchObject({
      id: 'ORD01JQ4S4KY8HWQ6NA5PXB65B3D3',
      status: 'rejected',
      statusDetail: 'rejected_by_issuer',
    });
  });

  it('asks a Pix as a bank transfer order and reads its code (qr_code) from the payment method', async () => {
    const code = '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865406100.005802BR';
    const { sent, provider } = fakeMercadoPago({
      status: 201,
      body: mpOrder(
        'action_required',
        'waiting_transfer',
        {
          status: 'action_required',
          status_detail: 'waiting_transfer',
          payment_method: {
            id: 'pix',
            type: 'bank_transfer',
            qr_code: code,
            qr_code_base64: 'iVBORw0KGgo=',
            ticket_url: 'https://www.mercadopago.com.br/payments/1/ticket',
          },
        },
        { external_reference: '100000102' },
      ),
    });
    const payment = await provider.createPix(PIX);
    expect(sent[0]).toMatchObject({
      url: 'https://api.mercadopago.com/v1/orders',
      method: 'POST',
      headers: { 'X-Idempotency-Key': 'order-100000102-pix-0' },
    });
    expect(sent[0].body).toEqual({
      type: 'online',
      processing_mode: 'automatic',
      total_amount: '1359.00',
      external_reference: '100000102',
      description: 'Pedido 100000102: Aniversário da Maria',
      payer: {
        email: 'maria@example.com',
        first_name: 'Maria',
        last_name: 'Souza Lima',
        identification: { type: 'CPF', number: '12345678909' },
      },
      transactions: { payments: [{ amount: '1359.00', payment_method: { id: 'pix', type: 'bank_transfer' } }] },
    });
    expect(payment).toMatchObject({
      status: 'pending',
      statusDetail: 'waiting_transfer',
      paymentMethodId: 'pix',
      qrCode: code,
      externalReference: '100000102',
    });
  });

  it('looks an order up (GET /v1/orders/{id}, no idempotency key), null when Mercado Pago knows none', async () => {
    const { sent, provider } = fakeMercadoPago(
      {
        status: 200,
        body: mpOrder('refunded', 'refunded', {
          status: 'refunded',
          status_detail: 'refunded',
          payment_method: { id: 'master', type: 'credit_card' },
        }),
      },
      { status: 404, body: { errors: [{ code: 'order_not_found', message: 'Order not found' }] } },
    );
    expect(await provider.getPayment('ORD01JQ4S4KY8HWQ6NA5PXB65B3D3')).toMatchObject({
      status: 'refunded',
      paymentMethodId: 'master',
    });
    expect(await provider.getPayment('ORD00000000000000000000000000')).toBeNull();
    expect(sent.map(({ url, method }) => `${method} ${url}`)).toEqual([
      'GET https://api.mercadopago.com/v1/orders/ORD01JQ4S4KY8HWQ6NA5PXB65B3D3',
      'GET https://api.mercadopago.com/v1/orders/ORD00000000000000000000000000',
    ]);
    expect(sent[0].headers['X-Idempotency-Key']).toBeUndefined();
    expect(sent[0].body).toBeUndefined();
  });

  it('refunds the whole order: POST /v1/orders/{id}/refund with our idempotency key and no body', async () => {
    const { sent, provider } = fakeMercadoPago({
      status: 201,
      body: mpOrder(
        'refunded',
        'refunded',
        { status: 'refunded', status_detail: 'refunded' },
        { transactions: { refunds: [{ id: 'REF01', status: 'processed' }] } },
      ),
    });
    expect(await provider.refundPayment('ORD01JQ4S4KY8HWQ6NA5PXB65B3D3', 'refund-1')).toMatchObject({
      status: 'refunded',
    });
    expect(sent[0]).toMatchObject({
      url: 'https://api.mercadopago.com/v1/orders/ORD01JQ4S4KY8HWQ6NA5PXB65B3D3/refund',
      method: 'POST',
      headers: { 'X-Idempotency-Key': 'refund-1' },
      body: undefined,
    });
  });

  it.each([
    [
      'a refused request (400)',
      { status: 400, body: { errors: [{ code: 'invalid_card_token', message: 'Card Token not found' }] } },
      'unprocessable',
      'payment_refused_by_provider',
    ],
    [
      'our credentials refused (401)',
      { status: 401, body: { errors: [{ code: 'unauthorized', message: 'invalid access token' }] } },
      'upstream',
      'payment_provider_error',
    ],
    [
      'the same key still being worked on (423)',
      { status: 423, body: { errors: [{ code: 'idempotency_key_locked' }] } },
      'unavailable',
      'payment_provider_busy',
    ],
    [
      'a failure of its own (500)',
      { status: 500, body: { errors: [{ code: 'internal_error' }] } },
      'upstream',
      'payment_provider_error',
    ],
    [
      'a proxy page instead of JSON',
      { status: 502, text: '<html>Bad Gateway</html>' },
      'upstream',
      'payment_provider_error',
    ],
    ['a 2xx without an order', { status: 201, body: {} }, 'upstream', 'payment_provider_error'],
  ])('turns %s into our refusal', async (_case, reply, kind, code) => {
    const { provider } = fakeMercadoPago(reply);
    const failure = await provider.chargeCard(CHARGE).then(
      () => null,
      (error: unknown) => providerFailure(error, 'card'),
    );
    expect(failure).toBeInstanceOf(DomainError);
    expect({ kind: (failure as DomainError).kind, code: (failure as DomainError).code }).toEqual({ kind, code });
  });

  it.each([
    ['processed', 'accredited', 'approved'],
    ['processed', 'partially_refunded', 'approved'],
    ['processed', 'refunded', 'refunded'],
    ['processing', 'in_process', 'in_process'],
    ['action_required', 'waiting_transfer', 'pending'],
    ['created', 'created', 'pending'],
    ['failed', 'failed', 'rejected'],
    ['canceled', 'canceled', 'cancelled'],
    ['expired', 'expired', 'cancelled'],
    ['refunded', 'refunded', 'refunded'],
    ['charged_back', 'settled', 'charged_back'],
  ])('reads an order %s (%s) as %s', (status, detail, ours) => {
    expect(paymentStatusOf({ status, status_detail: detail })).toBe(ours);
  });
});
