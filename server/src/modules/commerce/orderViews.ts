import type { OrderStatus, TeamOrder, Transaction } from '../../../../contract/wire';
import type { Database, Queryable } from '../../platform/db/database';
import { conflict, notFound } from '../../platform/errors';
import type { Identity } from '../identity';
import { lockOrder, type OrderRow } from './orderPayments';
import { claimMatches } from './orders';

/** The orders as their buyer and the team read them, and the team's hand settlement of a Pix order. */

/** An order as its buyer reads it; a Pix order still waiting carries its code. */
function transactionOf(o: OrderRow): Transaction {
  const transaction: Transaction = {
    orderId: o.order_id,
    eventName: o.event_name,
    status: o.status,
    paymentMethod: o.payment_method,
    amount: o.discounted_total,
    createdAt: o.created_at.toISOString(),
  };
  if (o.payment_method === 'pix' && o.status === 'pending' && o.pix_code) transaction.pixCode = o.pix_code;
  return transaction;
}

/** load_transactions: the caller's orders, newest first. */
export async function transactionsOf(db: Queryable, identity: Identity): Promise<Transaction[]> {
  const { rows } = await db.query<OrderRow>('SELECT * FROM orders WHERE uid = $1 ORDER BY created_at DESC, order_id', [
    identity.uid,
  ]);
  return rows.map(transactionOf);
}

/** Who asks for one order: the signed-in account (if any) and the claim secret the browser holds (if any). */
export interface OrderAsker {
  uid: string | null;
  claim: string | null;
}

/**
 * GET /orders/{orderId}: one order as its buyer follows its payment. Its account reads it; before
 * it is tied to an account, the browser that placed it, by the claim secret it holds. An unknown
 * order, a wrong claim and someone else's order are answered alike (404), so that order numbers
 * cannot be probed.
 */
export async function orderForBuyer(db: Queryable, orderId: string, asker: OrderAsker): Promise<Transaction> {
  const { rows } = await db.query<OrderRow>('SELECT * FROM orders WHERE order_id = $1', [orderId]);
  const order = rows[0];
  const owner = order !== undefined && asker.uid !== null && order.uid === asker.uid;
  // Compared whatever happens (constant time, also without an order), so that the answer's time tells nothing either.
  const claimed =
    claimMatches(order?.claim_hash ?? null, asker.claim ?? '') && asker.claim !== null && order?.uid === null;
  if (!order || !(owner || claimed)) throw notFound('order_not_found', 'Pedido não encontrado.');
  return transactionOf(order);
}

function teamOrderOf(o: OrderRow): TeamOrder {
  return {
    orderId: o.order_id,
    eventName: o.event_name,
    clientName: o.client_name,
    email: o.email,
    coupon: o.coupon,
    paymentMethod: o.payment_method,
    amount: o.discounted_total,
    status: o.status,
    createdAt: o.created_at.toISOString(),
  };
}

/** GET /team_orders: the orders, newest first (at most `limit`). */
export async function teamOrders(db: Queryable, limit = 1000): Promise<TeamOrder[]> {
  const { rows } = await db.query<OrderRow>('SELECT * FROM orders ORDER BY created_at DESC, order_id DESC LIMIT $1', [
    limit,
  ]);
  return rows.map(teamOrderOf);
}

/**
 * POST /team_orders/{orderId}: the team saw a Pix transfer arrive (or gave up on it), for a
 * static Pix key the provider does not watch. Only a pending Pix order moves.
 */
export async function settleOrderByTeam(
  db: Database,
  orderId: string,
  status: Exclude<OrderStatus, 'pending'>,
): Promise<TeamOrder> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw notFound('order_not_found', 'Pedido não encontrado.');
    if (order.payment_method !== 'pix' || order.status !== 'pending') {
      throw conflict('order_not_pending', 'Só um pedido Pix pendente pode ser confirmado ou recusado à mão.');
    }
    const updated = await tx.query<OrderRow>('UPDATE orders SET status = $2 WHERE order_id = $1 RETURNING *', [
      orderId,
      status,
    ]);
    return teamOrderOf(updated.rows[0]);
  });
}
