import type { DeliverySettings, EventDeliveryReply } from '../../../../contract/wire';
import type { Database, Queryable } from '../../platform/db/database';
import { unknownEvent } from '../access';
import { deliveryFigures } from '../insights';
import { recordEndMessages, type SendQueue } from './deliveryMessages';

/**
 * The owner's (and the team's) side of the delivery (docs/product.md#photos-delivered): the switch
 * (off by default), the cap of messages, the figures, and the party's end.
 */

export async function eventDelivery(db: Queryable, eventName: string): Promise<EventDeliveryReply> {
  const { rows } = await db.query<{ delivery: boolean; delivery_cap: number; delivery_ended_at: Date | null }>(
    'SELECT delivery, delivery_cap, delivery_ended_at FROM events WHERE name = $1',
    [eventName],
  );
  if (!rows[0]) throw unknownEvent();
  return {
    enabled: rows[0].delivery,
    cap: rows[0].delivery_cap,
    figures: await deliveryFigures(db, eventName),
    endedAt: rows[0].delivery_ended_at?.toISOString() ?? null,
  };
}

/** Turns delivery on or off and sets the cap: off, nothing more is sent (a job checks as it runs). */
export async function setDeliverySettings(
  db: Queryable,
  eventName: string,
  settings: DeliverySettings,
): Promise<EventDeliveryReply> {
  await db.query('UPDATE events SET delivery = $2, delivery_cap = $3 WHERE name = $1', [
    eventName,
    settings.enabled,
    settings.cap,
  ]);
  return eventDelivery(db, eventName);
}

/** The owner says the party is over: each subscribed guest gets one last message, once. */
export async function endEventDelivery(db: Database, queue: SendQueue, eventName: string): Promise<EventDeliveryReply> {
  await recordEndMessages(db, queue, eventName);
  return eventDelivery(db, eventName);
}
