import { mediaUrl } from '../../../../contract/mediaPath';
import type { MediaMode } from '../../../../contract/modes';
import type { Database, Queryable } from '../../platform/db/database';
import { descriptorBytes, descriptorOf, rankMatches } from './model/faceMatch';
import { markPendingHidings } from './faceHiding';
import { lockFacesOf } from './faceLock';
import { LISTED_M } from '../media';

/**
 * The search side of 'Encontre minhas fotos' (migration 0023): a visitor's selfie kept
 * as a descriptor for their session, the photos it matches in the events they may see, and the
 * faces of those who asked not to be found.
 */

/** How long a selfie's descriptor is kept: the visitor's session, a day at most. */
export const SELFIE_HOURS = 24;

/** The database's clock: when a search began, for saveSelfie. */
export async function databaseNow(db: Queryable): Promise<Date> {
  const { rows } = await db.query<{ now: Date }>('SELECT now()');
  return rows[0].now;
}

/**
 * Keeps the visitor's selfie (its descriptor; the image is never stored) for SELFIE_HOURS, in
 * place of any before, unless they deleted their selfie after `began` (the search was under way
 * when they asked: what they asked wins). Answers whether it was kept.
 */
export async function saveSelfie(
  db: Database,
  agent: string,
  descriptor: ArrayLike<number>,
  began: Date = new Date(0),
): Promise<boolean> {
  return db.transaction(async (client) => {
    await lockFacesOf(client, agent);
    const { rowCount } = await client.query(
      `INSERT INTO face_selfies (agent, descriptor, expires_at)
       SELECT $1, $2, now() + make_interval(hours => ${SELFIE_HOURS})
        WHERE NOT EXISTS (SELECT 1 FROM face_forgets WHERE agent = $1 AND forgotten_at >= $3::timestamptz)
       ON CONFLICT (agent) DO UPDATE SET descriptor = excluded.descriptor, created_at = now(), expires_at =
         excluded.expires_at`,
      [agent, descriptorBytes(descriptor), began.toISOString()],
    );
    return (rowCount ?? 0) > 0;
  });
}

/** Notes that these agents deleted their selfies now (in the caller's transaction, holding their locks). */
export async function noteSelfiesForgotten(client: Queryable, agents: readonly string[]): Promise<void> {
  await client.query(
    `INSERT INTO face_forgets (agent, forgotten_at) SELECT unnest($1::text[]), now()
     ON CONFLICT (agent) DO UPDATE SET forgotten_at = excluded.forgotten_at`,
    [agents],
  );
}

/** The visitor's selfie, while it is kept; null otherwise. */
export async function selfieOf(db: Queryable, agent: string): Promise<Float32Array | null> {
  const { rows } = await db.query<{ descriptor: Buffer }>(
    'SELECT descriptor FROM face_selfies WHERE agent = $1 AND expires_at > now()',
    [agent],
  );
  return rows[0] ? descriptorOf(rows[0].descriptor) : null;
}

/**
 * 'Apagar minhas fotos': the visitor's selfie is deleted at once, and a search under way keeps none. Answers whether
 * there was one.
 */
export async function forgetSelfie(db: Database, agent: string): Promise<boolean> {
  return db.transaction(async (client) => {
    await lockFacesOf(client, agent);
    await noteSelfiesForgotten(client, [agent]);
    const { rowCount } = await client.query('DELETE FROM face_selfies WHERE agent = $1', [agent]);
    return (rowCount ?? 0) > 0;
  });
}

/**
 * Selfies past their day go (the retention sweep), and deletions noted more than a day ago. Answers how many selfies.
 */
export async function purgeExpiredSelfies(db: Queryable, now = new Date()): Promise<number> {
  await db.query("DELETE FROM face_forgets WHERE forgotten_at < $1::timestamptz - interval '1 day'", [
    now.toISOString(),
  ]);
  const { rowCount } = await db.query('DELETE FROM face_selfies WHERE expires_at <= $1::timestamptz', [
    now.toISOString(),
  ]);
  return rowCount ?? 0;
}

/**
 * Faces hidden longer ago than `days` go (the retention sweep): the agent that asked is gone by then. Answers how many.
 */
export async function purgeExpiredHiddenFaces(db: Queryable, days: number, now = new Date()): Promise<number> {
  const { rowCount } = await db.query(
    'DELETE FROM face_hidden WHERE created_at < $1::timestamptz - make_interval(days => $2)',
    [now.toISOString(), days],
  );
  return rowCount ?? 0;
}

/** A photo a selfie found. */
export interface FoundPhoto {
  url: string;
  event: string;
  distance: number;
}

/**
 * The photos of `events` (those with face search on; the caller has kept only those the visitor
 * may see) in which a face lies near the selfie, the surest first. A photo hidden by someone who
 * asked not to be found (modules/faces/faceHiding.ts) is left out of everyone's results but their own:
 * who searches is told by their agent, never by their face (a crop of the hidden guest's face out
 * of a gallery photo must not find them). Only what the galleries list: never a photo the owner hid, nor one that
 * waits for the owner's approval while the galleries are held (docs/product.md#moderation).
 */
export async function searchFaces(
  db: Database,
  selfie: ArrayLike<number>,
  events: readonly string[],
  searcher: string | null = null,
): Promise<FoundPhoto[]> {
  if (events.length === 0) return [];
  await markPendingHidings(db, events);
  const { rows } = await db.query<{
    media_id: string;
    descriptor: Buffer;
    event_name: string;
    mode: MediaMode;
    file: string;
  }>(
    `SELECT d.media_id, d.descriptor, m.event_name, m.mode, m.file
       FROM face_descriptors d JOIN media m ON m.id = d.media_id JOIN events e ON e.name = d.event_name
      WHERE d.event_name = ANY($1::text[]) AND e.face_search AND ${LISTED_M}
        AND NOT EXISTS (SELECT 1 FROM face_hidden_photos h WHERE h.media_id = d.media_id AND h.agent IS DISTINCT FROM
          $2)`,
    [events, searcher],
  );
  const rowOf = new Map(rows.map((row) => [row.media_id, row]));
  const matches = rankMatches(
    selfie,
    rows.map((row) => ({ photo: row.media_id, descriptor: descriptorOf(row.descriptor) })),
  );
  return matches.map(({ photo, distance }) => {
    const row = rowOf.get(photo);
    if (!row) throw new Error(`face of an unknown photo ${photo}`);
    return {
      url: mediaUrl({ eventName: row.event_name, mode: row.mode, file: row.file }),
      event: row.event_name,
      distance,
    };
  });
}

/** The face a selfie is of: the largest one in it (someone behind the guest is smaller), or null when there is none. */
export function selfieFace<F extends { box: readonly number[] }>(faces: readonly F[]): F | null {
  let best: F | null = null;
  for (const face of faces) if (!best || face.box[2] * face.box[3] > best.box[2] * best.box[3]) best = face;
  return best;
}

/** The events with face search on among these names (the others: not available there). */
export async function faceSearchEvents(db: Queryable, names: readonly string[]): Promise<Set<string>> {
  const { rows } = await db.query<{ name: string }>(
    'SELECT name FROM events WHERE name = ANY($1::text[]) AND face_search',
    [names],
  );
  return new Set(rows.map((row) => row.name));
}
