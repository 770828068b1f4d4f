/**
 * How often a page asks again for an order that waits for its payment, while the page is seen:
 * a Pix paid (the webhook settles it) shows as paid within seconds, with no reload. Polling, not
 * the live streams: one browser follows one order for a few minutes, and the change feed the
 * streams hear speaks of events, not of orders (docs/payments.md#following-an-order).
 */
export const WAITING_ORDER_POLL_MS = 3_000;
