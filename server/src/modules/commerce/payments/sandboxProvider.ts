import crypto from 'node:crypto';
import type { Database } from '../../../platform/db/database';
import { qrPng } from '../../../platform/storage/qrPng';
import {
  findSandboxOrder,
  lockUnspentSandboxCardToken,
  moveSandboxOrder,
  sandboxOrderOnce,
  spendSandboxCardToken,
  type SandboxOrderRow,
} from '../sandboxPayments';
import type { CreateOrderBody, MercadoPagoOrder, OrdersReply, OrdersRequest, OrdersTransport } from './ordersApi';
import { ordersProvider, type PaymentProvider } from './paymentProvider';
import { pixBrCode } from './pix';
import { providerBrandOf } from './sandboxCards';

/**
 * The provider's published test-card rules: the holder name decides the outcome
 * (https://www.mercadopago.com.br/developers/pt/docs/checkout-api-orders/integration-test/cards),
 * as an order's status and its payment's detail. Any other name is approved, so that a demo with
 * a real-looking name goes through.
 */
const SANDBOX_OUTCOMES: Record<string, { status: string; statusDetail: string }> = {
  APRO: { status: 'processed', statusDetail: 'accredited' },
  OTHE: { status: 'failed', statusDetail: 'rejected_by_issuer' },
  CONT: { status: 'processing', statusDetail: 'in_process' },
  CALL: { status: 'failed', statusDetail: 'required_call_for_authorize' },
  FUND: { status: 'failed', statusDetail: 'insufficient_amount' },
  SECU: { status: 'failed', statusDetail: 'invalid_security_code' },
  EXPI: { status: 'failed', statusDetail: 'invalid_expiration_date' },
  FORM: { status: 'failed', statusDetail: 'bad_filled_card_data' },
};

/** A Pix order waits for its transfer. */
const PIX_WAITING = { status: 'action_required', statusDetail: 'waiting_transfer' };

/** An id shaped as the provider's: a prefix and 26 characters of Crockford's base 32 (a ULID's length). */
function providerId(prefix: 'ORD' | 'PAY'): string {
  const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  return prefix + Array.from(crypto.randomBytes(26), (byte) => alphabet[byte % 32]).join('');
}

function money(amount: number): string {
  return amount.toFixed(2);
}

/** A request the provider refuses, thrown out of the transaction that would have made its order. */
class Refusal extends Error {
  constructor(readonly reply: OrdersReply) {
    super('refused');
  }
}

/** An error answer as the Orders API gives it. */
function refused(status: number, code: string, message: string): OrdersReply {
  return { status, body: { errors: [{ code, message }] } };
}

async function orderJson(row: SandboxOrderRow): Promise<MercadoPagoOrder> {
  const pix = row.payment_method_id === 'pix';
  const paid = row.status === 'processed' || row.status === 'refunded' || row.status === 'charged_back';
  return {
    id: row.id,
    type: 'online',
    processing_mode: 'automatic',
    external_reference: row.external_reference ?? undefined,
    country_code: 'BRA',
    currency: 'BRL',
    total_amount: money(row.amount),
    total_paid_amount: money(paid ? row.amount : 0),
    // The order says that it failed; why is its payment's detail.
    status: row.status,
    status_detail: row.status === 'failed' ? 'failed' : row.status_detail,
    created_date: row.created_at.toISOString(),
    last_updated_date: row.updated_at.toISOString(),
    transactions: {
      payments: [
        {
          id: row.payment_id,
          amount: money(row.amount),
          paid_amount: money(paid ? row.amount : 0),
          status: row.status,
          status_detail: row.status_detail,
          payment_method: pix
            ? {
                id: 'pix',
                type: 'bank_transfer',
                qr_code: row.qr_code ?? undefined,
                qr_code_base64: row.qr_code
                  ? (await qrPng(row.qr_code, { margin: 4, size: { scale: 4 } })).toString('base64')
                  : undefined,
              }
            : { id: row.payment_method_id, type: 'credit_card' },
        },
      ],
      ...(row.status === 'refunded'
        ? {
            refunds: [
              {
                id: `REF${row.payment_id.slice(3)}`,
                transaction_id: row.payment_id,
                amount: money(row.amount),
                status: 'processed',
              },
            ],
          }
        : {}),
    },
  };
}

/**
 * An order's answer: 201 made, 200 asked, 402 when its payment failed (the order under `data`, as the provider does).
 */
async function answer(row: SandboxOrderRow, status: 200 | 201): Promise<OrdersReply> {
  const order = await orderJson(row);
  if (row.status === 'failed')
    return {
      status: 402,
      body: { errors: [{ code: 'failed', message: 'The following transactions failed' }], data: order },
    };
  return { status, body: order };
}

export interface SandboxPixReceiver {
  key: string;
  merchantName: string;
  merchantCity: string;
}

/** What a create request must hold, as the provider checks it: one payment, of the order's whole amount. */
function checkCreate(body: CreateOrderBody): OrdersReply | null {
  const payment = body.transactions?.payments?.[0];
  if (body.type !== 'online' || body.processing_mode !== 'automatic')
    return refused(400, 'invalid_properties', 'type and processing_mode');
  if (!body.external_reference) return refused(400, 'required_properties', 'external_reference');
  if (!payment || (body.transactions?.payments?.length ?? 0) !== 1)
    return refused(400, 'invalid_properties', 'transactions.payments');
  if (!body.total_amount || !/^\d+\.\d{2}$/.test(body.total_amount) || payment.amount !== body.total_amount) {
    return refused(400, 'invalid_total_amount', 'total_amount is not the sum of transactions.payments.amount');
  }
  if (!body.payer?.email) return refused(400, 'required_properties', 'payer.email');
  return null;
}

/**
 * Mercado Pago's Orders API as the sandbox answers it, in process (never in production), with the
 * provider's behaviour: a card token is good for one order, the same idempotency key answers the
 * same order (so a retry does not trip over the spent token), a Pix order answers a code to pay
 * (here the static BR Code of the configured key), orders can be looked up and refunded. Its state
 * is the provider's, kept in its own tables (modules/commerce/sandboxPayments.ts).
 */
export function sandboxOrdersApi(db: Database, pix: SandboxPixReceiver): OrdersTransport {
  async function create(idempotencyKey: string, body: CreateOrderBody): Promise<OrdersReply> {
    const invalid = checkCreate(body);
    if (invalid) return invalid;
    const method = body.transactions?.payments?.[0]?.payment_method ?? {};
    const amount = Number(body.total_amount);
    const externalReference = String(body.external_reference);
    if (method.type === 'bank_transfer' && method.id === 'pix') {
      const row = await sandboxOrderOnce(db, idempotencyKey, async () => ({
        id: providerId('ORD'),
        paymentId: providerId('PAY'),
        paymentMethodId: 'pix',
        amount,
        ...PIX_WAITING,
        externalReference,
        qrCode: pixBrCode({ ...pix, amount, txid: externalReference }),
      }));
      return answer(row, 201);
    }
    if (method.type !== 'credit_card' || !method.token || !method.id)
      return refused(400, 'invalid_properties', 'transactions.payments.payment_method');
    const { token, id: brand } = method;
    try {
      const row = await sandboxOrderOnce(db, idempotencyKey, async (tx) => {
        const card = await lockUnspentSandboxCardToken(tx, token);
        if (!card) throw new Refusal(refused(400, 'invalid_card_token', 'Card Token not found'));
        if (providerBrandOf(card.firstSix) !== brand)
          throw new Refusal(refused(400, 'diff_param_bins', 'The bin of the card does not match the payment method'));
        await spendSandboxCardToken(tx, token);
        const holder = card.holderName.trim().split(/\s+/)[0]?.toUpperCase() ?? '';
        const outcome = SANDBOX_OUTCOMES[holder] ?? SANDBOX_OUTCOMES.APRO;
        return {
          id: providerId('ORD'),
          paymentId: providerId('PAY'),
          paymentMethodId: brand,
          amount,
          ...outcome,
          externalReference,
          qrCode: null,
        };
      });
      return await answer(row, 201);
    } catch (error) {
      // A request refused makes no order: its transaction is rolled back, the token unspent.
      if (error instanceof Refusal) return error.reply;
      throw error;
    }
  }

  return async (request: OrdersRequest) => {
    const [, id, action] = /^\/v1\/orders(?:\/([^/]+)(?:\/([a-z]+))?)?$/.exec(request.path) ?? [];
    if (request.method === 'POST' && !id)
      return create(request.idempotencyKey, (request.body ?? {}) as CreateOrderBody);
    const known = id ? await findSandboxOrder(db, decodeURIComponent(id)) : null;
    if (!known) return refused(404, 'order_not_found', 'Order not found');
    if (request.method === 'GET' && !action) return answer(known, 200);
    if (request.method === 'POST' && action === 'refund') {
      if (known.status === 'refunded') return answer(known, 201);
      const refunded = await moveSandboxOrder(db, known.id, { status: 'refunded', statusDetail: 'refunded' }, [
        'processed',
      ]);
      if (refunded?.status !== 'refunded')
        return refused(409, 'order_status_not_allowed', 'Only a processed order can be refunded');
      return answer(refunded, 201);
    }
    return refused(404, 'not_found', 'Not found');
  };
}

/**
 * Stands in for Mercado Pago without credentials: the same provider code as production
 * (paymentProvider.ordersProvider) over the sandbox's Orders API. It made no Payments API payments.
 */
export function sandboxProvider(db: Database, pix: SandboxPixReceiver): PaymentProvider {
  return ordersProvider(sandboxOrdersApi(db, pix), { sandbox: true, getLegacyPayment: async () => null });
}
