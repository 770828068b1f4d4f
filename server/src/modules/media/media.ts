import type { EventVisibility } from '../../../../contract/wire';
import { mediaUrl, type MediaKind, type MediaRef } from '../../../../contract/mediaPath';
import type { MediaMode } from '../../../../contract/modes';
import type { Database, Queryable } from '../../platform/db/database';

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
const URL_OF_M = `'/media/' || m.event_name || '/' || m.mode || '/' || m.file`;

export const toUrl = (row: Pick<MediaRow, 'event_name' | 'mode' | 'file'>) =>
  mediaUrl({ bname: row.event_name, mode: row.mode, file: row.file });

/**
 * What a booth's gallery lists of media row `m`: the booth's photos and videos (never the event's
 * own images or a guest's results), each once its tile is made (migration 0018).
 */
export const LISTED_M = `m.role = 'booth' AND NOT m.awaiting_tile`;

/** A booth's media URLs, oldest first (the SPA shows them newest first). */
export async function listMedia(db: Queryable, bname: string, mode: MediaMode): Promise<string[]> {
  const { rows } = await db.query<MediaRow>(
    `SELECT event_name, mode, file FROM media m WHERE event_name = $1 AND mode = $2 AND ${LISTED_M} ORDER BY created_at, id`,
    [bname, mode],
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
export async function galleryState(db: Queryable, bname: string, mode: MediaMode): Promise<GalleryState | null> {
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
    [bname, mode],
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

/** How many files an event's media holds, all of them (booth media, its own images, guests' results): one indexed count. */
export async function countEventMedia(db: Queryable, bname: string): Promise<number> {
  const { rows } = await db.query<{ files: number }>('SELECT count(*)::int AS files FROM media WHERE event_name = $1', [
    bname,
  ]);
  return rows[0].files;
}

/** Which of `refs` are media the server holds, in one query: a collection may name files erased since. */
export async function existingMedia(db: Queryable, refs: readonly MediaRef[]): Promise<Set<string>> {
  if (refs.length === 0) return new Set();
  const { rows } = await db.query<MediaRow>(
    `SELECT m.event_name, m.mode, m.file FROM media m
       JOIN unnest($1::text[], $2::text[], $3::text[]) AS asked(event_name, mode, file)
         ON m.event_name = asked.event_name AND m.mode = asked.mode AND m.file = asked.file`,
    [refs.map((ref) => ref.bname), refs.map((ref) => ref.mode), refs.map((ref) => ref.file)],
  );
  return new Set(rows.map(toUrl));
}

/** The newest media a device uploaded for an event: zero or one URL. */
export async function deviceLastMedia(db: Queryable, bname: string, device: string): Promise<string[]> {
  const { rows } = await db.query<MediaRow>(
    `SELECT event_name, mode, file FROM media WHERE device_id = $1 AND event_name = $2 AND role = 'booth'
      ORDER BY created_at DESC, id DESC LIMIT 1`,
    [device, bname],
  );
  return rows.map(toUrl);
}

/**
 * The newest video a 360 platform made for the visitor `agent` at an event (their results, which
 * outlive the platform's session): zero or one URL. Only the visitor's own: never the platform's
 * last video, which may be the previous guest's.
 */
export async function agentVideoOf(db: Queryable, agent: string, bname: string, device: string): Promise<string[]> {
  const { rows } = await db.query<{ url: string }>(
    // The result's URL read back as the media's key ('/media/{bname}/{mode}/{file}'), so each of
    // the visitor's few results finds its media row through the key's index.
    `SELECT r.url FROM agent_results r
       JOIN media m ON m.event_name = split_part(r.url, '/', 3) AND m.mode = split_part(r.url, '/', 4) AND m.file = split_part(r.url, '/', 5)
      WHERE r.agent = $1 AND r.kind = '360' AND r.url = ${URL_OF_M} AND m.event_name = $2 AND m.device_id = $3
      ORDER BY r.created_at DESC, r.id DESC LIMIT 1`,
    [agent, bname, device],
  );
  return rows.map((row) => row.url);
}

export async function findMedia(db: Queryable, ref: MediaRef): Promise<MediaRow | null> {
  const { rows } = await db.query<MediaRow>('SELECT * FROM media WHERE event_name = $1 AND mode = $2 AND file = $3', [
    ref.bname,
    ref.mode,
    ref.file,
  ]);
  return rows[0] ?? null;
}

/** The media, unless its event is suspended (its paid order refunded): such a photo is as good as gone, nothing prints it. */
export async function findPrintableMedia(db: Queryable, ref: MediaRef): Promise<MediaRow | null> {
  const { rows } = await db.query<MediaRow>(
    `SELECT m.* FROM media m JOIN events e ON e.name = m.event_name
      WHERE m.event_name = $1 AND m.mode = $2 AND m.file = $3 AND e.suspended_at IS NULL`,
    [ref.bname, ref.mode, ref.file],
  );
  return rows[0] ?? null;
}

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
  bname: string,
  mode: MediaMode,
  limit: number,
): Promise<PublicGalleryHead | null> {
  const { rows } = await db.query<{ title: string; file: string; kind: MediaKind; has_thumb: boolean; total: string }>(
    `SELECT e.title, m.file, m.kind, m.has_thumb, count(*) OVER () AS total
       FROM events e JOIN media m ON m.event_name = e.name
      WHERE e.name = $1 AND e.visibility = 'public' AND e.suspended_at IS NULL AND $2 = ANY (e.devices) AND m.mode = $2 AND ${LISTED_M}
      ORDER BY m.created_at DESC, m.id DESC
      LIMIT $3`,
    [bname, mode, limit],
  );
  if (rows.length === 0) return null;
  return {
    displayTitle: rows[0].title || bname,
    total: Number(rows[0].total),
    newest: rows.map((row) => ({ ref: { bname, mode, file: row.file }, kind: row.kind, hasThumb: row.has_thumb })),
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

/** The media row, when it exists and its event is public (one indexed lookup). */
export async function publicMedia(db: Queryable, ref: MediaRef): Promise<PublicMedia | null> {
  const { rows } = await db.query<PublicMedia>(
    `SELECT m.kind, m.has_thumb, m.width, m.height
       FROM media m JOIN events e ON e.name = m.event_name
      WHERE m.event_name = $1 AND m.mode = $2 AND m.file = $3 AND e.visibility = 'public' AND e.suspended_at IS NULL`,
    [ref.bname, ref.mode, ref.file],
  );
  return rows[0] ?? null;
}

/**
 * The item stored under a random name in place of `sourceName` (a retried upload, a seed loaded
 * again): the same item, not a second one.
 */
export async function findBySourceName(
  db: Queryable,
  bname: string,
  mode: MediaMode,
  sourceName: string,
): Promise<MediaRow | null> {
  // Never a guest's result: a booth upload of the same name is not that guest's file.
  const { rows } = await db.query<MediaRow>(
    "SELECT * FROM media WHERE event_name = $1 AND mode = $2 AND source_name = $3 AND role <> 'result' ORDER BY id LIMIT 1",
    [bname, mode, sourceName],
  );
  return rows[0] ?? null;
}

export interface NewMedia extends MediaRef {
  kind: MediaKind;
  width: number | null;
  height: number | null;
  hasThumb: boolean;
  deviceId: string | null;
  /** The name is random (see `modules/media/storage/mediaStorage.ts` unguessableFileName); false by default. */
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
    `INSERT INTO media (event_name, mode, file, kind, width, height, has_thumb, device_id, role, unguessable, source_name, awaiting_tile)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8,
             CASE WHEN $12::boolean THEN 'result'
                  WHEN $8::text IS NULL AND EXISTS (SELECT 1 FROM events e WHERE e.name = $1 AND $9::text IN (e.cover, e.profile))
                  THEN 'event' ELSE 'booth' END, $10, $11, $13)
     -- An item listed stays listed when it is sent again (its tile is made again on demand).
     ON CONFLICT (event_name, mode, file) DO UPDATE SET has_thumb = EXCLUDED.has_thumb, awaiting_tile = media.awaiting_tile AND EXCLUDED.awaiting_tile
     RETURNING *`,
    [
      media.bname,
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
            AND (m.event_name, m.mode, m.file) IN (SELECT split_part(u, '/', 3), split_part(u, '/', 4), split_part(u, '/', 5) FROM unnest($1::text[]) u)
            AND ${URL_OF_M} = ANY($1::text[])
          RETURNING m.event_name, m.mode, m.file`
      : `DELETE FROM media WHERE role = 'result' AND created_at < $1::timestamptz RETURNING event_name, mode, file`,
    ['urls' in which ? which.urls : which.createdBefore.toISOString()],
  );
  return rows.map((row) => ({ bname: row.event_name, mode: row.mode, file: row.file }));
}

/**
 * What a file's job made (modules/media/jobs/mediaDerivativesJob.ts): its thumbnail, and a video's size read from
 * its poster; the item joins its galleries. Written only when it changes something, so a job run
 * again tells no cache anything.
 */
export async function recordDerivatives(
  db: Queryable,
  ref: MediaRef,
  made: { hasThumb: boolean; width: number | null; height: number | null },
): Promise<void> {
  await db.query(
    `UPDATE media SET has_thumb = $4, width = COALESCE(width, $5), height = COALESCE(height, $6), awaiting_tile = false
      WHERE event_name = $1 AND mode = $2 AND file = $3
        AND (has_thumb <> $4 OR awaiting_tile OR (width IS NULL AND $5::integer IS NOT NULL) OR (height IS NULL AND $6::integer IS NOT NULL))`,
    [ref.bname, ref.mode, ref.file, made.hasThumb, made.width, made.height],
  );
}

/**
 * Lists the uploads still waiting for a tile after `seconds` (modules/media/jobs/tileSweepJob.ts); answers how many.
 */
export async function listStaleAwaitingTile(db: Queryable, seconds: number): Promise<number> {
  // Asked first (the partial index, a probe): a sweep with nothing to list writes nothing, for a
  // statement that writes to media makes this server's caches forget everything.
  const due = await db.query(
    'SELECT 1 FROM media WHERE awaiting_tile AND created_at < now() - make_interval(secs => $1) LIMIT 1',
    [seconds],
  );
  if (due.rowCount === 0) return 0;
  const { rowCount } = await db.query(
    'UPDATE media SET awaiting_tile = false WHERE awaiting_tile AND created_at < now() - make_interval(secs => $1)',
    [seconds],
  );
  return rowCount ?? 0;
}

/**
 * The item joins its galleries without a tile made by its job: its file never decodes, or the
 * job gave up (its tile is tried again when a phone asks for it).
 */
export async function listWithoutTile(db: Queryable, ref: MediaRef): Promise<void> {
  await db.query(
    'UPDATE media SET awaiting_tile = false WHERE event_name = $1 AND mode = $2 AND file = $3 AND awaiting_tile',
    [ref.bname, ref.mode, ref.file],
  );
}
