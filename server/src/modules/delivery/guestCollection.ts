import { boothAddress } from '../../../../contract/eventAddress';
import { type MediaRef, mediaUrl } from '../../../../contract/mediaPath';
import { isBoothMode, type MediaMode } from '../../../../contract/modes';
import type { GuestCollectionReply } from '../../../../contract/wire';
import type { Queryable } from '../../platform/db/database';
import { SENDABLE_NOW_M } from './deliveryMessages';

/**
 * The guest's own photos at an event (docs/product.md#photos-delivered), the link their messages carry beside the
 * gallery's: every photo the delivery noted for their subscription (sent or on its way), still shown (never one the
 * owner hid since), oldest first. Null once the subscription is gone (stopped, erased, past its retention): the
 * photos it knew went with it.
 */
export async function guestCollection(db: Queryable, subscriptionId: number): Promise<GuestCollectionReply | null> {
  const { rows } = await db.query<{ event_name: string; title: string; first_mode: string | null }>(
    `SELECT s.event_name, e.title, e.devices[1] AS first_mode
       FROM delivery_subscriptions s JOIN events e ON e.name = s.event_name
      WHERE s.id = $1 AND s.expires_at > now()`,
    [subscriptionId],
  );
  const row = rows[0];
  if (!row) return null;
  const photos = await collectionPhotos(db, subscriptionId, row.event_name);
  const mode = isBoothMode(row.first_mode) ? row.first_mode : (photos[0]?.mode ?? 'pad');
  return {
    bname: row.event_name,
    title: row.title,
    gallery: boothAddress(isBoothMode(mode) ? mode : 'pad', row.event_name),
    photos: photos.map(mediaUrl),
  };
}

/** The photos of a subscription's collection, as media references. */
export async function collectionPhotos(db: Queryable, subscriptionId: number, eventName: string): Promise<MediaRef[]> {
  const { rows } = await db.query<{ mode: MediaMode; file: string }>(
    `SELECT m.mode, m.file FROM delivery_photos p JOIN media m ON m.id = p.media_id
      WHERE p.subscription_id = $1 AND ${SENDABLE_NOW_M} ORDER BY m.created_at, m.id`,
    [subscriptionId],
  );
  return rows.map((photo) => ({ eventName, mode: photo.mode, file: photo.file }));
}
