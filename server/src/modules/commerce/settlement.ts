import type { OrderStatus } from '../../../../contract/wire';
import type { Database } from '../../platform/db/database';
import type { PaymentProvider, ProviderPayment } from './payments/paymentProvider';
import { conflict, notFound } from '../../platform/errors';
import { applyPayment, lockOrder, type OrderRow } from './orderPayments';
import { callProvider } from './providerErrors';
import { decideSandboxOrder } from './sandboxPayments';

export interface Settlement {
  orderId: string;
  status: OrderStatus;
}

/**
 * Settles the order a payment belongs to, by the payment as the provider tells it: the order of
 * our stored payment, else the provider's external_reference. Idempotent: the same news twice
 * changes nothing more. null when the payment belongs to no order of ours.
 */
async function settlePayment(db: Database, payment: ProviderPayment): Promise<Settlement | null> {
  return db.transaction(async (tx) => {
    const known = await tx.query<{ order_id: string | null }>('SELECT order_id FROM payments WHERE id = $1', [
      payment.id,
    ]);
    const orderId = known.rows[0]?.order_id ?? payment.externalReference;
    if (!orderId) return null;
    const order = await lockOrder(tx, orderId);
    if (!order) return null;
    return { orderId, status: await applyPayment(tx, order, payment, { kind: 'notification' }) };
  });
}

/**
 * A provider's notification about Mercado Pago order `paymentId` (topic `order`): the
 * notification's body is never believed, the order is asked of the provider (outside any
 * transaction) and our order settled by it.
 */
export async function settleNotifiedPayment(
  db: Database,
  provider: PaymentProvider,
  paymentId: string,
): Promise<Settlement | null> {
  const payment = await callProvider('lookup', () => provider.getPayment(paymentId));
  if (!payment) return null;
  return settlePayment(db, payment);
}

/**
 * A notification about a Payments API payment (topic `payment`), made before the Orders API: only
 * one we stored as such is looked up (its refund or chargeback still moves its order). Any other
 * is ignored: the payments inside our Mercado Pago orders are settled through their order alone.
 */
export async function settleNotifiedLegacyPayment(
  db: Database,
  provider: PaymentProvider,
  paymentId: string,
): Promise<Settlement | null> {
  const known = await db.query("SELECT 1 FROM payments WHERE id = $1 AND provider_api = 'payments'", [paymentId]);
  if (!known.rowCount) return null;
  const payment = await callProvider('lookup', () => provider.getLegacyPayment(paymentId));
  if (!payment) return null;
  return settlePayment(db, payment);
}

/**
 * The sandbox's Pix transfer (no provider, never in production): the customer "pays" (or the
 * bank refuses) the pending Pix order's sandbox payment, then the order is settled exactly as the
 * provider's webhook would settle it: the payment asked of the provider, the order moved by it.
 */
export async function simulateSandboxPix(
  db: Database,
  provider: PaymentProvider,
  orderId: string,
  outcome: 'approved' | 'rejected',
): Promise<Settlement> {
  const order = (await db.query<OrderRow>('SELECT * FROM orders WHERE order_id = $1', [orderId])).rows[0];
  if (!order) throw notFound('order_not_found', 'Pedido não encontrado.');
  if (order.payment_method !== 'pix' || order.status !== 'pending' || !order.payment_id) {
    throw conflict('order_not_pending', 'Este pedido não é um Pix pendente.');
  }
  if (!(await decideSandboxOrder(db, order.payment_id, outcome)))
    throw conflict('order_not_pending', 'Este pedido não é um Pix pendente.');
  const settled = await settleNotifiedPayment(db, provider, order.payment_id);
  return settled ?? { orderId, status: order.status };
}
