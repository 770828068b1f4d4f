import type { EventVisibility } from '../../../../contract/wire';
import { isAgentId } from '../../../../contract/agentId';
import type { Database, Queryable } from '../../platform/db/database';
import { notFound, unauthenticated } from '../../platform/errors';
import type { EventName } from '../../../../contract/names';

/**
 * Who may see a link-only or private event (docs/api.md#who-may-see-an-event): its owner, the
 * team, and the people who were there. Presence is a grant, given to the visitor's agent (and to
 * their account once they sign in) when they open a collect link of one of its photos (the file's
 * random name is the secret), add one of its packs, or, for a link-only event, open its own link.
 * A private event also needs the visitor signed in (docs/product.md#roles-and-permissions); a link-only one does not.
 * Nobody else learns that the event exists: they get what an unknown event gets.
 */

/** How a grant was given. */
export type GrantVia = 'collect' | 'pack' | 'link' | 'account' | 'booth';

/** What the server knows of who asks: the account (token or media cookie), the agent cookie, the team. */
export interface Viewer {
  uid: string | null;
  agent: string | null;
  /** Asked only when the rest does not decide (a call to the identity policy). */
  isTeam: () => Promise<boolean>;
}

/** The event's side of the decision. */
export interface GuardedEvent {
  visibility: EventVisibility;
  owner_uid: string | null;
  /** When the paid order that unlocked it was refunded or charged back (migration 0014): only the team opens it. */
  suspended_at: Date | null;
}

/**
 * The event's side as the guard keeps it: with its wall link's key (migration 0019), which opens its files to a wall
 * (modules/access/http/wallSession.ts).
 */
export interface GuardedEventRow extends GuardedEvent {
  wall_key: string | null;
}

/**
 * 'open': go on; 'login': granted, but a private event needs a sign-in (401); 'hidden': as if there were no such event
 * (404).
 */
export type Opening = 'open' | 'login' | 'hidden';

export const agentHolder = (agent: string) => `agent:${agent}`;
export const uidHolder = (uid: string) => `uid:${uid}`;

/** What migration 0012 accepts after `uid:`. */
const UID_HOLDER = /^[^\s]{1,128}$/;

/** The grant holders a viewer speaks for. */
export function holdersOf(viewer: Pick<Viewer, 'uid' | 'agent'>): string[] {
  const holders: string[] = [];
  if (viewer.agent && isAgentId(viewer.agent)) holders.push(agentHolder(viewer.agent));
  // Any uid the identity service vouches for; one the grants table cannot hold is left out (no grant, never a 500).
  if (viewer.uid && UID_HOLDER.test(viewer.uid)) holders.push(uidHolder(viewer.uid));
  return holders;
}

/** Anyone may see it, nobody need be asked who they are: public, and not suspended (its paid order refunded). */
export const isOpenToAll = (event: GuardedEvent): boolean =>
  event.visibility === 'public' && event.suspended_at === null;

/** The decision, once the grant is known (`granted`: the viewer's agent or account holds one). */
export async function decideOpening(event: GuardedEvent, viewer: Viewer, granted: boolean): Promise<Opening> {
  if (isOpenToAll(event)) return 'open';
  if (event.suspended_at !== null) return viewer.uid !== null && (await viewer.isTeam()) ? 'open' : 'hidden';
  if (viewer.uid !== null && event.owner_uid === viewer.uid) return 'open';
  if (viewer.uid !== null && (await viewer.isTeam())) return 'open';
  if (!granted) return 'hidden';
  if (event.visibility === 'private' && viewer.uid === null) return 'login';
  return 'open';
}

/**
 * What of the event `decideOpening` reads: while it stays the same, so does every viewer's decision (their grants
 * aside).
 */
export function openingKey(event: GuardedEvent): string {
  return `${event.visibility} ${event.owner_uid ?? ''} ${event.suspended_at?.getTime() ?? ''}`;
}

export const LOGIN_FOR_PRIVATE = 'Este evento é privado. Faça login para ver as fotos.';

/** What an unknown event gets, and a stranger alike (404). */
export const unknownEvent = () => notFound('event_not_found', 'Evento não encontrado.');

/** The error of a refused opening: a stranger learns nothing, a guest who was there is asked to sign in. */
export function refusal(opening: Exclude<Opening, 'open'>) {
  return opening === 'login' ? unauthenticated(LOGIN_FOR_PRIVATE) : unknownEvent();
}

/** The event's side of the decision, or null for an unknown event. */
export async function guardedEvent(db: Queryable, name: string): Promise<GuardedEventRow | null> {
  const { rows } = await db.query<GuardedEventRow>(
    'SELECT visibility, owner_uid, suspended_at, wall_key FROM events WHERE name = $1',
    [name],
  );
  return rows[0] ?? null;
}

/** Which of `holders` hold a grant of the event. */
export async function grantedHolders(db: Queryable, event: string, holders: readonly string[]): Promise<Set<string>> {
  if (holders.length === 0) return new Set();
  // A grant written after the owner's revocation by a server that had not heard of it yet (or
  // from a link checked just before it) does not count: it is older than nothing it should be.
  const { rows } = await db.query<{ holder: string }>(
    `SELECT g.holder FROM event_grants g JOIN events e ON e.name = g.event_name
      WHERE g.event_name = $1 AND g.holder = ANY($2::text[])
        AND g.granted_at > coalesce(e.grants_reset_at, '-infinity')`,
    [event, holders],
  );
  return new Set(rows.map((row) => row.holder));
}

/**
 * The account of a guest who signs in holds what their agent holds: copied in one statement from
 * the agent's grant as it stands now (not from a server's memory of it), so a revocation that
 * came in between is not undone.
 */
export async function copyGrantToAccount(db: Queryable, event: string, agent: string, uid: string): Promise<void> {
  await db.query(
    // Not a grant older than the owner's revocation, nor one older than the account's erasure (the
    // person asked for what they were given to go: another phone's old grant does not bring it back).
    `INSERT INTO event_grants (event_name, holder, via)
     SELECT $1, $3, 'account' FROM event_grants g JOIN events e ON e.name = g.event_name
      WHERE g.event_name = $1 AND g.holder = $2 AND g.granted_at > coalesce(e.grants_reset_at, '-infinity')
        AND g.granted_at > coalesce((SELECT erased_at FROM accounts WHERE uid = $4), '-infinity')
     ON CONFLICT (event_name, holder) DO UPDATE SET granted_at = now(), via = 'account'
       WHERE event_grants.granted_at <= (SELECT coalesce(grants_reset_at, '-infinity') FROM events WHERE name = $1)`,
    [event, agentHolder(agent), uidHolder(uid), uid],
  );
}

/** Grants the event to each holder (a grant held already stays as it was). */
export async function grantEvent(
  db: Queryable,
  event: string,
  holders: readonly string[],
  via: GrantVia,
): Promise<void> {
  if (holders.length === 0) return;
  await db.query(
    `INSERT INTO event_grants (event_name, holder, via)
     SELECT $1, holder, $3 FROM unnest($2::text[]) AS holder
     ON CONFLICT (event_name, holder) DO UPDATE SET granted_at = now(), via = excluded.via
       WHERE event_grants.granted_at <= (SELECT coalesce(grants_reset_at, '-infinity') FROM events WHERE name = $1)`,
    [event, holders, via],
  );
}

/**
 * A collect link opened: when the file is one of its event's secrets (stored under a random name
 * after the owner last revoked the guests' access), grants the event to each holder, and answers
 * whether it is. The check and the grant are one statement that holds the event's row: a
 * revocation under way is waited for and its new reset read, so a link it takes back grants
 * nothing, and one that comes after finds the grant older than itself.
 */
export async function grantByCollectSecret(
  db: Queryable,
  ref: { eventName: EventName; mode: string; file: string },
  holders: readonly string[],
): Promise<boolean> {
  const { rows } = await db.query<{ secrets: number }>(
    `WITH secret AS (
       SELECT e.name FROM events e JOIN media m ON m.event_name = e.name
        WHERE m.event_name = $1 AND m.mode = $2 AND m.file = $3 AND m.unguessable
          AND m.created_at > coalesce(e.grants_reset_at, '-infinity')
        FOR SHARE OF e),
     granted AS (
       INSERT INTO event_grants (event_name, holder, via, granted_at)
       SELECT secret.name, holder, 'collect', clock_timestamp() FROM secret, unnest($4::text[]) AS holder
       ON CONFLICT (event_name, holder) DO UPDATE SET granted_at = clock_timestamp(), via = excluded.via
         WHERE event_grants.granted_at <= (SELECT coalesce(grants_reset_at, '-infinity') FROM events WHERE name = $1))
     SELECT count(*)::int AS secrets FROM secret`,
    [ref.eventName, ref.mode, ref.file, holders],
  );
  return rows[0].secrets > 0;
}

/** What the owner sees: how many visitors' agents and how many accounts hold a grant (never who). */
export interface GrantCounts {
  agents: number;
  accounts: number;
}

export async function grantCounts(db: Queryable, event: string): Promise<GrantCounts> {
  const { rows } = await db.query<GrantCounts>(
    `SELECT count(*) FILTER (WHERE holder LIKE 'agent:%')::int AS agents,
            count(*) FILTER (WHERE holder LIKE 'uid:%')::int AS accounts
       FROM event_grants WHERE event_name = $1`,
    [event],
  );
  return rows[0];
}

/**
 * The owner's "revoke every guest's access": every grant goes, the event gets a new link (its
 * public id) and loses its wall link, and collect links of what was stored until now no longer grant it. The owner and
 * the team keep theirs (they never needed a grant). Returns the new public id.
 */
export async function revokeGrants(db: Database, event: string, newPublicId: string): Promise<string> {
  return db.transaction(async (client) => {
    await client.query('DELETE FROM event_grants WHERE event_name = $1', [event]);
    const { rows } = await client.query<{ public_id: string }>(
      // The wall link goes too: whoever every guest's access is taken from must not keep a screen of the event.
      'UPDATE events SET public_id = $2, grants_reset_at = clock_timestamp(), wall_key = NULL WHERE name = $1 ' +
        'RETURNING public_id',
      [event, newPublicId],
    );
    return rows[0].public_id;
  });
}
