import type { EventVisibility } from '../../../../contract/wire';
import { mediaUrl, type MediaKind, type MediaRef } from '../../../../contract/mediaPath';
import type { MediaMode } from '../../../../contract/modes';
import type { Queryable } from '../../platform/db/database';
import type { EventName } from '../../../../contract/names';

export interface MediaRow {
  id: number;
  event_name: string;
  mode: MediaMode;
  file: string;
  kind: MediaKind;
  device_id: string | null;
  role: MediaRole;
  /** Stored under a random name (its event was not public then): migration 0009. */
  unguessable: boolean;
  /** The name the device or the seed asked for, when it was stored under another. */
  source_name: string | null;
}

/**
 * 'booth': what a booth took, a guest's media (galleries, event cards). 'event': one of the event's
 * own images (cover, profile), stored beside the booth media but never a guest's (migration 0003).
 * 'result': what the AI mirror or the 360 platform made for one guest, theirs alone: under a random
 * name, in no gallery (migration 0013).
 */
type MediaRole = 'booth' | 'event' | 'result';

/** The URL of media row `m` in SQL, as `mediaUrl` builds it. */
export const URL_OF_M = `'/media/' || m.event_name || '/' || m.mode || '/' || m.file`;

export const toUrl = (row: Pick<MediaRow, 'event_name' | 'mode' | 'file'>) =>
  mediaUrl({ eventName: row.event_name, mode: row.mode, file: row.file });

/** Media row `m` is not hidden by the event's owner or the team (docs/product.md#moderation, migration 0035). */
export const SHOWN_M = `m.hidden_at IS NULL`;

/**
 * What the wall shows of media row `m`: the booth's photos and videos (never the event's own
 * images or a guest's results), each once its tile is made (migration 0018), neither hidden nor
 * waiting for the owner's approval (migration 0035).
 */
export const ON_WALL_M = `m.role = 'booth' AND NOT m.awaiting_tile AND ${SHOWN_M} AND NOT m.awaiting_approval`;

/**
 * What a booth's gallery lists of media row `m`: as the wall, except that a photo waiting for the
 * owner's approval is listed unless the owner holds the galleries too (`events.hold_galleries`).
 */
export const LISTED_M =
  `m.role = 'booth' AND NOT m.awaiting_tile AND ${SHOWN_M} AND (NOT m.awaiting_approval OR NOT EXISTS ` +
  `(SELECT 1 FROM events held WHERE held.name = m.event_name AND held.hold_galleries))`;

/** A booth's media URLs, oldest first (the SPA shows them newest first). */
export async function listMedia(db: Queryable, eventName: EventName, mode: MediaMode): Promise<string[]> {
  const { rows } = await db.query<MediaRow>(
    `SELECT event_name, mode, file FROM media m WHERE event_name = $1 AND mode = $2 AND ${LISTED_M} ORDER BY ` +
      `created_at, id`,
    [eventName, mode],
  );
  return rows.map(toUrl);
}

/** What a gallery poll needs to know: who may open the event, and a fingerprint of its list. */
export interface GalleryState {
  visibility: EventVisibility;
  owner_uid: string | null;
  suspended_at: Date | null;
  /** Changes whenever an item joins or leaves what `listMedia` answers. */
  version: string;
}

/**
 * The event's visibility and a fingerprint of its gallery, read with one small query on the
 * gallery's index and without building the list; null for an unknown event. A gallery polled
 * every few seconds is answered "not modified" from it (kept in memory: platform/db/liveCache.ts).
 */
export async function galleryState(db: Queryable, eventName: EventName, mode: MediaMode): Promise<GalleryState | null> {
  const { rows } = await db.query<{
    visibility: EventVisibility;
    owner_uid: string | null;
    suspended_at: Date | null;
    items: number;
    newest: string;
    ids: string;
  }>(
    `SELECT e.visibility, e.owner_uid, e.suspended_at, g.items, g.newest, g.ids
       FROM events e
       CROSS JOIN LATERAL (
         SELECT count(*)::int AS items, coalesce(max(m.id), 0)::text AS newest, coalesce(sum(m.id), 0)::text AS ids
           FROM media m WHERE m.event_name = e.name AND m.mode = $2 AND ${LISTED_M}
       ) g
      WHERE e.name = $1`,
    [eventName, mode],
  );
  const row = rows[0];
  return row
    ? {
        visibility: row.visibility,
        owner_uid: row.owner_uid,
        suspended_at: row.suspended_at,
        version: `${row.items}-${row.newest}-${row.ids}`,
      }
    : null;
}

/**
 * How many files an event's media holds, all of them (booth media, its own images, guests' results): one indexed count.
 */
export async function countEventMedia(db: Queryable, eventName: EventName): Promise<number> {
  const { rows } = await db.query<{ files: number }>('SELECT count(*)::int AS files FROM media WHERE event_name = $1', [
    eventName,
  ]);
  return rows[0].files;
}

/**
 * Which of `refs` are media the server holds, in one query: a collection may name files erased since. A hidden one
 * (docs/product.md#moderation) counts only with `hiddenToo`: it stays in a collection, but is in no ZIP.
 */
export async function existingMedia(db: Queryable, refs: readonly MediaRef[], hiddenToo = true): Promise<Set<string>> {
  if (refs.length === 0) return new Set();
  const { rows } = await db.query<MediaRow>(
    `SELECT m.event_name, m.mode, m.file FROM media m
       JOIN unnest($1::text[], $2::text[], $3::text[]) AS asked(event_name, mode, file)
         ON m.event_name = asked.event_name AND m.mode = asked.mode AND m.file = asked.file
      WHERE $4::boolean OR ${SHOWN_M}`,
    [refs.map((ref) => ref.eventName), refs.map((ref) => ref.mode), refs.map((ref) => ref.file), hiddenToo],
  );
  return new Set(rows.map(toUrl));
}

/** The newest media a device uploaded for an event: zero or one URL. */
export async function deviceLastMedia(db: Queryable, eventName: EventName, device: string): Promise<string[]> {
  const { rows } = await db.query<MediaRow>(
    `SELECT event_name, mode, file FROM media m
      WHERE device_id = $1 AND event_name = $2 AND role = 'booth' AND ${SHOWN_M}
      ORDER BY created_at DESC, id DESC LIMIT 1`,
    [device, eventName],
  );
  return rows.map(toUrl);
}

/**
 * The newest video a 360 platform made for the visitor `agent` at an event (their results, which
 * outlive the platform's session): zero or one URL. Only the visitor's own: never the platform's
 * last video, which may be the previous guest's.
 */
export async function agentVideoOf(
  db: Queryable,
  agent: string,
  eventName: EventName,
  device: string,
): Promise<string[]> {
  const { rows } = await db.query<{ url: string }>(
    // The result's URL read back as the media's key ('/media/{bname}/{mode}/{file}'), so each of
    // the visitor's few results finds its media row through the key's index.
    `SELECT r.url FROM agent_results r
       JOIN media m ON m.event_name = split_part(r.url, '/', 3) AND m.mode = split_part(r.url, '/', 4) AND m.file =
         split_part(r.url, '/', 5)
      WHERE r.agent = $1 AND r.kind = '360' AND r.url = ${URL_OF_M} AND m.event_name = $2 AND m.device_id = $3
        AND ${SHOWN_M}
      ORDER BY r.created_at DESC, r.id DESC LIMIT 1`,
    [agent, eventName, device],
  );
  return rows.map((row) => row.url);
}

export async function findMedia(db: Queryable, ref: MediaRef): Promise<MediaRow | null> {
  const { rows } = await db.query<MediaRow>('SELECT * FROM media WHERE event_name = $1 AND mode = $2 AND file = $3', [
    ref.eventName,
    ref.mode,
    ref.file,
  ]);
  return rows[0] ?? null;
}

/**
 * The media, unless its event is suspended (its paid order refunded) or the owner hid it (docs/product.md#moderation):
 * such a photo is as good as gone, nothing prints it.
 */
export async function findPrintableMedia(db: Queryable, ref: MediaRef): Promise<MediaRow | null> {
  const { rows } = await db.query<MediaRow>(
    `SELECT m.* FROM media m JOIN events e ON e.name = m.event_name
      WHERE m.event_name = $1 AND m.mode = $2 AND m.file = $3 AND e.suspended_at IS NULL AND ${SHOWN_M}`,
    [ref.eventName, ref.mode, ref.file],
  );
  return rows[0] ?? null;
}

/** The files of an event its owner or the team hid, as `{mode}/{file}` (the media gate asks: modules/access). */
export async function hiddenFiles(db: Queryable, eventName: string): Promise<Set<string>> {
  const { rows } = await db.query<{ key: string }>(
    `SELECT m.mode || '/' || m.file AS key FROM media m WHERE m.event_name = $1 AND m.hidden_at IS NOT NULL`,
    [eventName],
  );
  return new Set(rows.map((row) => row.key));
}
