import type { Database, Queryable } from '../../platform/db/database';
import { descriptorDistance, descriptorOf, HIDDEN_FACE_DISTANCE } from './model/faceMatch';
import { lockFacesOf } from './faceLock';

/**
 * 'Não me mostre' (migrations 0027 and 0028): a guest's face, the selfie they took,
 * hides the photos it is found in from others' searches. It hides in the events the guest's own
 * search may search (those of the request; modules/faces/http/faceSearchRoutes.ts), and in each one that search
 * reaches later while they stay hidden. The photos it hides are written down per event
 * (face_hidden_photos): when the face is hidden, when its hiding reaches an event, and when a new
 * photo of such an event is indexed. A search then leaves them out with one join and reads no
 * hidden face (modules/faces/faceSearch.ts).
 *
 * The rule, as docs/api.md states it: a photo is hidden for a face found in it at
 * HIDDEN_FACE_DISTANCE, in an event where the face's own agent may search. Who holds a picture of
 * someone else can hide that person only there, and there from everyone but themselves.
 */

/**
 * One event's hiding at a time: a photo indexed while a face is hidden there is looked at by one of the two, whichever
 * goes second.
 */
async function lockHidingIn(client: Queryable, event: string): Promise<void> {
  await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`face-hidden:${event}`]);
}

/**
 * The photos of `event` in which `face` is found, written as hidden by `agent` (in place of any before); the event
 * marked looked through.
 */
async function markEvent(client: Queryable, agent: string, event: string, face: Float32Array): Promise<void> {
  await lockHidingIn(client, event);
  await client.query('DELETE FROM face_hidden_photos WHERE event_name = $1 AND agent = $2', [event, agent]);
  const { rows } = await client.query<{ media_id: string; descriptor: Buffer }>(
    'SELECT media_id, descriptor FROM face_descriptors WHERE event_name = $1',
    [event],
  );
  const photos = new Set(
    rows
      .filter((row) => descriptorDistance(descriptorOf(row.descriptor), face) <= HIDDEN_FACE_DISTANCE)
      .map((row) => row.media_id),
  );
  await client.query(
    `INSERT INTO face_hidden_photos (event_name, agent, media_id)
     SELECT $1, $2, unnest($3::bigint[])
     ON CONFLICT DO NOTHING`,
    [event, agent, [...photos]],
  );
  await client.query('UPDATE face_hidden_events SET marked = true WHERE event_name = $1 AND agent = $2', [
    event,
    agent,
  ]);
}

/** The agent's hidden face, or null when it is not hidden. */
async function hiddenFaceOf(client: Queryable, agent: string): Promise<Float32Array | null> {
  const { rows } = await client.query<{ descriptor: Buffer }>('SELECT descriptor FROM face_hidden WHERE agent = $1', [
    agent,
  ]);
  return rows[0] ? descriptorOf(rows[0].descriptor) : null;
}

/**
 * Writes the agent's hiding in `events` (those that exist) and looks through their photos; in the caller's transaction.
 */
async function hideIn(
  client: Queryable,
  agent: string,
  face: Float32Array,
  events: readonly string[],
  { again }: { again: boolean },
): Promise<void> {
  const { rows } = await client.query<{ event_name: string }>(
    `INSERT INTO face_hidden_events (event_name, agent)
     SELECT e.name, $1 FROM events e WHERE e.name = ANY($2::text[])
     ON CONFLICT (event_name, agent) DO NOTHING
     RETURNING event_name`,
    [agent, events],
  );
  const fresh = rows.map((row) => row.event_name);
  // A new face (hidden again with another selfie) is looked for again wherever it hides.
  const toMark = again
    ? (
        await client.query<{ event_name: string }>('SELECT event_name FROM face_hidden_events WHERE agent = $1', [
          agent,
        ])
      ).rows.map((row) => row.event_name)
    : fresh;
  // In one order, so two hidings never wait on each other's events.
  for (const event of [...new Set(toMark)].sort()) await markEvent(client, agent, event, face);
}

/**
 * 'Não me mostre': the visitor's kept selfie becomes their hidden face, in `events` (those their
 * own search may search; the caller keeps only those). Answers false when no selfie is kept to hide
 * (it expired, or was deleted); then nothing is written.
 */
export async function hideFace(db: Database, agent: string, events: readonly string[]): Promise<boolean> {
  return db.transaction(async (client) => {
    await lockFacesOf(client, agent);
    const { rows } = await client.query<{ descriptor: Buffer }>(
      `INSERT INTO face_hidden (agent, descriptor) SELECT agent, descriptor FROM face_selfies WHERE agent = $1 AND
        expires_at > now()
       ON CONFLICT (agent) DO UPDATE SET descriptor = excluded.descriptor, created_at = now()
       RETURNING descriptor`,
      [agent],
    );
    if (!rows[0]) return false;
    await hideIn(client, agent, descriptorOf(rows[0].descriptor), events, { again: true });
    return true;
  });
}

/** A hidden visitor searches `events` (those their search may search): their face is hidden there too. */
export async function extendHiding(db: Database, agent: string, events: readonly string[]): Promise<void> {
  if (events.length === 0) return;
  await db.transaction(async (client) => {
    await lockFacesOf(client, agent);
    const face = await hiddenFaceOf(client, agent);
    if (face) await hideIn(client, agent, face, events, { again: false });
  });
}

/**
 * The visitor may be found again: their hidden face is deleted, in every event (face_hidden_events and
 * face_hidden_photos cascade).
 */
export async function unhideFace(db: Queryable, agent: string): Promise<boolean> {
  const { rowCount } = await db.query('DELETE FROM face_hidden WHERE agent = $1', [agent]);
  return (rowCount ?? 0) > 0;
}

/** Whether the visitor asked not to be found. */
export async function isHidden(db: Queryable, agent: string): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM face_hidden WHERE agent = $1', [agent]);
  return (rowCount ?? 0) > 0;
}

/**
 * Hidings of `events` whose photos were never looked through (made before migration 0028) are
 * looked through now, before a search of those events. Nearly always there are none: one read of
 * a partial index.
 */
export async function markPendingHidings(db: Database, events: readonly string[]): Promise<void> {
  if (events.length === 0) return;
  const { rows } = await db.query<{ event_name: string; agent: string }>(
    'SELECT event_name, agent FROM face_hidden_events WHERE event_name = ANY($1::text[]) AND NOT marked ORDER ' +
      'BY event_name, agent',
    [events],
  );
  for (const { event_name: event, agent } of rows) {
    await db.transaction(async (client) => {
      await lockFacesOf(client, agent);
      const face = await hiddenFaceOf(client, agent);
      if (face) await markEvent(client, agent, event, face);
    });
  }
}

/**
 * A photo of `event` was just indexed with these faces (in the caller's transaction): the faces
 * hidden there that are found in it hide it.
 */
export async function hidePhotoOfHiddenFaces(
  client: Queryable,
  event: string,
  mediaId: number | string,
  faces: readonly ArrayLike<number>[],
): Promise<void> {
  await lockHidingIn(client, event);
  await client.query('DELETE FROM face_hidden_photos WHERE media_id = $1', [mediaId]);
  if (faces.length === 0) return;
  const { rows } = await client.query<{ agent: string; descriptor: Buffer }>(
    'SELECT h.agent, h.descriptor FROM face_hidden_events he JOIN face_hidden h ON h.agent = he.agent WHERE ' +
      'he.event_name = $1',
    [event],
  );
  const hiders = rows
    .filter((row) => {
      const hidden = descriptorOf(row.descriptor);
      return faces.some((face) => descriptorDistance(face, hidden) <= HIDDEN_FACE_DISTANCE);
    })
    .map((row) => row.agent);
  if (hiders.length === 0) return;
  await client.query(
    `INSERT INTO face_hidden_photos (event_name, agent, media_id)
     SELECT $1, unnest($2::text[]), $3
     ON CONFLICT DO NOTHING`,
    [event, hiders, mediaId],
  );
}
