import type { Queryable } from '../../platform/db/database';

/** Team members beyond the configuration's TEAM_EMAILS: the team_members table (seeds add them). */
export async function isListedTeamMember(db: Queryable, email: string): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM team_members WHERE email = $1', [email]);
  return (rowCount ?? 0) > 0;
}
