import type { MediaRef } from '../../../contract/mediaPath';
import type { MediaMode } from '../../../contract/modes';
import type { Database, Queryable } from '../db/database';
import type { FoundFace } from '../faces/faceModel';
import { descriptorBytes } from '../faces/faceMatch';

/**
 * The face index of an event's booth photos (issue 28, migration 0022): a photo waits, is claimed
 * by a worker, and is indexed with the faces found in it (their boxes and descriptors only).
 */

/** A photo a worker claimed but did not finish in this long is taken again (its server died). */
const CLAIM_EXPIRES = "interval '5 minutes'";

/** The booth photos face search indexes: still images of the event's booths (no GIF, no video, no guest's result). */
const INDEXED_MEDIA = `m.role = 'booth' AND m.kind = 'image'`;

/**
 * Turns face search on or off for an event. On: every booth photo it has waits to be indexed, and
 * `queued` schedules the work in the same transaction. Off: every face kept of its photos is
 * deleted at once. Answers how many photos now wait.
 */
export async function setFaceSearch(db: Database, bname: string, on: boolean, queued: (client: Queryable) => Promise<void>): Promise<number> {
  return db.transaction(async (client) => {
    await client.query('UPDATE events SET face_search = $2 WHERE name = $1', [bname, on]);
    if (!on) {
      await client.query('DELETE FROM face_photos WHERE event_name = $1', [bname]);
      return 0;
    }
    await client.query(
      `INSERT INTO face_photos (media_id, event_name)
       SELECT m.id, m.event_name FROM media m WHERE m.event_name = $1 AND ${INDEXED_MEDIA}
       ON CONFLICT (media_id) DO NOTHING`,
      [bname],
    );
    // Those just added, and any left waiting (turned on again, the work goes on).
    const { rows } = await client.query<{ waiting: number }>(
      `SELECT count(*)::int AS waiting FROM face_photos WHERE event_name = $1 AND status IN ('waiting', 'indexing')`,
      [bname],
    );
    if (rows[0].waiting > 0) await queued(client);
    return rows[0].waiting;
  });
}

/**
 * A new booth photo, in the transaction that indexes it: when its event has face search on, it
 * waits to be indexed and `queued` schedules the work. Answers whether it waits.
 */
export async function photoJoinsFaceIndex(client: Queryable, ref: MediaRef, queued: () => Promise<void>): Promise<boolean> {
  const { rowCount } = await client.query(
    `INSERT INTO face_photos (media_id, event_name)
     SELECT m.id, m.event_name FROM media m JOIN events e ON e.name = m.event_name
      WHERE m.event_name = $1 AND m.mode = $2 AND m.file = $3 AND e.face_search AND ${INDEXED_MEDIA}
     ON CONFLICT (media_id) DO NOTHING`,
    [ref.bname, ref.mode, ref.file],
  );
  if (!rowCount) return false;
  await queued();
  return true;
}

/** A photo claimed for indexing: its row and where its bytes are. */
export interface ClaimedPhoto {
  mediaId: number;
  ref: MediaRef;
}

/** Claims the event's next photo to index (oldest first; one a dead worker held, again), or null when none waits. */
export async function claimPhotoToIndex(db: Queryable, bname: string): Promise<ClaimedPhoto | null> {
  const { rows } = await db.query<{ media_id: string; event_name: string; mode: MediaMode; file: string }>(
    `WITH next AS (
       SELECT f.media_id FROM face_photos f
        WHERE f.event_name = $1 AND (f.status = 'waiting' OR (f.status = 'indexing' AND f.claimed_at < now() - ${CLAIM_EXPIRES}))
        ORDER BY f.media_id LIMIT 1 FOR UPDATE SKIP LOCKED)
     UPDATE face_photos f SET status = 'indexing', claimed_at = now()
       FROM next, media m WHERE f.media_id = next.media_id AND m.id = f.media_id
     RETURNING f.media_id, m.event_name, m.mode, m.file`,
    [bname],
  );
  const row = rows[0];
  return row ? { mediaId: Number(row.media_id), ref: { bname: row.event_name, mode: row.mode, file: row.file } } : null;
}

/**
 * Keeps the faces found in a claimed photo, and marks it indexed, in one transaction; nothing when
 * the photo left the index meanwhile (face search turned off, the photo deleted).
 */
export async function recordFaces(db: Database, photo: ClaimedPhoto, faces: readonly FoundFace[]): Promise<void> {
  await db.transaction(async (client) => {
    const { rowCount } = await client.query(
      `UPDATE face_photos SET status = 'indexed', faces = $2, indexed_at = now(), claimed_at = NULL WHERE media_id = $1 AND status = 'indexing'`,
      [photo.mediaId, faces.length],
    );
    if (!rowCount) return;
    await client.query('DELETE FROM face_descriptors WHERE media_id = $1', [photo.mediaId]);
    for (const face of faces) {
      await client.query('INSERT INTO face_descriptors (media_id, event_name, box, descriptor) VALUES ($1, $2, $3, $4)', [
        photo.mediaId,
        photo.ref.bname,
        face.box,
        descriptorBytes(face.descriptor),
      ]);
    }
  });
}

/** A claimed photo the model cannot read (or whose bytes are gone): it stays out of the index, and is not tried again. */
export async function markUnreadable(db: Queryable, photo: ClaimedPhoto): Promise<void> {
  // Any face kept of it before (its bytes since replaced) goes with it.
  await db.query(
    `WITH marked AS (
       UPDATE face_photos SET status = 'unreadable', faces = 0, claimed_at = NULL, indexed_at = now()
        WHERE media_id = $1 AND status = 'indexing' RETURNING media_id)
     DELETE FROM face_descriptors d USING marked WHERE d.media_id = marked.media_id`,
    [photo.mediaId],
  );
}

/** Gives a claimed photo back to the queue (the store did not answer): the next job takes it. */
export async function releasePhoto(db: Queryable, photo: ClaimedPhoto): Promise<void> {
  await db.query(`UPDATE face_photos SET status = 'waiting', claimed_at = NULL WHERE media_id = $1 AND status = 'indexing'`, [photo.mediaId]);
}

/** How an event's face search stands, for its owner and the team. */
export interface FaceSearchStatus {
  enabled: boolean;
  indexed: number;
  waiting: number;
  faces: number;
}

export async function faceSearchStatus(db: Queryable, bname: string): Promise<FaceSearchStatus> {
  const { rows } = await db.query<FaceSearchStatus>(
    `SELECT e.face_search AS enabled,
            count(f.media_id) FILTER (WHERE f.status IN ('indexed', 'unreadable'))::int AS indexed,
            count(f.media_id) FILTER (WHERE f.status IN ('waiting', 'indexing'))::int AS waiting,
            coalesce(sum(f.faces), 0)::int AS faces
       FROM events e LEFT JOIN face_photos f ON f.event_name = e.name
      WHERE e.name = $1 GROUP BY e.face_search`,
    [bname],
  );
  return rows[0] ?? { enabled: false, indexed: 0, waiting: 0, faces: 0 };
}
