import type { MercadoPagoOrder } from './ordersApi';

/**
 * An order's status (Orders API, https://www.mercadopago.com.br/developers/pt/docs/order/status-errors/order-status)
 * in the payment vocabulary our money rules speak (modules/commerce/orderPayments.ts, the SPA's replies):
 *
 * | Mercado Pago order                       | ours           |
 * | ---------------------------------------- | -------------- |
 * | processed (accredited, partially_refunded) | approved     |
 * | processed with detail refunded           | refunded       |
 * | processing                               | in_process     |
 * | action_required, created                 | pending        |
 * | failed                                   | rejected       |
 * | canceled, expired                        | cancelled      |
 * | refunded                                 | refunded       |
 * | charged_back                             | charged_back   |
 *
 * A status it does not list is kept as it is: the money rules move an order by none of theirs.
 */
export function paymentStatusOf(order: Pick<MercadoPagoOrder, 'status' | 'status_detail'>): string {
  switch (order.status) {
    case 'processed':
      // Checkout Pro's orders tell a full refund this way; a partial refund leaves the order paid.
      return order.status_detail === 'refunded' ? 'refunded' : 'approved';
    case 'processing':
      return 'in_process';
    case 'action_required':
    case 'created':
      return 'pending';
    case 'failed':
      return 'rejected';
    case 'canceled':
    case 'cancelled':
    case 'expired':
      return 'cancelled';
    case 'refunded':
    case 'charged_back':
      return order.status;
    default:
      return order.status || 'unknown';
  }
}
