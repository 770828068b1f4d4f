/**
 * Selling: the shop (packs, products, coupons), orders and their payments (card and Pix, through
 * Mercado Pago or its sandbox: payments/), settlement by webhook, refunds, the event made for a
 * paid order.
 */
export { paymentRoutes } from './http/paymentRoutes';
export { sandboxRoutes } from './http/sandboxRoutes';
export { shopRoutes } from './http/shopRoutes';
export { createEventForOrder, eventsOf, freeName } from './orderEvents';
export { transactionsOf } from './orderViews';
export { linkOrder } from './orders';
export { mercadoPagoProvider, type PaymentProvider } from './payments/paymentProvider';
export { sandboxProvider } from './payments/sandboxProvider';
export { loadCatalogue, priceOrder } from './shop';

import type { PaymentProvider } from './payments/paymentProvider';

/** The handles this module puts on the context every route receives (app.ts builds it). */
declare module '../../platform/context' {
  interface AppContext {
    /** Mercado Pago, or its sandbox without credentials (never in production). */
    payments: PaymentProvider;
  }
}
