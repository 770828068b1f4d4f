import type { DeliveryChannel } from '../../../../contract/delivery';
import type { MyDeliveriesReply } from '../../../../contract/wire';
import type { Database, Queryable } from '../../platform/db/database';
import { removeSubscriptions } from './subscriptions';

/**
 * A guest's delivery data in their hands (docs/privacy.md#photos-delivered): their subscriptions
 * and the messages sent, listed on the privacy page, erased with 'Apagar minhas fotos' or one
 * event at a time, and swept once past the event's retention.
 */

type Status = MyDeliveriesReply[number]['messages'][number]['status'];

/**
 * The visitor's subscriptions, newest first, each with its messages; then the events they stopped whose messages are
 * still kept (a stop deletes the subscription, its name and address, not what was sent: docs/privacy.md), with the
 * stop's date from the consent log.
 */
export async function deliveriesOfAgent(db: Queryable, agent: string): Promise<MyDeliveriesReply> {
  const { rows } = await db.query<{
    event_name: string;
    title: string;
    name: string;
    channel: DeliveryChannel;
    address: string;
    subscribed_at: Date;
    expires_at: Date;
  }>(
    `SELECT s.event_name, e.title, s.name, s.channel, s.address, s.subscribed_at, s.expires_at
       FROM delivery_subscriptions s JOIN events e ON e.name = s.event_name
      WHERE s.agent = $1 AND s.expires_at > now() ORDER BY s.subscribed_at DESC`,
    [agent],
  );
  const { rows: messages } = await db.query<{
    event_name: string;
    title: string;
    kind: 'photos' | 'event_end';
    photos: number;
    status: Status;
    at: Date;
  }>(
    `SELECT d.event_name, e.title, d.kind, d.photos, d.status, coalesce(d.sent_at, d.created_at) AS at
       FROM delivery_messages d JOIN events e ON e.name = d.event_name
      WHERE d.agent = $1 AND d.expires_at > now() ORDER BY d.created_at DESC, d.id DESC`,
    [agent],
  );
  const messagesOf = (eventName: string) =>
    messages
      .filter((message) => message.event_name === eventName)
      .map(({ kind, photos, status, at }) => ({ kind, photos, status, at: at.toISOString() }));
  const subscribed: MyDeliveriesReply = rows.map((row) => ({
    bname: row.event_name,
    title: row.title,
    stopped: false,
    name: row.name,
    channel: row.channel,
    address: row.address,
    subscribedAt: row.subscribed_at.toISOString(),
    until: row.expires_at.toISOString(),
    messages: messagesOf(row.event_name),
  }));
  const live = new Set(rows.map((row) => row.event_name));
  const stoppedEvents = [...new Map(messages.map((message) => [message.event_name, message.title])).entries()].filter(
    ([eventName]) => !live.has(eventName),
  );
  if (stoppedEvents.length === 0) return subscribed;
  const { rows: stops } = await db.query<{ event_name: string; at: Date }>(
    `SELECT event_name, max(at) AS at FROM delivery_consents
      WHERE agent = $1 AND action = 'stopped' AND event_name = ANY($2::text[]) GROUP BY event_name`,
    [agent, stoppedEvents.map(([eventName]) => eventName)],
  );
  const stoppedAt = new Map(stops.map((stop) => [stop.event_name, stop.at.toISOString()]));
  return [
    ...subscribed,
    ...stoppedEvents.map(([eventName, title]) => ({
      bname: eventName,
      title,
      stopped: true as const,
      stoppedAt: stoppedAt.get(eventName) ?? null,
      messages: messagesOf(eventName),
    })),
  ];
}

/** Erases a visitor's subscription at one event and its messages: answers how many rows went (0 on a repeat). */
export async function eraseDeliveryAt(db: Database, agent: string, eventName: string): Promise<number> {
  return db.transaction(async (client) => {
    const gone = await removeSubscriptions(client, 'agent = $1 AND event_name = $2', [agent, eventName], 'erased');
    const { rowCount } = await client.query('DELETE FROM delivery_messages WHERE agent = $1 AND event_name = $2', [
      agent,
      eventName,
    ]);
    return gone.length + (rowCount ?? 0);
  });
}

/** 'Apagar minhas fotos': every subscription and message of these agents, in the erasure's transaction. */
export async function eraseDeliveriesOf(db: Queryable, agents: readonly string[]): Promise<number> {
  const gone = await removeSubscriptions(db, 'agent = ANY($1::text[])', [agents], 'erased');
  const { rowCount } = await db.query('DELETE FROM delivery_messages WHERE agent = ANY($1::text[])', [agents]);
  return gone.length + (rowCount ?? 0);
}

/** The consent log outlives the subscriptions it speaks of, as the contacts' does: the proof of a consent. */
export const DELIVERY_CONSENT_LOG_YEARS = 5;

/**
 * The retention sweep: subscriptions and messages past the event's retention go (logged), and log lines past
 * DELIVERY_CONSENT_LOG_YEARS. Answers how many subscriptions and messages.
 */
export async function purgeExpiredDeliveries(db: Database, now = new Date()): Promise<number> {
  const removed = await db.transaction(async (client) => {
    const gone = await removeSubscriptions(client, 'expires_at <= $1::timestamptz', [now.toISOString()], 'expired');
    const { rowCount } = await client.query('DELETE FROM delivery_messages WHERE expires_at <= $1::timestamptz', [
      now.toISOString(),
    ]);
    return gone.length + (rowCount ?? 0);
  });
  // A provider's word is applied when its message is marked, within seconds: a week on, it serves nothing.
  await db.query(`DELETE FROM delivery_provider_statuses WHERE at < $1::timestamptz - interval '7 days'`, [
    now.toISOString(),
  ]);
  await db.query('DELETE FROM delivery_consents WHERE at < $1::timestamptz - make_interval(years => $2)', [
    now.toISOString(),
    DELIVERY_CONSENT_LOG_YEARS,
  ]);
  return removed;
}
