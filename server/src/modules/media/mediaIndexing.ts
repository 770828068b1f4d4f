import { mediaUrl, type MediaKind, type MediaRef } from '../../../../contract/mediaPath';
import type { MediaMode } from '../../../../contract/modes';
import type { Database, Queryable } from '../../platform/db/database';
import { URL_OF_M, type MediaRow } from './media';
import type { EventName } from '../../../../contract/names';

/** The media index's rows written: a stored file indexed, an event's own images told apart, guests' results deleted. */

/**
 * The item stored under a random name in place of `sourceName` (a retried upload, a seed loaded
 * again): the same item, not a second one.
 */
export async function findBySourceName(
  db: Queryable,
  eventName: EventName,
  mode: MediaMode,
  sourceName: string,
): Promise<MediaRow | null> {
  // Never a guest's result: a booth upload of the same name is not that guest's file.
  const { rows } = await db.query<MediaRow>(
    "SELECT * FROM media WHERE event_name = $1 AND mode = $2 AND source_name = $3 AND role <> 'result' ORDER " +
      'BY id LIMIT 1',
    [eventName, mode, sourceName],
  );
  return rows[0] ?? null;
}

export interface NewMedia extends MediaRef {
  kind: MediaKind;
  width: number | null;
  height: number | null;
  hasThumb: boolean;
  deviceId: string | null;
  /** The name is random (see `storage/mediaStorage.ts` unguessableFileName); false by default. */
  unguessable?: boolean;
  /** The name asked for, when `file` is a random one chosen in its place. */
  sourceName?: string | null;
  /** A guest's own result (the mirror's image, a 360 video), not the event's booth media. */
  result?: boolean;
  /** Indexed with the job that makes its tile: out of the galleries until that job is done. */
  awaitingTile?: boolean;
}

/**
 * Indexes a stored file; a second upload of the same name is the same item. A file no device
 * uploaded that its event names as cover or profile is the event's own image, not a guest's.
 */
export async function insertMedia(db: Queryable, media: NewMedia): Promise<MediaRow> {
  const { rows } = await db.query<MediaRow>(
    `INSERT INTO media (event_name, mode, file, kind, width, height, has_thumb, device_id, role, unguessable,
      source_name, awaiting_tile)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8,
             CASE WHEN $12::boolean THEN 'result'
                  WHEN $8::text IS NULL AND EXISTS (SELECT 1 FROM events e WHERE e.name = $1 AND $9::text IN (e.cover,
                    e.profile))
                  THEN 'event' ELSE 'booth' END, $10, $11, $13)
     -- An item listed stays listed when it is sent again (its tile is made again on demand).
     ON CONFLICT (event_name, mode, file) DO UPDATE SET has_thumb = EXCLUDED.has_thumb, awaiting_tile =
       media.awaiting_tile AND EXCLUDED.awaiting_tile
     RETURNING *`,
    [
      media.eventName,
      media.mode,
      media.file,
      media.kind,
      media.width,
      media.height,
      media.hasThumb,
      media.deviceId,
      mediaUrl(media),
      media.unguessable ?? false,
      media.sourceName ?? null,
      media.result ?? false,
      media.awaitingTile ?? false,
    ],
  );
  return rows[0];
}

/** Indexes a stored file and, in the same transaction, what `alongside` adds (its derivatives' job). */
export function insertMediaWith(
  db: Database,
  media: NewMedia,
  alongside: (client: Queryable) => Promise<void>,
): Promise<MediaRow> {
  return db.transaction(async (client) => {
    const row = await insertMedia(client, media);
    await alongside(client);
    return row;
  });
}

/**
 * After the covers or profiles of these events changed: their files no device uploaded are the
 * event's own images exactly when they are its cover or profile now (the rule of `insertMedia`).
 */
export async function refreshEventImages(db: Queryable, events: readonly string[]): Promise<void> {
  await db.query(
    `UPDATE media m SET role = CASE WHEN ${URL_OF_M} IN (e.cover, e.profile) THEN 'event' ELSE 'booth' END
       FROM events e
      WHERE e.name = m.event_name AND e.name = ANY($1::text[]) AND m.device_id IS NULL
        AND m.role <> CASE WHEN ${URL_OF_M} IN (e.cover, e.profile) THEN 'event' ELSE 'booth' END`,
    [events],
  );
}

/**
 * Deletes the rows of guests' results (never booth or event media, whatever the URLs name): those
 * at these URLs (an erasure), or those stored before a time (the retention sweep). Answers what
 * was deleted, so that its files go once the transaction commits.
 */
export async function deleteResultMedia(
  db: Queryable,
  which: { urls: readonly string[] } | { createdBefore: Date },
): Promise<MediaRef[]> {
  if ('urls' in which && which.urls.length === 0) return [];
  const { rows } = await db.query<Pick<MediaRow, 'event_name' | 'mode' | 'file'>>(
    'urls' in which
      ? // Each URL read back as the media's key, so each row is found through the key's index.
        `DELETE FROM media m
          WHERE m.role = 'result'
            AND (m.event_name, m.mode, m.file) IN (SELECT split_part(u, '/', 3), split_part(u, '/', 4), split_part(u,
              '/', 5) FROM unnest($1::text[]) u)
            AND ${URL_OF_M} = ANY($1::text[])
          RETURNING m.event_name, m.mode, m.file`
      : `DELETE FROM media WHERE role = 'result' AND created_at < $1::timestamptz RETURNING event_name, mode, file`,
    ['urls' in which ? which.urls : which.createdBefore.toISOString()],
  );
  return rows.map((row) => ({ eventName: row.event_name, mode: row.mode, file: row.file }));
}
