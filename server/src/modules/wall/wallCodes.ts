import crypto from 'node:crypto';
import { WALL_CODE_LENGTH, WALL_CODE_PATTERN } from '../../../../contract/wall';
import type { Queryable } from '../../platform/db/database';
import type { EventName } from '../../../../contract/names';

/**
 * The code a wall's QR code carries beside a collect link that would not open its event by
 * itself: a link-only or private event's photo stored before the owner last revoked
 * every guest's access (its collect link was taken back then: docs/api.md#who-may-see-an-event), or stored under a name
 * anyone could guess. Whoever scans the wall is in the room, as whoever scans a print is, so the code grants the event
 * as a collect link does. It is signed by the server for one medium and the event's public id of now: revoking every
 * guest's access again (a new public id) takes back every code handed out until then, and the wall, told by its
 * list, shows the new ones. A wall opened by its link's key is given codes signed for that key
 * too: whoever held the link could read every code of the night from it, and revoking or renewing
 * the link takes them all back (the link grants nothing once it is gone). A wall opened by its
 * owner or the team (signed in) is given codes of the public id alone.
 */

/** The key codes are signed with, derived from the media session's secret (never the secret itself). */
export function wallCodeKey(secret: Buffer): Buffer {
  return crypto.createHmac('sha256', secret).update('wall-code-v1').digest();
}

interface CodedMedium {
  eventName: EventName;
  mode: string;
  file: string;
}

/**
 * The code of a medium of the event whose public id is `publicId`, for a wall opened by the wall
 * link `wallKey` (null: by its owner or the team).
 */
export function wallCode(key: Buffer, medium: CodedMedium, publicId: string, wallKey: string | null): string {
  const signed =
    `${medium.eventName}\n${medium.mode}\n${medium.file}\n` +
    `${publicId}${wallKey === null ? '' : `\nkey ${wallKey}`}`;
  return crypto.createHmac('sha256', key).update(signed).digest('base64url').slice(0, WALL_CODE_LENGTH);
}

/**
 * Whether `code` is the medium's code for the event's public id `publicId` and wall link `wallKey` (compared in
 * constant time).
 */
export function isWallCode(
  key: Buffer,
  medium: CodedMedium,
  publicId: string,
  wallKey: string | null,
  code: string,
): boolean {
  if (!WALL_CODE_PATTERN.test(code)) return false;
  return crypto.timingSafeEqual(Buffer.from(code), Buffer.from(wallCode(key, medium, publicId, wallKey)));
}

/**
 * A collect link with a wall code opened: when the code is the medium's for its event as it is now
 * (a booth's medium of an event that is not suspended; its public id, and its wall link for a code
 * a link's wall was given), grants the event to each holder; answers whether it did. The grant is
 * written in the statement that checks the public id and the wall link again, holding the event's
 * row: a revocation under way is waited for, and the code it takes back grants nothing.
 */
export async function grantByWallCode(
  db: Queryable,
  key: Buffer,
  medium: CodedMedium,
  code: string,
  holders: readonly string[],
): Promise<boolean> {
  if (holders.length === 0 || !WALL_CODE_PATTERN.test(code)) return false;
  const { rows } = await db.query<{ public_id: string; wall_key: string | null }>(
    `SELECT e.public_id, e.wall_key FROM events e JOIN media m ON m.event_name = e.name
      WHERE e.name = $1 AND m.mode = $2 AND m.file = $3 AND m.role = 'booth' AND e.suspended_at IS NULL`,
    [medium.eventName, medium.mode, medium.file],
  );
  if (rows.length === 0) return false;
  const { public_id: publicId, wall_key: wallKey } = rows[0];
  // Both are computed, so that the time taken says nothing of which a code was meant for.
  const byOwner = isWallCode(key, medium, publicId, null, code);
  const byLink = wallKey !== null && isWallCode(key, medium, publicId, wallKey, code);
  if (!byOwner && !byLink) return false;
  const granted = await db.query<{ granted: number }>(
    `WITH coded AS (SELECT e.name FROM events e WHERE e.name = $1 AND e.public_id = $2 AND e.suspended_at IS NULL
                      AND ($4::text IS NULL OR e.wall_key = $4) FOR SHARE OF e),
     granted AS (
       INSERT INTO event_grants (event_name, holder, via, granted_at)
       SELECT coded.name, holder, 'collect', clock_timestamp() FROM coded, unnest($3::text[]) AS holder
       ON CONFLICT (event_name, holder) DO UPDATE SET granted_at = clock_timestamp(), via = excluded.via
         WHERE event_grants.granted_at <= (SELECT coalesce(grants_reset_at, '-infinity') FROM events WHERE name = $1))
     SELECT count(*)::int AS granted FROM coded`,
    [medium.eventName, publicId, holders, byOwner ? null : wallKey],
  );
  return granted.rows[0].granted > 0;
}
