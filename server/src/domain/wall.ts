import crypto from 'node:crypto';
import { URL_SAFE, randomString } from '../../../contract/randomId';
import { WALL_HISTORY, WALL_KEY_LENGTH } from '../../../contract/wall';
import type { EventVisibility } from '../../../contract/wire';
import type { Queryable } from '../db/database';
import { decideOpening, openingKey, type Viewer } from './eventAccess';
import { LISTED_M, toUrl, type MediaRow } from './media';

/**
 * An event's live wall ('Telão', issue 27): a TV at the venue showing its booths' newest media.
 * A public event's wall is anyone's, as its galleries are. Any other event's wall opens for its
 * owner and the team, and for whoever holds the wall link the owner made (its key is the secret;
 * the owner changes or revokes it at will). A guest who was there is not enough: a wall is a
 * screen in a room, not a phone in a pocket.
 */
export interface WallEvent {
  name: string;
  title: string;
  cover: string;
  public_id: string;
  visibility: EventVisibility;
  owner_uid: string | null;
  suspended_at: Date | null;
  wall_key: string | null;
}

/** The event behind a wall's address, and a fingerprint of what its wall shows. */
export interface WallState extends WallEvent {
  /** Changes whenever a medium joins or leaves the wall, or its title or cover changes. */
  version: string;
}

/** Whether `given` is the event's wall key (compared in constant time). */
export function isWallKey(stored: string | null, given: string | null | undefined): boolean {
  if (stored === null || !given) return false;
  const digest = (value: string) => crypto.createHash('sha256').update(value).digest();
  return crypto.timingSafeEqual(digest(stored), digest(given));
}

/** How the wall opens for this viewer: by its link's key, as the event's own viewer (public, owner, team), or not at all. */
export async function wallOpening(event: WallEvent, viewer: Viewer, key: string | null | undefined): Promise<'key' | 'viewer' | null> {
  // A suspended event (its paid order refunded) is the team's alone: its wall link shows nothing.
  if (event.suspended_at === null && isWallKey(event.wall_key, key)) return 'key';
  // No grant counts here: only the public, the owner and the team (domain/eventAccess.ts).
  return (await decideOpening(event, viewer, false)) === 'open' ? 'viewer' : null;
}

/** What of the event `wallOpening` reads, and the event itself: while it stays the same, so does every viewer's decision. */
export function wallOpeningKey(event: WallEvent): string {
  return `${event.name} ${openingKey(event)} ${event.wall_key ?? ''}`;
}

/** The event at a wall's address (its public id) with its wall's version, in one query; null for an unknown one. */
export async function wallState(db: Queryable, publicId: string): Promise<WallState | null> {
  const { rows } = await db.query<WallEvent & { items: number; newest: string; ids: string }>(
    `SELECT e.name, e.title, e.cover, e.public_id, e.visibility, e.owner_uid, e.suspended_at, e.wall_key, w.items, w.newest, w.ids
       FROM events e
       CROSS JOIN LATERAL (
         SELECT count(*)::int AS items, coalesce(max(m.id), 0)::text AS newest, coalesce(sum(m.id), 0)::text AS ids
           FROM media m WHERE m.event_name = e.name AND ${LISTED_M}
       ) w
      WHERE e.public_id = $1`,
    [publicId],
  );
  const row = rows[0];
  if (!row) return null;
  const { items, newest, ids, ...event } = row;
  const looks = crypto.createHash('sha256').update(`${event.title}\n${event.cover}`).digest('base64url').slice(0, 8);
  return { ...event, version: `${items}-${newest}-${ids}-${looks}` };
}

/** The wall's media URLs: the event's newest booth media of every mode, newest first, at most WALL_HISTORY. */
export async function wallMedia(db: Queryable, bname: string): Promise<string[]> {
  const { rows } = await db.query<Pick<MediaRow, 'event_name' | 'mode' | 'file'>>(
    `SELECT event_name, mode, file FROM media m WHERE event_name = $1 AND ${LISTED_M} ORDER BY created_at DESC, id DESC LIMIT $2`,
    [bname, WALL_HISTORY],
  );
  return rows.map(toUrl);
}

/** A new wall link for the event: the old one, if any, stops opening it. Returns the key. */
export async function renewWallKey(db: Queryable, bname: string): Promise<string> {
  const key = randomString(WALL_KEY_LENGTH, URL_SAFE);
  await db.query('UPDATE events SET wall_key = $2 WHERE name = $1', [bname, key]);
  return key;
}

/** The wall link stops opening the wall (and its files), on every screen that shows it. */
export async function revokeWallKey(db: Queryable, bname: string): Promise<void> {
  await db.query('UPDATE events SET wall_key = NULL WHERE name = $1', [bname]);
}
