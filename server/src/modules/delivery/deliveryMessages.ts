import crypto from 'node:crypto';
import type { MediaRef } from '../../../../contract/mediaPath';
import { type BoothMode, isBoothMode, type MediaMode } from '../../../../contract/modes';
import type { DeliveryChannel } from '../../../../contract/delivery';
import type { Database, Queryable } from '../../platform/db/database';
import type { JobQueue } from '../../platform/db/jobQueue';
import { COUNTS_AGAINST_CAP_D } from '../insights';
import { SHOWN_M } from '../media';
import { stopMessage } from './messageStatus';

/**
 * The messages to guests (docs/product.md#photos-delivered): made from what waits for a
 * subscription (a batch), recorded as pending before the transport is called and marked after,
 * so that a server killed in between leaves a message that runs again under the same
 * idempotency key; stopped at once when the guest stops; capped past the owner's cap.
 */

/** The queue of sends: a job sends one recorded message. */
export const DELIVERY_SEND = 'delivery-send';

export type SendQueue = Pick<JobQueue, 'enqueue'>;

/**
 * What a message may carry of row `m`: a photo still shown (never one the owner hid), and not one
 * waiting for the owner's approval while the galleries are held (docs/product.md#moderation).
 */
export const SENDABLE_NOW_M =
  `${SHOWN_M} AND NOT (m.awaiting_approval AND EXISTS ` +
  `(SELECT 1 FROM events held WHERE held.name = m.event_name AND held.hold_galleries))`;

/** The key a transport de-duplicates by: the subscription and what the message holds. */
function idempotencyKey(kind: 'photos' | 'event_end', subscriptionId: number, mediaIds: readonly number[]): string {
  const content = crypto
    .createHash('sha256')
    .update([...mediaIds].sort((a, b) => a - b).join(','))
    .digest('base64url')
    .slice(0, 22);
  return kind === 'event_end' ? `end-${subscriptionId}` : `photos-${subscriptionId}-${content}`;
}

/** Locks the event's cap for this transaction (one batch of the event at a time decides against it). */
async function capAllows(client: Queryable, eventName: string, cap: number): Promise<boolean> {
  await client.query("SELECT pg_advisory_xact_lock(hashtextextended('delivery-cap:' || $1, 0))", [eventName]);
  const { rows } = await client.query<{ counted: number }>(
    `SELECT count(*)::int AS counted FROM delivery_messages d WHERE d.event_name = $1 AND ${COUNTS_AGAINST_CAP_D}`,
    [eventName],
  );
  return rows[0].counted < cap;
}

interface NewMessage {
  subscriptionId: number;
  eventName: string;
  agent: string;
  kind: 'photos' | 'event_end';
  mediaIds: readonly number[];
  expiresAt: Date;
  cap: number;
}

/** Records a message, pending (with its send job) or capped; null when an equal one exists. */
async function recordMessage(client: Queryable, queue: SendQueue, message: NewMessage): Promise<number | null> {
  const allowed = await capAllows(client, message.eventName, message.cap);
  const { rows } = await client.query<{ id: string }>(
    `INSERT INTO delivery_messages
       (subscription_id, event_name, agent, kind, idempotency_key, status, photos, reason, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT DO NOTHING RETURNING id`,
    [
      message.subscriptionId,
      message.eventName,
      message.agent,
      message.kind,
      idempotencyKey(message.kind, message.subscriptionId, message.mediaIds),
      allowed ? 'pending' : 'capped',
      message.mediaIds.length,
      allowed ? null : 'limite de mensagens do evento atingido',
      message.expiresAt,
    ],
  );
  if (!rows[0]) return null;
  const id = Number(rows[0].id);
  if (allowed) await queue.enqueue(client, DELIVERY_SEND, { message: id });
  return id;
}

/**
 * The batch of a subscription: every photo waiting for it and sendable now goes into one message
 * (capped past the cap), in one transaction under the subscription's lock, so a photo noted
 * meanwhile waits for the next batch (its own job). Nothing while the event's delivery is off or
 * the subscription is gone. Answers the message recorded, if any.
 */
export async function batchWaitingPhotos(
  db: Database,
  queue: SendQueue,
  subscriptionId: number,
): Promise<number | null> {
  return db.transaction(async (client) => {
    const { rows: subscriptions } = await client.query<{
      event_name: string;
      agent: string;
      expires_at: Date;
      delivery: boolean;
      delivery_cap: number;
    }>(
      `SELECT s.event_name, s.agent, s.expires_at, e.delivery, e.delivery_cap
         FROM delivery_subscriptions s JOIN events e ON e.name = s.event_name
        WHERE s.id = $1 AND s.expires_at > now() FOR UPDATE OF s`,
      [subscriptionId],
    );
    const subscription = subscriptions[0];
    if (!subscription?.delivery) return null;
    const { rows: photos } = await client.query<{ media_id: string }>(
      `SELECT p.media_id FROM delivery_photos p JOIN media m ON m.id = p.media_id
        WHERE p.subscription_id = $1 AND p.message_id IS NULL AND ${SENDABLE_NOW_M}
        ORDER BY m.created_at, m.id`,
      [subscriptionId],
    );
    if (photos.length === 0) return null;
    const mediaIds = photos.map((photo) => Number(photo.media_id));
    const id = await recordMessage(client, queue, {
      subscriptionId,
      eventName: subscription.event_name,
      agent: subscription.agent,
      kind: 'photos',
      mediaIds,
      expiresAt: subscription.expires_at,
      cap: subscription.delivery_cap,
    });
    if (id === null) return null;
    await client.query(
      'UPDATE delivery_photos SET message_id = $2 WHERE subscription_id = $1 AND media_id = ANY($3::bigint[])',
      [subscriptionId, id, mediaIds],
    );
    return id;
  });
}

/**
 * The party is over (the owner says so, once): each live subscription gets one last message with
 * the gallery's link. Answers how many were recorded now (0 on a repeat).
 */
export async function recordEndMessages(db: Database, queue: SendQueue, eventName: string): Promise<number> {
  return db.transaction(async (client) => {
    const { rows: events } = await client.query<{ delivery: boolean; delivery_cap: number }>(
      `UPDATE events SET delivery_ended_at = coalesce(delivery_ended_at, now()) WHERE name = $1
       RETURNING delivery, delivery_cap`,
      [eventName],
    );
    if (!events[0]?.delivery) return 0;
    const { rows } = await client.query<{ id: string; agent: string; expires_at: Date }>(
      `SELECT s.id, s.agent, s.expires_at FROM delivery_subscriptions s
        WHERE s.event_name = $1 AND s.expires_at > now()
          AND NOT EXISTS (SELECT 1 FROM delivery_messages d WHERE d.subscription_id = s.id AND d.kind = 'event_end')
        ORDER BY s.id FOR UPDATE OF s`,
      [eventName],
    );
    let recorded = 0;
    for (const row of rows) {
      const id = await recordMessage(client, queue, {
        subscriptionId: Number(row.id),
        eventName,
        agent: row.agent,
        kind: 'event_end',
        mediaIds: [],
        expiresAt: row.expires_at,
        cap: events[0].delivery_cap,
      });
      if (id !== null) recorded += 1;
    }
    return recorded;
  });
}

/** A pending message as its send job reads it: to whom, and what it holds now. */
export interface MessageToSend {
  id: number;
  kind: 'photos' | 'event_end';
  idempotencyKey: string;
  subscriptionId: number;
  channel: DeliveryChannel;
  address: string;
  guestName: string;
  eventName: string;
  eventTitle: string;
  /** The booth whose gallery the message links to: the event's first (its devices). */
  galleryMode: BoothMode;
  /** The photos still sendable now, oldest first. */
  photos: MediaRef[];
  /** How many photos the message was made with (some may be hidden since). */
  madeWith: number;
}

/**
 * The message if it is still to be sent and its subscription still there (a stop is honoured
 * here, at once); 'done' when it is not pending any more (sent, failed, stopped, capped), or was
 * stopped now because its guest stopped, the owner turned delivery off, or its photos were all hidden meanwhile.
 */
export async function messageToSend(db: Queryable, id: number): Promise<MessageToSend | 'done'> {
  const { rows } = await db.query<{
    kind: 'photos' | 'event_end';
    idempotency_key: string;
    photos: number;
    subscription_id: string | null;
    channel: DeliveryChannel | null;
    address: string | null;
    name: string | null;
    event_name: string;
    title: string;
    first_mode: string | null;
    delivery: boolean;
  }>(
    `SELECT d.kind, d.idempotency_key, d.photos, d.subscription_id, s.channel, s.address, s.name, d.event_name, e.title,
            e.devices[1] AS first_mode, e.delivery
       FROM delivery_messages d JOIN events e ON e.name = d.event_name
       LEFT JOIN delivery_subscriptions s ON s.id = d.subscription_id AND s.expires_at > now()
      WHERE d.id = $1 AND d.status = 'pending'`,
    [id],
  );
  const row = rows[0];
  if (!row) return 'done';
  // Turned off by the owner since it was recorded: nothing more is sent.
  if (!row.delivery) {
    await stopMessage(db, id, 'entregas desligadas pelo organizador');
    return 'done';
  }
  if (row.subscription_id === null || row.channel === null || row.address === null) {
    await stopMessage(db, id, 'parou de receber');
    return 'done';
  }
  const { rows: photos } = await db.query<{ mode: MediaMode; file: string }>(
    `SELECT m.mode, m.file FROM delivery_photos p JOIN media m ON m.id = p.media_id
      WHERE p.message_id = $1 AND ${SENDABLE_NOW_M} ORDER BY m.created_at, m.id`,
    [id],
  );
  if (row.kind === 'photos' && photos.length === 0) {
    await stopMessage(db, id, 'fotos ocultadas pelo organizador');
    return 'done';
  }
  return {
    id,
    kind: row.kind,
    idempotencyKey: row.idempotency_key,
    subscriptionId: Number(row.subscription_id),
    channel: row.channel,
    address: row.address,
    guestName: row.name ?? '',
    eventName: row.event_name,
    eventTitle: row.title,
    galleryMode: isBoothMode(row.first_mode) ? row.first_mode : (photos[0]?.mode ?? 'pad'),
    photos: photos.map((photo) => ({ eventName: row.event_name, mode: photo.mode, file: photo.file })),
    madeWith: row.photos,
  };
}

/** Whether a photo may still be shown through a message's link (not hidden since it was sent). */
export async function photoStillSendable(db: Queryable, ref: MediaRef): Promise<boolean> {
  const { rowCount } = await db.query(
    `SELECT 1 FROM media m WHERE m.event_name = $1 AND m.mode = $2 AND m.file = $3 AND ${SENDABLE_NOW_M}`,
    [ref.eventName, ref.mode, ref.file],
  );
  return (rowCount ?? 0) > 0;
}
