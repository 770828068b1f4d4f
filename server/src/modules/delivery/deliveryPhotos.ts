import type { MediaRef } from '../../../../contract/mediaPath';
import type { Database, Queryable } from '../../platform/db/database';
import type { JobQueue } from '../../platform/db/jobQueue';
import { descriptorDistance, descriptorOf, SAME_PERSON_DISTANCE } from '../faces';

/**
 * What is to be sent to whom (docs/product.md#photos-delivered): each photo a subscribed guest
 * collects (at once when it is stored; when the booth's upload lands if they collected it before),
 * and each new photo their face is found in. A photo is noted once per subscription (the
 * database's key, delivery_photos), in the transaction of what brought it, with the job that
 * batches it: nothing noted is lost, nothing goes twice across retries and servers.
 */

/** The queue of batches: a job gathers what waits for one subscription into one message. */
export const DELIVERY_BATCH = 'delivery-batch';
/**
 * Photos noted for a guest within this many seconds go in one message: a burst of the booth (or a
 * face found in several photos at once) is one message, not one each.
 */
export const BATCH_SECONDS = 1;

export type BatchQueue = Pick<JobQueue, 'enqueue'>;

/** The booth photos a message may carry: still images of the event's booths. */
const SENDABLE_M = `m.role = 'booth' AND m.kind = 'image'`;

/** Notes a photo for a subscription, once, and queues its batch (in the caller's transaction). Answers if new. */
async function notePhoto(
  client: Queryable,
  queue: BatchQueue,
  subscriptionId: number,
  mediaId: number,
  via: 'collect' | 'face',
): Promise<boolean> {
  const { rowCount } = await client.query(
    `INSERT INTO delivery_photos (subscription_id, media_id, via) VALUES ($1, $2, $3)
     ON CONFLICT (subscription_id, media_id) DO NOTHING`,
    [subscriptionId, mediaId, via],
  );
  if (!rowCount) return false;
  // One job per photo: the first to run takes every photo then waiting, the others find none.
  await queue.enqueue(client, DELIVERY_BATCH, { subscription: subscriptionId }, { startAfterSeconds: BATCH_SECONDS });
  return true;
}

/** The visitor's live subscription at the event, while the event delivers; locked against a batch. */
async function liveSubscription(client: Queryable, eventName: string, agent: string): Promise<number | null> {
  const { rows } = await client.query<{ id: string }>(
    `SELECT s.id FROM delivery_subscriptions s JOIN events e ON e.name = s.event_name
      WHERE s.event_name = $1 AND s.agent = $2 AND s.expires_at > now() AND e.delivery
      FOR SHARE OF s`,
    [eventName, agent],
  );
  return rows[0] ? Number(rows[0].id) : null;
}

/**
 * A visitor collected a photo (its collect link opened): for a subscribed guest, the photo is
 * noted now if it is stored, or waits for the booth's upload (`photoLanded`). Answers whether
 * anything was noted.
 */
export async function noteCollect(db: Database, queue: BatchQueue, agent: string, ref: MediaRef): Promise<boolean> {
  return db.transaction(async (client) => {
    const subscription = await liveSubscription(client, ref.eventName, agent);
    if (subscription === null) return false;
    const { rows } = await client.query<{ id: string }>(
      `SELECT m.id FROM media m WHERE m.event_name = $1 AND m.mode = $2 AND m.file = $3 AND ${SENDABLE_M}`,
      [ref.eventName, ref.mode, ref.file],
    );
    if (rows[0]) return notePhoto(client, queue, subscription, Number(rows[0].id), 'collect');
    const { rowCount } = await client.query(
      `INSERT INTO delivery_wants (subscription_id, event_name, mode, file) VALUES ($1, $2, $3, $4)
       ON CONFLICT DO NOTHING`,
      [subscription, ref.eventName, ref.mode, ref.file],
    );
    return (rowCount ?? 0) > 0;
  });
}

/**
 * A booth's upload landed (in its transaction, the row written): the guests who collected it
 * before get it now. Answers how many.
 */
export async function photoLanded(client: Queryable, queue: BatchQueue, ref: MediaRef): Promise<number> {
  const { rows } = await client.query<{ subscription_id: string; media_id: string }>(
    `DELETE FROM delivery_wants w USING delivery_subscriptions s, events e, media m
      WHERE w.event_name = $1 AND w.mode = $2 AND w.file = $3
        AND s.id = w.subscription_id AND s.expires_at > now() AND e.name = s.event_name AND e.delivery
        AND m.event_name = w.event_name AND m.mode = w.mode AND m.file = w.file AND ${SENDABLE_M}
      RETURNING w.subscription_id, m.id AS media_id`,
    [ref.eventName, ref.mode, ref.file],
  );
  let noted = 0;
  for (const row of rows) {
    if (await notePhoto(client, queue, Number(row.subscription_id), Number(row.media_id), 'collect')) noted += 1;
  }
  return noted;
}

/**
 * Face indexing found these faces in a photo (in the transaction that records them): each guest
 * subscribed for face matches whose selfie lies near one of them gets the photo. Answers how many.
 */
export async function facesFound(
  client: Queryable,
  queue: BatchQueue,
  photo: { eventName: string; mediaId: number },
  descriptors: readonly ArrayLike<number>[],
): Promise<number> {
  if (descriptors.length === 0) return 0;
  const { rows } = await client.query<{ id: string; face_descriptor: Buffer }>(
    `SELECT s.id, s.face_descriptor FROM delivery_subscriptions s JOIN events e ON e.name = s.event_name
      WHERE s.event_name = $1 AND s.face_descriptor IS NOT NULL AND s.expires_at > now() AND e.delivery
        AND EXISTS (SELECT 1 FROM media m WHERE m.id = $2 AND ${SENDABLE_M})`,
    [photo.eventName, photo.mediaId],
  );
  let noted = 0;
  for (const row of rows) {
    const selfie = descriptorOf(row.face_descriptor);
    if (!descriptors.some((face) => descriptorDistance(selfie, face) <= SAME_PERSON_DISTANCE)) continue;
    if (await notePhoto(client, queue, Number(row.id), photo.mediaId, 'face')) noted += 1;
  }
  return noted;
}
