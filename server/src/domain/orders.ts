import crypto from 'node:crypto';
import type { OrderPayload, OrderReply, OwnEvent, Transaction } from '../../../src/api/wire';
import { pixBrCode } from '../../../src/lib/pix';
import type { Identity } from './identity';
import type { ServerConfig } from '../config';
import type { Database } from '../db/database';
import { conflict, forbidden, invalid, notFound, paymentRejected } from './errors';
import { ensureAccount } from './accounts';
import { findEvent } from './events';
import { findValidCoupon, loadCatalogue, priceOrder } from './shop';

interface OrderRow {
  order_id: string;
  coupon: string;
  uid: string | null;
  email: string;
  event_name: string;
  payment_method: 'card' | 'pix';
  lines: { name: string; hours: number; quantity: number; selectedAccessories: { name: string }[] }[];
  discounted_total: number;
  status: 'pending' | 'approved' | 'rejected';
  payment_id: string | null;
}

const PIX_ORDER_ID = /^[1-9]\d{8}$/;

/**
 * Registers an order. Prices come from our catalogue and coupon, never from the client. A card
 * order must name an approved payment of exactly that amount; a Pix order gets its BR Code and
 * waits for the transfer. Posting the same order again (a retry) answers the same reply.
 */
export async function placeOrder(
  db: Database,
  config: ServerConfig,
  couponCode: string,
  payload: OrderPayload,
  identity: Identity | null,
): Promise<OrderReply> {
  const coupon = await findValidCoupon(db, couponCode);
  if (!coupon) throw notFound('coupon_not_found', 'Cupom inválido ou expirado.');
  const priced = priceOrder(await loadCatalogue(db), payload.products, coupon.discount);
  // Neither a card nor a Pix transfer can pay nothing (and a BR Code needs a positive amount).
  if (!(priced.discountedTotal > 0)) throw invalid('zero_total', 'O pedido não tem valor a pagar.');

  return db.transaction(async (client) => {
    // FOR UPDATE locks nothing while the order does not exist yet: concurrent retries of a new
    // order wait here for each other, so that the later ones see the first and answer alike.
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`order:${payload.orderId}`]);
    const existing = await client.query<OrderRow>('SELECT * FROM orders WHERE order_id = $1 FOR UPDATE', [payload.orderId]);
    if (existing.rows[0]) {
      const order = existing.rows[0];
      const sameOrder =
        order.coupon === couponCode &&
        order.email === payload.email.trim().toLowerCase() &&
        order.discounted_total === priced.discountedTotal &&
        order.payment_method === payload.paymentMethod;
      if (!sameOrder) throw conflict('order_exists', 'Este número de pedido já foi usado.');
      return { orderId: order.order_id, status: order.status };
    }

    let status: OrderRow['status'] = 'pending';
    let paymentId: string | null = null;
    let pixCode: string | null = null;
    if (payload.paymentMethod === 'card') {
      const payment = await client.query<{ id: string; amount: number; status: string; order_id: string | null }>(
        'SELECT id, amount, status, order_id FROM payments WHERE id = $1 FOR UPDATE',
        [payload.orderId],
      );
      const found = payment.rows[0];
      if (!found) throw invalid('payment_not_found', 'Pagamento não encontrado.');
      if (found.order_id !== null) throw conflict('payment_used', 'Este pagamento já pertence a outro pedido.');
      if (Math.abs(found.amount - priced.discountedTotal) > 0.005) {
        throw conflict('amount_mismatch', 'O valor pago não corresponde ao pedido.');
      }
      if (found.status === 'rejected') throw paymentRejected('payment_rejected', 'O pagamento foi recusado.');
      status = found.status === 'approved' ? 'approved' : 'pending';
      paymentId = found.id;
      await client.query('UPDATE payments SET order_id = $1 WHERE id = $2', [payload.orderId, found.id]);
    } else {
      if (!PIX_ORDER_ID.test(payload.orderId)) throw invalid('invalid_order_id', 'Número de pedido inválido.');
      pixCode = pixBrCode({
        key: config.pix.key,
        merchantName: config.pix.merchantName,
        merchantCity: config.pix.merchantCity,
        amount: priced.discountedTotal,
        txid: payload.orderId,
      });
    }

    if (identity) await ensureAccount(client, identity);
    await client.query(
      `INSERT INTO orders (order_id, coupon, uid, client_name, email, cpf, event_name, event_date, event_time,
                           payment_method, lines, total, discount, discounted_total, status, payment_id, pix_code)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)`,
      [
        payload.orderId,
        couponCode,
        identity?.uid ?? null,
        payload.clientName.trim(),
        payload.email.trim().toLowerCase(),
        payload.cpf,
        payload.eventName.trim(),
        payload.eventDate,
        payload.eventTime,
        payload.paymentMethod,
        JSON.stringify(priced.lines),
        priced.total,
        priced.discount,
        priced.discountedTotal,
        status,
        paymentId,
        pixCode,
      ],
    );
    return { orderId: payload.orderId, status };
  });
}

/** set_transaction: ties an order placed while signed out to the caller's account. */
export async function linkOrder(db: Database, identity: Identity, orderId: string): Promise<void> {
  await db.transaction(async (client) => {
    const { rows } = await client.query<OrderRow>('SELECT * FROM orders WHERE order_id = $1 FOR UPDATE', [orderId]);
    const order = rows[0];
    if (!order) throw notFound('order_not_found', 'Pedido não encontrado.');
    if (order.uid !== null && order.uid !== identity.uid) throw forbidden('not_your_order', 'Este pedido pertence a outra conta.');
    await ensureAccount(client, identity);
    await client.query('UPDATE orders SET uid = $1 WHERE order_id = $2', [identity.uid, orderId]);
  });
}

export async function transactionsOf(db: Database, identity: Identity): Promise<Transaction[]> {
  const { rows } = await db.query<OrderRow>('SELECT * FROM orders WHERE uid = $1 ORDER BY created_at DESC', [identity.uid]);
  return rows.map((o) => ({ orderId: o.order_id, eventName: o.event_name, status: o.status }));
}

/** The caller's paid orders, each an event they can create (eventCreated 1 once done). */
export async function eventsOf(db: Database, identity: Identity): Promise<(OwnEvent & { orderId: string; createdName: string | null })[]> {
  const { rows } = await db.query<OrderRow & { created_name: string | null }>(
    `SELECT o.*, e.name AS created_name FROM orders o LEFT JOIN events e ON e.order_id = o.order_id
      WHERE o.uid = $1 AND o.status = 'approved' ORDER BY o.created_at DESC`,
    [identity.uid],
  );
  return rows.map((o) => ({
    orderId: o.order_id,
    eventName: o.event_name,
    eventCreated: o.created_name ? 1 : 0,
    createdName: o.created_name,
    products: o.lines.map((line) => ({
      name: line.name,
      hours: line.hours,
      accessories: (line.selectedAccessories ?? []).map((a) => ({ name: a.name })),
    })),
  }));
}

/** create_event: one event per paid order of the caller, under a free name. */
export async function createEventForOrder(db: Database, identity: Identity, name: string, orderId: string): Promise<void> {
  await db.transaction(async (client) => {
    const { rows } = await client.query<OrderRow>('SELECT * FROM orders WHERE order_id = $1 FOR UPDATE', [orderId]);
    const order = rows[0];
    if (!order || order.uid !== identity.uid) throw forbidden('not_your_order', 'Este pedido não é seu.');
    if (order.status !== 'approved') throw forbidden('order_not_paid', 'O pagamento deste pedido ainda não foi confirmado.');
    const already = await client.query('SELECT name FROM events WHERE order_id = $1', [orderId]);
    if (already.rowCount) throw conflict('already_created', 'O evento deste pedido já foi criado.');
    if (await findEvent(client, name)) throw conflict('name_taken', 'Nome já existe');
    const catalogue = await loadCatalogue(client);
    const modes = new Set<string>();
    for (const line of order.lines) {
      const product = catalogue.find((p) => p.name === line.name);
      if (product?.mode) modes.add(product.mode);
    }
    await client.query(
      `INSERT INTO events (name, public_id, visible, devices, owner_uid, order_id) VALUES ($1, $2, true, $3, $4, $5)`,
      [name, crypto.randomBytes(9).toString('base64url'), [...modes], identity.uid, orderId],
    );
    await client.query(
      `INSERT INTO account_items (uid, list, value) VALUES ($1, 'events', $2) ON CONFLICT DO NOTHING`,
      [identity.uid, name],
    );
  });
}
