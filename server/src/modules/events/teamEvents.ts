import type { TeamEvent } from '../../../../contract/wire';
import type { Queryable } from '../../platform/db/database';

/** The most events one answer lists: the team narrows a long history down with the search. */
export const TEAM_EVENTS_LIMIT = 100;

/** `%`, `_` and `\` are LIKE's own: a search for "festa_ana" means those characters. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The events the team looks after (it opens any event's wall and printers from here),
 * newest first; with a search, those whose name, title or owner's email holds it.
 */
export async function teamEvents(db: Queryable, search: string): Promise<TeamEvent[]> {
  const text = search.trim();
  const { rows } = await db.query<{
    name: string;
    title: string;
    public_id: string;
    visibility: TeamEvent['visibility'];
    owner_email: string | null;
    suspended: boolean;
    media: number;
    created_at: Date;
  }>(
    `SELECT e.name, e.title, e.public_id, e.visibility, a.email AS owner_email, e.suspended_at IS NOT NULL AS suspended,
            (SELECT count(*)::int FROM media m WHERE m.event_name = e.name AND m.role = 'booth') AS media, e.created_at
       FROM events e LEFT JOIN accounts a ON a.uid = e.owner_uid
      WHERE $1 = '' OR e.name ILIKE $2 OR e.title ILIKE $2 OR a.email ILIKE $2
      ORDER BY e.created_at DESC, e.name LIMIT ${TEAM_EVENTS_LIMIT}`,
    [text, likePattern(text)],
  );
  return rows.map((row) => ({
    name: row.name,
    title: row.title,
    publicId: row.public_id,
    visibility: row.visibility,
    ownerEmail: row.owner_email ?? '',
    suspended: row.suspended,
    media: row.media,
    createdAt: row.created_at.toISOString(),
  }));
}
