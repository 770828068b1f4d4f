import type { ModeratedMedium, ModerationAction, ModerationFilter } from '../../../../contract/wire';
import type { MediaRef } from '../../../../contract/mediaPath';
import type { Database, Queryable } from '../../platform/db/database';
import { toUrl, type MediaRow } from '../media';
import { failQueuedJobsOf } from '../print';

/**
 * Moderation (docs/product.md#moderation): the owner and the team hide a booth medium from every
 * place it shows and show it again, and may have new photos wait for their approval before the
 * wall shows them. What each place leaves out is decided where it reads media (modules/media:
 * SHOWN_M, LISTED_M, ON_WALL_M; the media gate in modules/access); here are the owner's changes
 * and what the owner sees. Each change is one statement on the medium's row, whose trigger tells
 * every server (migration 0011): open galleries and walls drop a hidden photo at once.
 */

/** How many media a page of the owner's list holds. */
export const MODERATION_PAGE = 60;

type ModeratedRow = Pick<MediaRow, 'id' | 'event_name' | 'mode' | 'file'> & { hidden: boolean; awaiting: boolean };

const toModerated = (row: ModeratedRow): ModeratedMedium => ({
  url: toUrl(row),
  hidden: row.hidden,
  awaiting: row.awaiting,
});

const FILTER_SQL: Record<ModerationFilter, string> = {
  todas: 'true',
  fila: 'm.awaiting_approval AND m.hidden_at IS NULL',
  ocultas: 'm.hidden_at IS NOT NULL',
};

/** A page of the event's booth media, newest first, after the medium `before` (its id) when given. */
export async function moderationPage(
  db: Queryable,
  eventName: string,
  filter: ModerationFilter,
  before: string | null,
): Promise<{ media: ModeratedMedium[]; next: string | null }> {
  const { rows } = await db.query<ModeratedRow>(
    `SELECT m.id, m.event_name, m.mode, m.file, m.hidden_at IS NOT NULL AS hidden, m.awaiting_approval AS awaiting
       FROM media m
      WHERE m.event_name = $1 AND m.role = 'booth' AND ${FILTER_SQL[filter]}
        AND ($2::bigint IS NULL OR m.id < $2::bigint)
      ORDER BY m.id DESC LIMIT $3`,
    [eventName, before, MODERATION_PAGE + 1],
  );
  const page = rows.slice(0, MODERATION_PAGE);
  return {
    media: page.map(toModerated),
    next: rows.length > MODERATION_PAGE ? String(page[page.length - 1].id) : null,
  };
}

export interface ModerationState {
  wallApproval: boolean;
  holdGalleries: boolean;
  waiting: number;
  hidden: number;
}

/** The event's approval settings, and how many of its booth media wait and are hidden. */
export async function moderationState(db: Queryable, eventName: string): Promise<ModerationState> {
  const { rows } = await db.query<ModerationState>(
    `SELECT e.wall_approval AS "wallApproval", e.hold_galleries AS "holdGalleries",
            (SELECT count(*)::int FROM media m WHERE m.event_name = e.name AND m.awaiting_approval
               AND m.hidden_at IS NULL) AS waiting,
            (SELECT count(*)::int FROM media m WHERE m.event_name = e.name AND m.hidden_at IS NOT NULL) AS hidden
       FROM events e WHERE e.name = $1`,
    [eventName],
  );
  return rows[0];
}

/**
 * What each action leaves of the medium: hidden, it leaves the queue too (the owner looked at it);
 * shown again, it is approved (the owner chose it); approved, it may go on the wall (hidden stays hidden).
 * Asked again, each leaves the row as it is: a retried tap changes nothing more.
 */
const ACTION_SQL: Record<ModerationAction, string> = {
  hide: 'hidden_at = coalesce(hidden_at, now()), awaiting_approval = false',
  show: 'hidden_at = NULL, awaiting_approval = false',
  approve: 'awaiting_approval = false',
};

/**
 * One booth medium of the event hidden, shown or approved: how it stands now, or null when there is none. Hidden, its
 * prints still in the queue fail and give their copies back, in the same transaction.
 */
export async function moderate(
  db: Database,
  eventName: string,
  ref: MediaRef,
  action: ModerationAction,
): Promise<ModeratedMedium | null> {
  return db.transaction(async (client) => {
    const { rows } = await client.query<ModeratedRow>(
      `UPDATE media m SET ${ACTION_SQL[action]}
        WHERE m.event_name = $1 AND m.mode = $2 AND m.file = $3 AND m.role = 'booth'
        RETURNING m.id, m.event_name, m.mode, m.file, m.hidden_at IS NOT NULL AS hidden,
          m.awaiting_approval AS awaiting`,
      [eventName, ref.mode, ref.file],
    );
    if (!rows[0]) return null;
    if (action === 'hide') await failQueuedJobsOf(client, rows[0].id);
    return toModerated(rows[0]);
  });
}

/**
 * The event's approval settings. Turned off, what waited is approved with it, in the same
 * transaction: the owner no longer asks to look first, so nothing stays kept from the wall.
 */
export async function setApproval(
  db: Database,
  eventName: string,
  { wallApproval, holdGalleries }: { wallApproval: boolean; holdGalleries: boolean },
): Promise<void> {
  await db.transaction(async (client) => {
    await client.query('UPDATE events SET wall_approval = $2, hold_galleries = $3 WHERE name = $1', [
      eventName,
      wallApproval,
      wallApproval && holdGalleries,
    ]);
    if (!wallApproval)
      await client.query('UPDATE media SET awaiting_approval = false WHERE event_name = $1 AND awaiting_approval', [
        eventName,
      ]);
  });
}
