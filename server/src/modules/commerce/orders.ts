import crypto from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { OrderPayload, OrderReply, PaymentMethod } from '../../../../contract/wire';
import { ORDER_ID_SOURCE } from '../../../../contract/protocol';
import { ensureAccount, type Identity } from '../identity';
import type { Database, Queryable } from '../../platform/db/database';
import type { PaymentProvider } from './payments/paymentProvider';
import { conflict, invalid, notFound, upstream } from '../../platform/errors';
import { applyPayment, cardPaymentRunning, isClosedOrder, lockOrder, sameCents, type OrderRow } from './orderPayments';
import { callProvider } from './providerErrors';
import { findValidCoupon, loadCatalogue, priceOrder, type PricedOrder } from './shop';

/** The order number the SPA makes (contract/protocol.ts); the routes' schemas check it first. */
const ORDER_ID = new RegExp(ORDER_ID_SOURCE);

/** The sha256 (hex) of an order's claim secret: all the server keeps of it. */
function claimHash(claim: string): string {
  return crypto.createHash('sha256').update(claim).digest('hex');
}

/** Whether `claim` is the secret whose hash is stored, compared in constant time (also when none is stored). */
export function claimMatches(storedHash: string | null, claim: string): boolean {
  const given = crypto.createHash('sha256').update(claim).digest();
  const stored =
    storedHash && /^[0-9a-f]{64}$/.test(storedHash) ? Buffer.from(storedHash, 'hex') : crypto.randomBytes(32);
  return crypto.timingSafeEqual(given, stored) && storedHash !== null;
}

/** What a retry must repeat: the same cart as we priced it, coupon and buyer. */
function samePricedContent(order: OrderRow, couponCode: string, email: string, priced: PricedOrder): boolean {
  return (
    order.coupon === couponCode &&
    order.email === email &&
    sameCents(order.total, priced.total) &&
    sameCents(order.discounted_total, priced.discountedTotal) &&
    // jsonb keeps its own key order: compare the lines as values.
    isDeepStrictEqual(order.lines, JSON.parse(JSON.stringify(priced.lines)))
  );
}

/**
 * The order as its buyer asked for it: its Pix code when they chose Pix (a card asked for keeps the order's Pix until
 * it is charged).
 */
function replyOf(order: OrderRow, asked: PaymentMethod): OrderReply {
  const reply: OrderReply = { orderId: order.order_id, status: order.status, amount: order.discounted_total };
  if (asked === 'pix' && order.payment_method === 'pix' && order.status === 'pending' && order.pix_code)
    reply.pixCode = order.pix_code;
  return reply;
}

/** The order's Pix payment still waiting for its transfer (the newest), and how many Pix payments it had. */
async function pixPaymentsOf(
  tx: Queryable,
  orderId: string,
): Promise<{ live: { id: string; qr_code: string } | null; count: number }> {
  const { rows } = await tx.query<{ id: string; qr_code: string | null; status: string }>(
    `SELECT id, qr_code, status FROM payments WHERE order_id = $1 AND kind = 'pix' ORDER BY created_at DESC, id DESC`,
    [orderId],
  );
  const live = rows.find((p) => (p.status === 'pending' || p.status === 'in_process') && p.qr_code);
  return { live: live?.qr_code ? { id: live.id, qr_code: live.qr_code } : null, count: rows.length };
}

/**
 * Places an order (docs/payments.md#the-order-comes-first). Prices come from our
 * catalogue and coupon, never from the client; the order starts pending and its payment settles
 * it. The client chooses the order id (9 digits) and a claim secret.
 *
 * Posting it again with the same claim and the same cart is a retry and answers the same order;
 * until it is approved such a retry may switch the payment method (the customer went back and
 * chose the other one), and takes the buyer's corrected details. Another claim or another cart
 * under a used id: 409 order_exists.
 *
 * A Pix order gets a Pix payment from the provider (its code answered as pixCode; the sandbox's
 * is the static BR Code of our key), asked for outside any transaction.
 */
export async function placeOrder(
  db: Database,
  provider: PaymentProvider,
  couponCode: string,
  payload: OrderPayload,
  identity: Identity | null,
): Promise<OrderReply> {
  if (!ORDER_ID.test(payload.orderId)) throw invalid('invalid_order_id', 'Número de pedido inválido.');
  const coupon = await findValidCoupon(db, couponCode);
  if (!coupon) throw notFound('coupon_not_found', 'Cupom inválido ou expirado.');
  const priced = priceOrder(await loadCatalogue(db), payload.products, coupon.discount);
  // Neither a card nor a Pix transfer can pay nothing (and a BR Code needs a positive amount).
  if (!(priced.discountedTotal > 0)) throw invalid('zero_total', 'O pedido não tem valor a pagar.');
  const email = payload.email.trim().toLowerCase();
  const details = [
    payload.clientName.trim(),
    payload.cpf,
    payload.eventName.trim(),
    payload.eventDate,
    payload.eventTime,
  ];

  const placed = await db.transaction(async (tx) => {
    // FOR UPDATE locks nothing while the order does not exist yet: concurrent retries of a new
    // order wait here for each other, so that the later ones see the first and answer alike.
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`order:${payload.orderId}`]);
    let order = await lockOrder(tx, payload.orderId);
    if (order) {
      if (!claimMatches(order.claim_hash, payload.claim) || !samePricedContent(order, couponCode, email, priced)) {
        throw conflict('order_exists', 'Este número de pedido já foi usado.');
      }
      if (identity && order.uid === null) {
        // Whoever holds the claim may have it: a retry after signing in ties it to the account.
        await ensureAccount(tx, identity);
        order = (
          await tx.query<OrderRow>('UPDATE orders SET uid = $2 WHERE order_id = $1 RETURNING *', [
            order.order_id,
            identity.uid,
          ])
        ).rows[0];
      }
      if (!isClosedOrder(order.status)) {
        // Back to Pix switches the method (the Pix is made now); to the card it does not: the
        // method changes when a charge succeeds, and a refused card leaves the Pix to pay.
        const switching = order.payment_method !== payload.paymentMethod && payload.paymentMethod === 'pix';
        if (switching && (await cardPaymentRunning(tx, order.order_id))) {
          throw conflict(
            'payment_in_progress',
            'Já há um pagamento em andamento para este pedido. Aguarde a confirmação.',
          );
        }
        order = (
          await tx.query<OrderRow>(
            `UPDATE orders SET client_name = $2, cpf = $3, event_name = $4, event_date = $5, event_time = $6,
                    payment_method = CASE WHEN $8 THEN $7 ELSE payment_method END,
                    status = CASE WHEN $8 THEN 'pending' ELSE status END,
                    pix_code = CASE WHEN $8 THEN NULL ELSE pix_code END
              WHERE order_id = $1 RETURNING *`,
            [order.order_id, ...details, payload.paymentMethod, switching],
          )
        ).rows[0];
      }
    } else {
      if (identity) await ensureAccount(tx, identity);
      order = (
        await tx.query<OrderRow>(
          `INSERT INTO orders (order_id, coupon, uid, client_name, cpf, event_name, event_date, event_time, email,
                               payment_method, lines, total, discount, discounted_total, status, claim_hash)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, 'pending', $15) RETURNING *`,
          [
            payload.orderId,
            couponCode,
            identity?.uid ?? null,
            ...details,
            email,
            payload.paymentMethod,
            JSON.stringify(priced.lines),
            priced.total,
            priced.discount,
            priced.discountedTotal,
            claimHash(payload.claim),
          ],
        )
      ).rows[0];
    }
    if (order.payment_method !== 'pix' || isClosedOrder(order.status)) return { order, newPix: null };
    const pix = await pixPaymentsOf(tx, order.order_id);
    if (!pix.live) return { order, newPix: { previous: pix.count } };
    if (order.pix_code !== pix.live.qr_code || order.payment_id !== pix.live.id) {
      // Back to Pix: the Pix payment made before is still waiting for its transfer.
      order = (
        await tx.query<OrderRow>('UPDATE orders SET pix_code = $2, payment_id = $3 WHERE order_id = $1 RETURNING *', [
          order.order_id,
          pix.live.qr_code,
          pix.live.id,
        ])
      ).rows[0];
    }
    return { order, newPix: null };
  });

  if (!placed.newPix) return replyOf(placed.order, payload.paymentMethod);
  return replyOf(await attachPix(db, provider, placed.order, placed.newPix.previous), payload.paymentMethod);
}

/** Asks the provider for the order's Pix payment (no transaction open meanwhile), then stores it. */
async function attachPix(
  db: Database,
  provider: PaymentProvider,
  order: OrderRow,
  pixPayments: number,
): Promise<OrderRow> {
  const payment = await callProvider('pix', () =>
    provider.createPix({
      amount: order.discounted_total,
      orderId: order.order_id,
      description: `Pedido ${order.order_id}: ${order.event_name}`.slice(0, 200),
      email: order.email,
      payerName: order.client_name,
      cpf: order.cpf,
      // Same order, same Pix payment: a retry, or a return to Pix, gets the one already made; a
      // new one only after the last was refused or expired.
      idempotencyKey: `order-${order.order_id}-pix-${pixPayments}`,
    }),
  );
  if (!payment.qrCode)
    throw upstream('payment_provider_error', 'O provedor de pagamento não devolveu o código Pix. Tente novamente.');
  return db.transaction(async (tx) => {
    const current = await lockOrder(tx, order.order_id);
    if (!current || current.payment_method !== 'pix' || isClosedOrder(current.status)) return current ?? order;
    if (payment.status === 'pending' || payment.status === 'in_process') {
      await tx.query(
        `INSERT INTO payments (id, idempotency_key, amount, status, status_detail, payment_method_id, order_id, kind,
          qr_code)
         VALUES ($1, $2, $3, $4, $5, 'pix', $6, 'pix', $7) ON CONFLICT (id) DO NOTHING`,
        [
          payment.id,
          `order-${order.order_id}-pix-${pixPayments}`,
          payment.amount,
          payment.status,
          payment.statusDetail,
          order.order_id,
          payment.qrCode,
        ],
      );
      return (
        await tx.query<OrderRow>(
          `UPDATE orders SET pix_code = $2, payment_id = $3, status = 'pending' WHERE order_id = $1 RETURNING *`,
          [order.order_id, payment.qrCode, payment.id],
        )
      ).rows[0];
    }
    // The provider answered a payment already decided (a retry after it was paid or expired).
    await applyPayment(tx, current, payment, { kind: 'notification' });
    return (await lockOrder(tx, order.order_id)) ?? current;
  });
}

/**
 * set_transaction: ties an order placed while signed out to the caller's account, for whoever
 * holds its claim secret. An unknown order, a wrong claim and another account's order are
 * answered alike (404), so that order numbers cannot be probed.
 */
export async function linkOrder(db: Database, identity: Identity, orderId: string, claim: string): Promise<void> {
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (order?.uid === identity.uid) return;
    const matches = claimMatches(order?.claim_hash ?? null, claim);
    if (!order || !matches || order.uid !== null) throw notFound('order_not_found', 'Pedido não encontrado.');
    await ensureAccount(tx, identity);
    await tx.query('UPDATE orders SET uid = $1 WHERE order_id = $2', [identity.uid, orderId]);
  });
}
