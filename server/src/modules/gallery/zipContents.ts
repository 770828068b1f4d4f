import { BOOTH_LABEL } from '../../../../contract/boothLabels';
import { mediaUrl, parseMediaPath, type MediaRef } from '../../../../contract/mediaPath';
import type { MediaMode } from '../../../../contract/modes';
import type { Queryable } from '../../platform/db/database';
import { findEvent } from '../events';
import { existingMedia, listMedia } from '../media';
import type { EventName } from '../../../../contract/names';

/** What a ZIP of 'Baixar todas' holds (http/downloadRoutes.ts): its title, and its files in their order. */
export interface ZipContents {
  title: string;
  refs: MediaRef[];
  /** Files of several events: a folder per event. */
  byEvent: boolean;
}

/** A booth's gallery, newest first as the gallery shows them; null for an unknown event or a booth it does not have. */
export async function galleryZip(db: Queryable, eventName: EventName, mode: MediaMode): Promise<ZipContents | null> {
  const event = await findEvent(db, eventName);
  if (!event || !event.devices.includes(mode)) return null;
  const refs = (await listMedia(db, eventName, mode))
    .map(parseMediaPath)
    .filter((ref): ref is MediaRef => ref !== null);
  return { title: `${event.title || eventName} - ${BOOTH_LABEL[mode]}`, refs: refs.reverse(), byEvent: false };
}

/**
 * The files of a visitor's collection (`asked`, a list the server does not keep) that the server
 * holds, not hidden (docs/product.md#moderation), and `mayOpen` lets them have, in their order; null when none is
 * left.
 */
export async function collectionZip(
  db: Queryable,
  asked: readonly MediaRef[],
  mayOpen: (ref: MediaRef) => Promise<boolean>,
): Promise<ZipContents | null> {
  const unique = new Map(asked.map((ref) => [mediaUrl(ref), ref]));
  const held = await existingMedia(db, [...unique.values()], false);
  const refs: MediaRef[] = [];
  for (const [url, ref] of unique) if (held.has(url) && (await mayOpen(ref))) refs.push(ref);
  if (refs.length === 0) return null;
  const events = new Set(refs.map((ref) => ref.eventName));
  // One event's photos are named after it; several, 'Minha Coleção' with a folder per event.
  const only = events.size === 1 ? await findEvent(db, refs[0].eventName) : null;
  return { title: only ? only.title || only.name : 'Minha Coleção', refs, byEvent: events.size > 1 };
}
