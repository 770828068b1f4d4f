import crypto from 'node:crypto';
import type { MediaRef } from '../../../../contract/mediaPath';
import type { Queryable } from '../../platform/db/database';

/**
 * What guests do that no other table keeps, one append-only row each (migration 0031): the counts
 * of 'A festa em números' (docs/product.md#the-party-in-numbers) read them beside the tables that
 * already record the rest (media, print jobs, packs).
 */
export type ActionKind = 'collect' | 'share' | 'download' | 'wall_view' | 'face_search';

/** What makes an action the same one again: who (the visitor's agent) and on what. The hash keeps neither readable. */
function onceKey(kind: ActionKind, agent: string, subject: readonly string[]): string {
  return crypto
    .createHash('sha256')
    .update(JSON.stringify([kind, agent, ...subject]))
    .digest('base64url');
}

/**
 * A collect or a share: once per visitor and photo. Answers whether it was counted now (a photo
 * that does not exist, or a visitor's second time, is not; nor a request without an agent, nobody to count once).
 */
export async function recordMediaAction(
  db: Queryable,
  kind: 'collect' | 'share',
  ref: MediaRef,
  agent: string | null,
): Promise<boolean> {
  if (!agent) return false;
  const { rowCount } = await db.query(
    `INSERT INTO event_actions (event_name, kind, media_id, once_key)
     SELECT m.event_name, $1, m.id, $5 FROM media m WHERE m.event_name = $2 AND m.mode = $3 AND m.file = $4
     ON CONFLICT (once_key) DO NOTHING`,
    [kind, ref.eventName, ref.mode, ref.file, onceKey(kind, agent, [ref.eventName, ref.mode, ref.file])],
  );
  return (rowCount ?? 0) > 0;
}

/**
 * An action on an event as a whole: a wall opened (once per screen), a ZIP downloaded (once per visitor and what it
 * held), a face search (`once: null`, each selfie sent). An unknown event counts nothing, nor an action to count once
 * whose request has no agent.
 */
export async function recordEventAction(
  db: Queryable,
  kind: 'download' | 'wall_view' | 'face_search',
  eventName: string,
  once: { agent: string | null; subject: readonly string[] } | null,
): Promise<boolean> {
  if (once && !once.agent) return false;
  const { rowCount } = await db.query(
    `INSERT INTO event_actions (event_name, kind, once_key)
     SELECT name, $1, $3 FROM events WHERE name = $2
     ON CONFLICT (once_key) DO NOTHING`,
    [kind, eventName, once?.agent ? onceKey(kind, once.agent, [eventName, ...once.subject]) : null],
  );
  return (rowCount ?? 0) > 0;
}
