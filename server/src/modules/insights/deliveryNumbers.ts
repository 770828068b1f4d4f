import type { DeliveryFigures } from '../../../../contract/wire';
import type { Queryable } from '../../platform/db/database';

/**
 * The photos delivered to guests, in figures (docs/product.md#photos-delivered): the owner's
 * delivery section and 'A festa em números' read the same. Here, below the delivery module, so
 * that both reach it; it reads the delivery's tables as the other figures read theirs.
 */

/**
 * The messages of row `d` (delivery_messages) that count against the owner's cap: those sent or
 * about to be, and those the provider took and then failed; never one stopped, capped, or refused
 * before it went out.
 */
export const COUNTS_AGAINST_CAP_D = `(d.status IN ('pending', 'sent', 'delivered') OR d.sent_at IS NOT NULL)`;

export async function deliveryFigures(db: Queryable, eventName: string): Promise<DeliveryFigures> {
  const { rows } = await db.query<Omit<DeliveryFigures, 'capReached'> & { counted: number; cap: number }>(
    `SELECT (SELECT count(*)::int FROM delivery_subscriptions s WHERE s.event_name = $1 AND s.expires_at > now())
              AS subscribed,
            count(*) FILTER (WHERE d.sent_at IS NOT NULL)::int AS sent,
            count(*) FILTER (WHERE d.status = 'delivered')::int AS delivered,
            count(*) FILTER (WHERE d.status = 'failed')::int AS failed,
            count(*) FILTER (WHERE d.status = 'capped')::int AS capped,
            count(*) FILTER (WHERE ${COUNTS_AGAINST_CAP_D})::int AS counted,
            (SELECT delivery_cap FROM events WHERE name = $1) AS cap
       FROM delivery_messages d WHERE d.event_name = $1`,
    [eventName],
  );
  const { counted, cap, ...figures } = rows[0];
  return { ...figures, capReached: counted >= (cap ?? 0) };
}

/** Whether the event has delivery on, or ever delivered anything: 'A festa em números' shows the figures then. */
export async function deliveryWasUsed(db: Queryable, eventName: string): Promise<boolean> {
  const { rows } = await db.query<{ used: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM events WHERE name = $1 AND delivery)
         OR EXISTS (SELECT 1 FROM delivery_messages WHERE event_name = $1)
         OR EXISTS (SELECT 1 FROM delivery_subscriptions WHERE event_name = $1) AS used`,
    [eventName],
  );
  return rows[0].used;
}
