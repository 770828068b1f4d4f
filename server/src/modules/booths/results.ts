import { IDENTIFIER_SOURCE } from '../../../../contract/names';
import type { Queryable } from '../../platform/db/database';
import { addToCollectionsOfAgent, MAX_LIST_LENGTH } from '../identity';

/** Which booth made a result. */
export type ResultKind = 'mirror' | '360';

const AGENT = new RegExp(IDENTIFIER_SOURCE);

/**
 * A booth finished something for the visitor `agent`: it is kept for them (the SPA picks it up
 * with `agentResults`, even when the page was closed meanwhile) and joins the collection of the
 * accounts that visitor created. Nothing happens for a session nobody was bound to.
 */
export async function recordAgentResult(db: Queryable, agent: string, url: string, kind: ResultKind): Promise<boolean> {
  if (!AGENT.test(agent)) return false;
  await db.query(
    'INSERT INTO agent_results (agent, url, kind) VALUES ($1, $2, $3) ON CONFLICT (agent, url) DO NOTHING',
    [agent, url, kind],
  );
  await addToCollectionsOfAgent(db, agent, url);
  return true;
}

/** The media URLs booths made for `agent`, oldest first. */
export async function agentResults(db: Queryable, agent: string): Promise<string[]> {
  const { rows } = await db.query<{ url: string }>(
    `SELECT url FROM (SELECT url, created_at, id FROM agent_results WHERE agent = $1 ORDER BY created_at DESC, id DESC
      LIMIT $2) newest
      ORDER BY created_at, id`,
    [agent, MAX_LIST_LENGTH],
  );
  return rows.map((row) => row.url);
}
