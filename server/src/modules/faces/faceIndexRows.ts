import type { MediaRef } from '../../../../contract/mediaPath';
import type { MediaMode } from '../../../../contract/modes';
import type { Database, Queryable } from '../../platform/db/database';
import type { FoundFace } from './model/faceModel';
import { descriptorBytes } from './model/faceMatch';
import { hidePhotoOfHiddenFaces } from './faceHiding';
import type { EventName } from '../../../../contract/names';

/**
 * The face index of an event's booth photos (migrations 0022 and 0024): a photo waits,
 * is claimed by a worker, and is indexed with the faces found in it (their boxes and descriptors
 * only), or left out as unreadable.
 */

/** A photo a worker claimed but did not finish in this long is taken again (its server died). */
export const CLAIM_EXPIRES_SECONDS = 300;
const CLAIM_EXPIRES = `make_interval(secs => ${CLAIM_EXPIRES_SECONDS})`;

/** A photo claimed this many times without an answer (each took its worker down, say) is not claimed again. */
export const MAX_INDEX_ATTEMPTS = 3;

/** The booth photos face search indexes: still images of the event's booths (no GIF, no video, no guest's result). */
const INDEXED_MEDIA = `m.role = 'booth' AND m.kind = 'image'`;

/** A row a worker may claim: waiting, or claimed by a worker gone quiet past the expiry. */
const CLAIMABLE = `(f.status = 'waiting' OR (f.status = 'indexing' AND f.claimed_at < now() - ${CLAIM_EXPIRES}))`;

/** A row left out of the index: no faces, never claimed again. */
const LEFT_OUT = `status = 'unreadable', faces = 0, claimed_at = NULL, claimed_by = NULL, indexed_at = now()`;

/**
 * Turns face search on or off for an event. On: every booth photo it has waits to be indexed, and
 * `queued` schedules the work in the same transaction. Off: every face kept of its photos is
 * deleted at once. Answers how many photos now wait.
 */
export async function setFaceSearch(
  db: Database,
  eventName: EventName,
  on: boolean,
  queued: (client: Queryable) => Promise<void>,
): Promise<number> {
  return db.transaction(async (client) => {
    // First, so the event's row is locked (FOR NO KEY UPDATE, as any UPDATE of it) before anything
    // is read, to the commit: an upload reading the switch (photoJoinsFaceIndex, FOR SHARE) waits
    // for this turn, or this turn for that upload, whose photo the statements below then see.
    await client.query('UPDATE events SET face_search = $2 WHERE name = $1', [eventName, on]);
    if (!on) {
      await client.query('DELETE FROM face_photos WHERE event_name = $1', [eventName]);
      return 0;
    }
    await client.query(
      `INSERT INTO face_photos (media_id, event_name)
       SELECT m.id, m.event_name FROM media m WHERE m.event_name = $1 AND ${INDEXED_MEDIA}
       ON CONFLICT (media_id) DO NOTHING`,
      [eventName],
    );
    // Those just added, and any left waiting (turned on again, the work goes on).
    const { rows } = await client.query<{ waiting: number }>(
      `SELECT count(*)::int AS waiting FROM face_photos WHERE event_name = $1 AND status IN ('waiting', 'indexing')`,
      [eventName],
    );
    if (rows[0].waiting > 0) await queued(client);
    return rows[0].waiting;
  });
}

/**
 * A new booth photo, in the transaction that indexes it: when its event has face search on, it
 * waits to be indexed and `queued` schedules the work. A photo sent again under its name (the same
 * media row, new bytes) waits again from the start, and the faces found in its old bytes go.
 * Answers whether it waits.
 */
export async function photoJoinsFaceIndex(
  client: Queryable,
  ref: MediaRef,
  queued: () => Promise<void>,
): Promise<boolean> {
  // FOR SHARE: the switch turned at this moment waits for this upload's commit (and then indexes
  // or deletes its photo with the others), or this upload for the switch's (and reads it).
  const event = await client.query<{ face_search: boolean }>(
    'SELECT face_search FROM events WHERE name = $1 FOR SHARE',
    [ref.eventName],
  );
  if (!event.rows[0]?.face_search) return false;
  const { rows } = await client.query<{ joined: number }>(
    `WITH joined AS (
       INSERT INTO face_photos (media_id, event_name)
       SELECT m.id, m.event_name FROM media m WHERE m.event_name = $1 AND m.mode = $2 AND m.file = $3 AND
         ${INDEXED_MEDIA}
       ON CONFLICT (media_id) DO UPDATE
         SET status = 'waiting', attempts = 0, faces = 0, claimed_at = NULL, claimed_by = NULL, indexed_at = NULL
       RETURNING media_id),
     forgotten AS (DELETE FROM face_descriptors d USING joined WHERE d.media_id = joined.media_id)
     SELECT count(*)::int AS joined FROM joined`,
    [ref.eventName, ref.mode, ref.file],
  );
  if (rows[0].joined === 0) return false;
  await queued();
  return true;
}

/** A photo claimed for indexing: its row, where its bytes are, and the claim (its time, to the microsecond). */
export interface ClaimedPhoto {
  mediaId: number;
  ref: MediaRef;
  /**
   * What the photo's row says while this claim holds: a photo sent again meanwhile, or taken by
   * another worker after the expiry, no longer does, and this claim's answer is dropped.
   */
  claim: string;
}

/** The claim's own row: still indexing, under this very claim. */
const UNDER_CLAIM = `media_id = $1 AND status = 'indexing' AND claimed_at = $2::timestamptz`;

/**
 * Claims the event's next photo to index (oldest first; one a dead worker held, again), for the
 * server process `claimer`; null when none waits, or the event's face search is off (a backstop:
 * turning it off deletes its rows). A photo claimed MAX_INDEX_ATTEMPTS times already is left out
 * as unreadable instead: it must not hold up the photos after it.
 */
export async function claimPhotoToIndex(
  db: Queryable,
  eventName: EventName,
  claimer: string,
): Promise<ClaimedPhoto | null> {
  await leaveOutTriedPhotos(db, eventName);
  const { rows } = await db.query<{
    media_id: string;
    event_name: string;
    mode: MediaMode;
    file: string;
    claim: string;
  }>(
    `WITH next AS (
       SELECT f.media_id FROM face_photos f JOIN events e ON e.name = f.event_name
        WHERE f.event_name = $1 AND e.face_search AND ${CLAIMABLE}
        ORDER BY f.media_id LIMIT 1 FOR UPDATE OF f SKIP LOCKED)
     UPDATE face_photos f SET status = 'indexing', claimed_at = now(), claimed_by = $2, attempts = f.attempts + 1
       FROM next, media m WHERE f.media_id = next.media_id AND m.id = f.media_id
     RETURNING f.media_id, m.event_name, m.mode, m.file, f.claimed_at::text AS claim`,
    [eventName, claimer],
  );
  const row = rows[0];
  return row
    ? {
        mediaId: Number(row.media_id),
        ref: { eventName: row.event_name, mode: row.mode, file: row.file },
        claim: row.claim,
      }
    : null;
}

/** The event's photos that would be claimed once more past MAX_INDEX_ATTEMPTS: left out, with any face kept of them. */
async function leaveOutTriedPhotos(db: Queryable, eventName: EventName): Promise<void> {
  await db.query(
    `WITH left_out AS (
       UPDATE face_photos f SET ${LEFT_OUT}
        WHERE f.event_name = $1 AND f.attempts >= $2 AND ${CLAIMABLE} RETURNING f.media_id)
     DELETE FROM face_descriptors d USING left_out WHERE d.media_id = left_out.media_id`,
    [eventName, MAX_INDEX_ATTEMPTS],
  );
}

/**
 * When the first of the event's claims held by another server than `claimer` expires, in seconds
 * from now; null when there is none. Its server may have died: nothing but a job run after that
 * moment would take the photo again.
 */
export async function secondsToClaimsExpiry(
  db: Queryable,
  eventName: EventName,
  claimer: string,
): Promise<number | null> {
  const { rows } = await db.query<{ seconds: number | null }>(
    `SELECT ceil(extract(epoch FROM min(claimed_at) + ${CLAIM_EXPIRES} - now()))::int AS seconds
       FROM face_photos
      WHERE event_name = $1 AND status = 'indexing' AND claimed_by IS DISTINCT FROM $2 AND claimed_at >= now() -
        ${CLAIM_EXPIRES}`,
    [eventName, claimer],
  );
  const seconds = rows[0]?.seconds ?? null;
  return seconds === null ? null : Math.max(seconds, 1);
}

/**
 * The events whose photos wait with no worker on them: face search on, photos waiting or claimed
 * past the expiry, and no claim still held (an event being indexed has one, and its job goes on).
 * Their job was lost (its every run failed, its server died between batches): the sweep queues another.
 */
export async function eventsLeftWaiting(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ event_name: string }>(
    `SELECT f.event_name FROM face_photos f JOIN events e ON e.name = f.event_name AND e.face_search
      GROUP BY f.event_name
     HAVING bool_or(${CLAIMABLE}) AND NOT bool_or(f.status = 'indexing' AND f.claimed_at >= now() - ${CLAIM_EXPIRES})
      ORDER BY f.event_name`,
  );
  return rows.map((row) => row.event_name);
}

/**
 * Keeps the faces found in a claimed photo, and marks it indexed, in one transaction; nothing when
 * the claim no longer holds (face search turned off, the photo deleted or sent again, or taken
 * by another worker after the expiry).
 */
/**
 * Told of the faces found in a photo, in the transaction that records them (the photos delivered to the
 * guests whose face is in it: modules/delivery, wired by app.ts), so that what it notes is kept exactly when they are.
 */
export type FacesFoundHook = (
  client: Queryable,
  photo: { eventName: EventName; mediaId: number },
  descriptors: readonly ArrayLike<number>[],
) => Promise<unknown>;

export async function recordFaces(
  db: Database,
  photo: ClaimedPhoto,
  faces: readonly FoundFace[],
  onFacesFound?: FacesFoundHook,
): Promise<void> {
  await db.transaction(async (client) => {
    const { rowCount } = await client.query(
      `UPDATE face_photos SET status = 'indexed', faces = $3, indexed_at = now(), claimed_at = NULL, ` +
        `claimed_by = NULL WHERE ${UNDER_CLAIM}`,
      [photo.mediaId, photo.claim, faces.length],
    );
    if (!rowCount) return;
    await client.query('DELETE FROM face_descriptors WHERE media_id = $1', [photo.mediaId]);
    for (const face of faces) {
      await client.query(
        'INSERT INTO face_descriptors (media_id, event_name, box, descriptor) VALUES ($1, $2, $3, $4)',
        [photo.mediaId, photo.ref.eventName, face.box, descriptorBytes(face.descriptor)],
      );
    }
    // A face hidden in the event ('Não me mostre') found in it hides it from others' searches.
    await hidePhotoOfHiddenFaces(
      client,
      photo.ref.eventName,
      photo.mediaId,
      faces.map((face) => face.descriptor),
    );
    await onFacesFound?.(
      client,
      { eventName: photo.ref.eventName, mediaId: photo.mediaId },
      faces.map((face) => face.descriptor),
    );
  });
}

/**
 * A claimed photo the model cannot read (or whose bytes are gone): it stays out of the index, and is not tried again.
 */
export async function markUnreadable(db: Queryable, photo: ClaimedPhoto): Promise<void> {
  // Any face kept of it before goes with it.
  await db.query(
    `WITH marked AS (UPDATE face_photos SET ${LEFT_OUT} WHERE ${UNDER_CLAIM} RETURNING media_id)
     , faces AS (DELETE FROM face_descriptors d USING marked WHERE d.media_id = marked.media_id)
     DELETE FROM face_hidden_photos h USING marked WHERE h.media_id = marked.media_id`,
    [photo.mediaId, photo.claim],
  );
}

/**
 * Gives a claimed photo back to the queue: the next job takes it. `photoMayBeAtFault` (the model
 * failed on it, its thread died with it): the claim counts towards MAX_INDEX_ATTEMPTS; otherwise
 * (the store did not answer, the model did not load) it is given back too.
 */
export async function releasePhoto(
  db: Queryable,
  photo: ClaimedPhoto,
  { photoMayBeAtFault }: { photoMayBeAtFault: boolean },
): Promise<void> {
  await db.query(
    `UPDATE face_photos SET status = 'waiting', claimed_at = NULL, claimed_by = NULL, attempts = ` +
      `greatest(attempts - $3, 0) WHERE ${UNDER_CLAIM}`,
    [photo.mediaId, photo.claim, photoMayBeAtFault ? 0 : 1],
  );
}

/** How an event's face search stands, for its owner and the team. */
export interface FaceSearchStatus {
  enabled: boolean;
  indexed: number;
  waiting: number;
  faces: number;
}

export async function faceSearchStatus(db: Queryable, eventName: EventName): Promise<FaceSearchStatus> {
  const { rows } = await db.query<FaceSearchStatus>(
    `SELECT e.face_search AS enabled,
            count(f.media_id) FILTER (WHERE f.status IN ('indexed', 'unreadable'))::int AS indexed,
            count(f.media_id) FILTER (WHERE f.status IN ('waiting', 'indexing'))::int AS waiting,
            coalesce(sum(f.faces), 0)::int AS faces
       FROM events e LEFT JOIN face_photos f ON f.event_name = e.name
      WHERE e.name = $1 GROUP BY e.face_search`,
    [eventName],
  );
  return rows[0] ?? { enabled: false, indexed: 0, waiting: 0, faces: 0 };
}
