import crypto from 'node:crypto';
import { cleanTitle, nameVariant } from '../../../../contract/eventTitle';
import type { EventVisibility, OwnEvent } from '../../../../contract/wire';
import type { Database } from '../../platform/db/database';
import { conflict, forbidden } from '../../platform/errors';
import { findEvent } from '../events';
import type { Identity } from '../identity';
import type { OrderRow } from './orderPayments';
import { loadCatalogue } from './shop';

/** A paid order becomes an event: the orders that can, and the creation of one under a free name. */

/**
 * The caller's paid orders, each an event they can create (eventCreated 1 once done), and the
 * events whose payment was then refunded or charged back, suspended: the owner is told why no one
 * sees them (an order refunded before its event was created has nothing to show).
 */
export async function eventsOf(
  db: Database,
  identity: Identity,
): Promise<(OwnEvent & { orderId: string; createdName: string | null })[]> {
  const { rows } = await db.query<
    OrderRow & {
      created_name: string | null;
      created_title: string | null;
      visibility: EventVisibility | null;
      suspended_at: Date | null;
    }
  >(
    `SELECT o.*, e.name AS created_name, e.title AS created_title, e.visibility, e.suspended_at FROM orders o LEFT JOIN
      events e ON e.order_id = o.order_id
      WHERE o.uid = $1 AND (o.status = 'approved' OR (o.status IN ('refunded', 'charged_back') AND e.suspended_at IS
        NOT NULL))
      ORDER BY o.created_at DESC`,
    [identity.uid],
  );
  return rows.map((o) => ({
    orderId: o.order_id,
    eventName: o.event_name,
    eventCreated: o.created_name ? 1 : 0,
    createdName: o.created_name,
    ...(o.created_name && o.created_title ? { createdTitle: o.created_title } : {}),
    ...(o.created_name && o.visibility ? { visibility: o.visibility } : {}),
    ...(o.suspended_at && (o.status === 'refunded' || o.status === 'charged_back') ? { suspended: o.status } : {}),
    products: o.lines.map((line) => ({
      name: line.name,
      hours: line.hours,
      accessories: (line.selectedAccessories ?? []).map((a) => ({ name: a.name })),
    })),
  }));
}

/**
 * create_event: one event per paid order of the caller, under a free name, with the title people
 * read (the name when none is given: migration 0030's trigger).
 */
export async function createEventForOrder(
  db: Database,
  identity: Identity,
  name: string,
  orderId: string,
  title = '',
): Promise<void> {
  await db.transaction(async (client) => {
    const { rows } = await client.query<OrderRow>('SELECT * FROM orders WHERE order_id = $1 FOR UPDATE', [orderId]);
    const order = rows[0];
    if (!order || order.uid !== identity.uid) throw forbidden('not_your_order', 'Este pedido não é seu.');
    if (order.status !== 'approved')
      throw forbidden('order_not_paid', 'O pagamento deste pedido ainda não foi confirmado.');
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
      `INSERT INTO events (name, public_id, visibility, devices, owner_uid, order_id, title) VALUES ($1, $2, ` +
        `'public', $3, $4, $5, $6)`,
      [name, crypto.randomBytes(9).toString('base64url'), [...modes], identity.uid, orderId, cleanTitle(title)],
    );
    await client.query(
      `INSERT INTO account_items (uid, list, value) VALUES ($1, 'events', $2) ON CONFLICT DO NOTHING`,
      [identity.uid, name],
    );
  });
}

/** How many variants of a taken name are looked for at once ('-2' to '-21'). */
const VARIANTS = 20;

/**
 * The name if no event has it, else its first free variant ('festa-2', 'festa-3', ...): what the
 * owner is offered when the name their title gives is taken. A name whose twenty variants are
 * all taken gets a random one. Only a suggestion: create_event decides, under its lock.
 */
export async function freeName(db: Database, name: string): Promise<string> {
  const candidates = [name, ...Array.from({ length: VARIANTS }, (_, i) => nameVariant(name, i + 2))];
  const { rows } = await db.query<{ name: string }>('SELECT name FROM events WHERE name = ANY($1)', [candidates]);
  const taken = new Set(rows.map((row) => row.name));
  return candidates.find((candidate) => !taken.has(candidate)) ?? nameVariant(name, 100 + crypto.randomInt(900_000));
}
