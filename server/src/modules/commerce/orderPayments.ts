import type { OrderStatus, PaymentMethod } from '../../../../contract/wire';
import type { Queryable } from '../../platform/db/database';
import type { ProviderPayment } from './payments/paymentProvider';

/** An order as stored (migrations 0001 and 0005). */
export interface OrderRow {
  order_id: string;
  coupon: string;
  uid: string | null;
  client_name: string;
  email: string;
  cpf: string;
  event_name: string;
  event_date: string;
  event_time: string;
  payment_method: PaymentMethod;
  lines: {
    id?: string;
    name: string;
    hours: number;
    quantity: number;
    selectedAccessories: { name: string; price?: number }[];
  }[];
  total: number;
  discount: number;
  discounted_total: number;
  status: OrderStatus;
  payment_id: string | null;
  pix_code: string | null;
  claim_hash: string | null;
  created_at: Date;
}

/** The order, locked until the caller's transaction ends; undefined when there is none. */
export async function lockOrder(tx: Queryable, orderId: string): Promise<OrderRow | undefined> {
  const { rows } = await tx.query<OrderRow>('SELECT * FROM orders WHERE order_id = $1 FOR UPDATE', [orderId]);
  return rows[0];
}

/**
 * Whether an order is done with payments: paid, or paid and then refunded or charged back (a
 * closed order is never charged, priced or given a Pix again).
 */
export function isClosedOrder(status: OrderStatus): boolean {
  return status === 'approved' || status === 'refunded' || status === 'charged_back';
}

/** Two amounts in reais equal to the centavo. */
export function sameCents(a: number, b: number): boolean {
  return Math.round(a * 100) === Math.round(b * 100);
}

/**
 * How long a card charge without an answer (a crash, a lost connection between asking the
 * provider and storing its reply) holds its order: meanwhile another card is refused, a retry of
 * the same card asks the provider again with the same key. After it, the order may be paid
 * another way; the provider's webhook still settles the first charge if it went through.
 */
const PROCESSING_HOLD_SECONDS = 120;

/**
 * Whether a card charge of the order is under way: asked of the provider and not yet answered
 * (other than by the charge keyed `exceptKey`), or answered but still in review (in_process), which
 * the webhook settles. Meanwhile no other payment of the order may start.
 */
export async function cardPaymentRunning(tx: Queryable, orderId: string, exceptKey = ''): Promise<boolean> {
  const { rowCount } = await tx.query(
    `SELECT 1 FROM card_attempts a LEFT JOIN payments p ON p.id = a.payment_id
      WHERE a.order_id = $1 AND a.idempotency_key <> $2
        AND ((a.state = 'processing' AND a.updated_at > now() - make_interval(secs => $3))
          OR (a.state = 'done' AND p.status IN ('pending', 'in_process', 'authorized')))
      LIMIT 1`,
    [orderId, exceptKey, PROCESSING_HOLD_SECONDS],
  );
  return (rowCount ?? 0) > 0;
}

const REFUSED = new Set(['rejected', 'cancelled']);
/** A paid payment given back: the provider's statuses of a refund and of a chargeback. */
const REVERSED = new Set(['refunded', 'charged_back']);

/**
 * Where a payment's news comes from: the reply to our own charge (`charge`, the payment is the
 * order's current one), or the provider's word after the fact (`notification`: its webhook, the
 * sandbox's simulated transfer), which only settles.
 */
export type PaymentSource = { kind: 'charge'; idempotencyKey: string } | { kind: 'notification' };

/**
 * Records a payment of `order` (locked by the caller) and moves the order by it:
 * - approved, of exactly the order's amount: the order is approved (and paid by that method);
 * - rejected or cancelled, the order's current payment: the order is rejected (another payment
 *   may still be tried; nothing was paid);
 * - anything else (pending, in_process): a charge's reply of the order's method makes it the
 *   current payment and the order pending; a notification, or another method's charge, changes
 *   nothing: the method changes only when a charge succeeds.
 * - refunded or charged back, the payment that paid the order: the order is refunded or
 *   charged_back, and the event it unlocked is suspended (a refund may still become a chargeback).
 * A paid order moves no other way, so a replayed or late notification changes nothing.
 * Answers the order's status.
 */
export async function applyPayment(
  tx: Queryable,
  order: OrderRow,
  payment: ProviderPayment,
  source: PaymentSource,
): Promise<OrderStatus> {
  const kind: PaymentMethod = payment.paymentMethodId === 'pix' ? 'pix' : 'card';
  // The provider's later word (a notification) replaces what a charge's reply said, never the
  // other way round: a reply stored after the webhook keeps the webhook's status.
  const stored = await tx.query<{ status: string }>(
    `INSERT INTO payments (id, idempotency_key, amount, status, status_detail, payment_method_id, order_id, kind,
      qr_code)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (id) DO UPDATE SET
      
         ${
           source.kind === 'charge'
             ? 'idempotency_key = EXCLUDED.idempotency_key'
             : 'status = EXCLUDED.status, status_detail = EXCLUDED.status_detail'
         },
       order_id = COALESCE(payments.order_id, EXCLUDED.order_id),
       updated_at = now()
     RETURNING status`,
    [
      payment.id,
      source.kind === 'charge' ? source.idempotencyKey : `provider:${payment.id}`,
      payment.amount,
      payment.status,
      payment.statusDetail,
      payment.paymentMethodId,
      order.order_id,
      kind,
      payment.qrCode,
    ],
  );
  const status = stored.rows[0]?.status ?? payment.status;
  // The payment that paid the order given back (a refund) or taken back by the card's bank (a
  // chargeback): the order follows it, and the event it unlocked is suspended.
  if (
    REVERSED.has(status) &&
    order.payment_id === payment.id &&
    (order.status === 'approved' || (order.status === 'refunded' && status === 'charged_back'))
  ) {
    const reversed = status as 'refunded' | 'charged_back';
    await tx.query('UPDATE orders SET status = $2 WHERE order_id = $1', [order.order_id, reversed]);
    await tx.query('UPDATE events SET suspended_at = coalesce(suspended_at, now()) WHERE order_id = $1', [
      order.order_id,
    ]);
    return reversed;
  }
  // A paid order moves no other way (a replayed or late notification changes nothing).
  if (isClosedOrder(order.status)) return order.status;

  const current = source.kind === 'charge' || order.payment_id === null || order.payment_id === payment.id;
  let next: { status: OrderStatus; method: PaymentMethod } | null = null;
  if (status === 'approved') {
    if (sameCents(payment.amount, order.discounted_total)) next = { status: 'approved', method: kind };
  } else if (REFUSED.has(status)) {
    if (current && kind === order.payment_method) next = { status: 'rejected', method: kind };
  } else if (source.kind === 'charge' && kind === order.payment_method) {
    // A charge under review: the order waits for it. Another method's order keeps what it had
    // (a Pix still to pay) until a charge succeeds.
    next = { status: 'pending', method: kind };
  }
  if (!next) return order.status;
  await tx.query(
    `UPDATE orders SET status = $2, payment_method = $3, payment_id = $4,
            pix_code = CASE WHEN $3 = 'pix' THEN pix_code END
      WHERE order_id = $1`,
    [order.order_id, next.status, next.method, payment.id],
  );
  return next.status;
}
