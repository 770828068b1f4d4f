import { boothAddress } from '../../../../contract/eventAddress';
import { DELIVERY_COLLECTION_QUERY, DELIVERY_STOP_PATH } from '../../../../contract/delivery';
import { mediaUrl } from '../../../../contract/mediaPath';
import { ROUTES, withQuery } from '../../../../contract/routePaths';
import type { ObjectStore } from '../../platform/storage/objectStore';
import { mediaKey } from '../media';
import type { MessageToSend } from './deliveryMessages';
import { photoToken, subscriptionToken, type DeliveryKeys } from './deliveryTokens';
import type { OutgoingMessage } from './transports/transport';

/**
 * What a recorded message says, as every transport sends it (transports/transport.ts): the photos
 * as short-lived links to their images and links to open them, 'Parar de receber', and the
 * guest's own photos and the gallery's links when the photos are many or the party is over.
 */

/** How long a photo's link works: a message is read in the days after the party. */
export const PHOTO_LINK_SECONDS = 3 * 24 * 60 * 60;
/** Past this many photos a message carries the first ones and the gallery's link. */
export const PHOTOS_PER_MESSAGE = 3;

export interface ContentSources {
  /** The site's origin (`https://...`): every link is absolute, opened from a phone's app. */
  site: string;
  objects: Pick<ObjectStore, 'temporaryUrl'>;
  keys: DeliveryKeys;
}

/** A photo's image link: the bucket's presigned URL (MEDIA_STORE=s3), else this server's signed one. */
async function imageUrl(sources: ContentSources, message: MessageToSend, index: number, now: Date): Promise<string> {
  const ref = message.photos[index];
  const presigned = await sources.objects.temporaryUrl(mediaKey(ref), PHOTO_LINK_SECONDS);
  if (presigned) return presigned;
  const token = photoToken(sources.keys.photo, ref, new Date(now.getTime() + PHOTO_LINK_SECONDS * 1000));
  return `${sources.site}/api/entregas/foto/${token}`;
}

export async function messageContent(
  sources: ContentSources,
  message: MessageToSend,
  now = new Date(),
): Promise<OutgoingMessage> {
  const shown = message.kind === 'photos' ? message.photos.slice(0, PHOTOS_PER_MESSAGE) : [];
  const photos = await Promise.all(
    shown.map(async (ref, index) => ({
      imageUrl: await imageUrl(sources, message, index, now),
      pageUrl: `${sources.site}${withQuery(ROUTES.collect, { id: mediaUrl(ref) })}`,
    })),
  );
  const gallery = `${sources.site}${boothAddress(message.galleryMode, message.eventName)}`;
  const collection = subscriptionToken(sources.keys.collection, message.subscriptionId);
  const many = message.kind === 'event_end' || message.photos.length > PHOTOS_PER_MESSAGE;
  return {
    idempotencyKey: message.idempotencyKey,
    channel: message.channel,
    to: message.address,
    guestName: message.guestName || null,
    eventTitle: message.eventTitle,
    photos,
    collectionUrl: many
      ? `${sources.site}${withQuery(ROUTES.privacy, { [DELIVERY_COLLECTION_QUERY]: collection })}`
      : null,
    galleryUrl: many ? gallery : null,
    stopUrl: `${sources.site}${DELIVERY_STOP_PATH}/${subscriptionToken(sources.keys.stop, message.subscriptionId)}`,
    kind: message.kind,
  };
}
