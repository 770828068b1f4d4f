import type { ChangeFeed } from '../../platform/db/changeFeed';
import type { Database } from '../../platform/db/database';
import { liveCache } from '../../platform/db/liveCache';
import { type EventCardRow, eventCardRows } from '../events';
import { galleryState, type GalleryState } from '../media';
import type { MediaMode } from '../../../../contract/modes';
import { type PackRow, packRows } from '../print';
import type { EventName } from '../../../../contract/names';

/**
 * What every phone at a party polls, kept in memory while it stands (platform/db/liveCache.ts): a
 * gallery's version, event cards, packs. A poll whose answer has not changed makes no trip to
 * the database; any change, by this process or another writer, is read again.
 */
export interface GuestReads {
  galleryState(eventName: EventName, mode: MediaMode): Promise<GalleryState | null>;
  eventCardRows(names: readonly string[]): Promise<Map<string, EventCardRow | null>>;
  packRows(hashes: readonly string[]): Promise<Map<string, PackRow | null>>;
  close(): void;
}

export function guestReads(db: Database, changes: ChangeFeed): GuestReads {
  const galleries = liveCache<GalleryState | null>({
    feed: changes,
    db,
    tables: ['events', 'media'],
    // Keys are `{event}/{mode}`: a change of the event or its media.
    feedKeyOf: (key) => `event:${key.slice(0, key.indexOf('/'))}`,
  });
  const cards = liveCache<EventCardRow | null>({
    feed: changes,
    db,
    tables: ['events', 'media'],
    feedKeyOf: (name) => `event:${name}`,
  });
  const packs = liveCache<PackRow | null>({
    feed: changes,
    db,
    tables: ['packs'],
    feedKeyOf: (hash) => `pack:${hash}`,
  });
  return {
    galleryState: (eventName, mode) => galleries.read(`${eventName}/${mode}`, () => galleryState(db, eventName, mode)),
    eventCardRows: (names) => cards.readMany(names, (missing) => eventCardRows(db, missing)),
    packRows: (hashes) => packs.readMany(hashes, (missing) => packRows(db, missing)),
    close() {
      galleries.close();
      cards.close();
      packs.close();
    },
  };
}
