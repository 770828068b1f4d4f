import type { MediaKind, MediaRef } from '../../../../contract/mediaPath';
import type { MediaMode } from '../../../../contract/modes';
import type { Queryable } from '../../platform/db/database';
import { LISTED_M, SHOWN_M } from './media';
import type { EventName } from '../../../../contract/names';

/** What the pages of a public event's media may say before any script runs: read only where anyone may see them. */

/**
 * A public event's booth as its gallery's page may draw it before any script runs
 * (modules/firstPaint/http/galleryShell.ts).
 */
export interface PublicGalleryHead {
  /** What people read: the event's title, or its name. */
  displayTitle: string;
  /** How many items the gallery holds. */
  total: number;
  /** Its newest items, newest first (the SPA's order), as many as asked for. */
  newest: { ref: MediaRef; kind: MediaKind; hasThumb: boolean }[];
}

/**
 * The newest `limit` items of a booth of a public event that has that booth, and the count of
 * all of them (one query on the gallery's index); null for any other event, booth or an empty one.
 */
export async function publicGalleryHead(
  db: Queryable,
  eventName: EventName,
  mode: MediaMode,
  limit: number,
): Promise<PublicGalleryHead | null> {
  const { rows } = await db.query<{ title: string; file: string; kind: MediaKind; has_thumb: boolean; total: string }>(
    `SELECT e.title, m.file, m.kind, m.has_thumb, count(*) OVER () AS total
       FROM events e JOIN media m ON m.event_name = e.name
      WHERE e.name = $1 AND e.visibility = 'public' AND e.suspended_at IS NULL AND $2 = ANY (e.devices) AND m.mode = $2
        AND ${LISTED_M}
      ORDER BY m.created_at DESC, m.id DESC
      LIMIT $3`,
    [eventName, mode, limit],
  );
  if (rows.length === 0) return null;
  return {
    displayTitle: rows[0].title || eventName,
    total: Number(rows[0].total),
    newest: rows.map((row) => ({ ref: { eventName, mode, file: row.file }, kind: row.kind, hasThumb: row.has_thumb })),
  };
}

/**
 * What a page may announce of a public event's media before any script runs
 * (modules/firstPaint/http/collectPreload.ts).
 */
export interface PublicMedia {
  kind: string;
  has_thumb: boolean;
  width: number | null;
  height: number | null;
}

/** The media row, when it exists, is not hidden and its event is public (one indexed lookup). */
export async function publicMedia(db: Queryable, ref: MediaRef): Promise<PublicMedia | null> {
  const { rows } = await db.query<PublicMedia>(
    `SELECT m.kind, m.has_thumb, m.width, m.height
       FROM media m JOIN events e ON e.name = m.event_name
      WHERE m.event_name = $1 AND m.mode = $2 AND m.file = $3 AND e.visibility = 'public' AND e.suspended_at IS NULL
        AND ${SHOWN_M}`,
    [ref.eventName, ref.mode, ref.file],
  );
  return rows[0] ?? null;
}
