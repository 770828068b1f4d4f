import crypto from 'node:crypto';
import { URL_SAFE, randomString } from '../../../../contract/randomId';
import { WALL_HISTORY, WALL_KEY_LENGTH } from '../../../../contract/wall';
import type { MediaRef } from '../../../../contract/mediaPath';
import type { EventVisibility } from '../../../../contract/wire';
import type { Queryable } from '../../platform/db/database';
import { decideOpening, openingKey, type Viewer } from '../access';
import { ON_WALL_M, type MediaRow, toUrl } from '../media';
import type { EventName } from '../../../../contract/names';

/**
 * An event's live wall ('Telão'): a TV at the venue showing its booths' newest media.
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

/**
 * How the wall opens for this viewer: by its link's key, as the event's own viewer (public, owner, team), or not at
 * all.
 */
export async function wallOpening(
  event: WallEvent,
  viewer: Viewer,
  key: string | null | undefined,
): Promise<'key' | 'viewer' | null> {
  // A suspended event (its paid order refunded) is the team's alone: its wall link shows nothing.
  if (event.suspended_at === null && isWallKey(event.wall_key, key)) return 'key';
  // No grant counts here: only the public, the owner and the team (modules/access/eventAccess.ts).
  return (await decideOpening(event, viewer, false)) === 'open' ? 'viewer' : null;
}

/**
 * What of the event `wallOpening` reads, and the event itself: while it stays the same, so does every viewer's
 * decision.
 */
export function wallOpeningKey(event: WallEvent): string {
  return `${event.name} ${openingKey(event)} ${event.wall_key ?? ''}`;
}

/** The event at a wall's address (its public id) with its wall's version, in one query; null for an unknown one. */
export async function wallState(db: Queryable, publicId: string): Promise<WallState | null> {
  const { rows } = await db.query<WallEvent & { items: number; newest: string; ids: string }>(
    `SELECT e.name, e.title, e.cover, e.public_id, e.visibility, e.owner_uid, e.suspended_at, e.wall_key, w.items,
      w.newest, w.ids
       FROM events e
       CROSS JOIN LATERAL (
         SELECT count(*)::int AS items, coalesce(max(m.id), 0)::text AS newest, coalesce(sum(m.id), 0)::text AS ids
           FROM media m WHERE m.event_name = e.name AND ${ON_WALL_M}
       ) w
      WHERE e.public_id = $1`,
    [publicId],
  );
  const row = rows[0];
  if (!row) return null;
  const { items, newest, ids, ...event } = row;
  // What decides the QR codes' links (the visibility: modules/wall/wallCodes.ts) moves it too.
  const looks = crypto
    .createHash('sha256')
    .update(`${event.title}\n${event.cover}\n${event.visibility}`)
    .digest('base64url')
    .slice(0, 8);
  return { ...event, version: `${items}-${newest}-${ids}-${looks}` };
}

/**
 * A medium on the wall: its URL, where it is in the night, and whether its QR code needs a wall code
 * (modules/wall/wallCodes.ts).
 */
export interface WallMedium {
  url: string;
  ref: MediaRef;
  /**
   * Its own collect link would not open the event: a link-only or private event's photo stored before the guests'
   * access was last revoked, or under a guessable name.
   */
  coded: boolean;
  /** The night's pages after it start here (WALL_CURSOR_PATTERN). */
  cursor: string;
}

type WallMediumRow = Pick<MediaRow, 'id' | 'event_name' | 'mode' | 'file'> & { at: string; coded: boolean };

const WALL_MEDIUM = `m.id, m.event_name, m.mode, m.file,
       (extract(epoch FROM m.created_at) * 1000000)::bigint::text AS at,
       (e.visibility <> 'public'
        AND (NOT m.unguessable OR m.created_at <= coalesce(e.grants_reset_at, '-infinity'))) AS coded`;

const toWallMedium = (row: WallMediumRow): WallMedium => ({
  url: toUrl(row),
  ref: { eventName: row.event_name, mode: row.mode, file: row.file },
  coded: row.coded,
  cursor: `${row.at}-${row.id}`,
});

/** The wall's list: the event's newest booth media of every mode, newest first, at most WALL_HISTORY. */
export async function wallMedia(db: Queryable, eventName: EventName): Promise<WallMedium[]> {
  const { rows } = await db.query<WallMediumRow>(
    `SELECT ${WALL_MEDIUM} FROM media m JOIN events e ON e.name = m.event_name
      WHERE m.event_name = $1 AND ${ON_WALL_M} ORDER BY m.created_at DESC, m.id DESC LIMIT $2`,
    [eventName, WALL_HISTORY],
  );
  return rows.map(toWallMedium);
}

/** How many of the media hidden last the wall's list names (`withdrawn`): a screen holds a page or two of the night. */
const WITHDRAWN_NAMED = 100;

/** The event's booth media its owner hid, the latest hidden first (a wall holding one from the night lets it go). */
export async function withdrawnMedia(db: Queryable, eventName: string): Promise<string[]> {
  const { rows } = await db.query<Pick<MediaRow, 'event_name' | 'mode' | 'file'>>(
    `SELECT m.event_name, m.mode, m.file FROM media m
      WHERE m.event_name = $1 AND m.hidden_at IS NOT NULL AND m.role = 'booth'
      ORDER BY m.hidden_at DESC, m.id DESC LIMIT $2`,
    [eventName, WITHDRAWN_NAMED],
  );
  return rows.map(toUrl);
}

/**
 * A page of the wall's night: every booth medium of the event, oldest first, from the
 * start or after the medium of `after` (a cursor of WALL_CURSOR_PATTERN), at most `limit`; and
 * whether the night goes on after it.
 */
export async function wallNight(
  db: Queryable,
  eventName: EventName,
  after: string | null,
  limit: number,
): Promise<{ media: WallMedium[]; more: boolean }> {
  const [at, id] = after === null ? [null, null] : after.split('-');
  const { rows } = await db.query<WallMediumRow>(
    `SELECT ${WALL_MEDIUM} FROM media m JOIN events e ON e.name = m.event_name
      WHERE m.event_name = $1 AND ${ON_WALL_M}
        AND ($2::bigint IS NULL OR (m.created_at, m.id) > (timestamptz 'epoch' + $2::bigint * interval '1 microsecond',
          $3::bigint))
      ORDER BY m.created_at, m.id LIMIT $4`,
    [eventName, at, id, limit + 1],
  );
  return { media: rows.slice(0, limit).map(toWallMedium), more: rows.length > limit };
}

/** A new wall link for the event: the old one, if any, stops opening it. Returns the key. */
export async function renewWallKey(db: Queryable, eventName: EventName): Promise<string> {
  const key = randomString(WALL_KEY_LENGTH, URL_SAFE);
  await db.query('UPDATE events SET wall_key = $2 WHERE name = $1', [eventName, key]);
  return key;
}

/** The wall link stops opening the wall (and its files), on every screen that shows it. */
export async function revokeWallKey(db: Queryable, eventName: EventName): Promise<void> {
  await db.query('UPDATE events SET wall_key = NULL WHERE name = $1', [eventName]);
}
