import type { PrivacyCounts, PrivacySummary } from '../../../../contract/wire';
import type { Database, Queryable } from '../../platform/db/database';
import { deleteResultMedia, type MediaStorage } from '../media';
import {
  deleteExpiredFaces,
  lockFacesOf,
  noteSelfiesForgotten,
  purgeExpiredHiddenFaces,
  purgeExpiredSelfies,
  removeFaceFiles,
} from '../faces';
import { ensureAccount, type Identity } from '../identity';
import { failJobsWithoutMedia, removeSpentPrintFiles } from '../print';
import { agentHolder, uidHolder } from '../access';
import { eraseContactsOf, purgeExpiredContacts } from '../guestContacts';
import { eraseDeliveriesOf, purgeExpiredDeliveries } from '../delivery';

/**
 * A guest's data in their hands (LGPD, Lei 13.709/2018): what the server keeps of a visitor, and
 * its erasure. A visitor is their device's agent (the random id of the `agent` cookie) and, when
 * signed in, their account, whose own agent (the device it was created on) is theirs too.
 */

/** Leads of the landing page's contact form are kept this many months, then deleted. */
export const LEAD_RETENTION_MONTHS = 24;
/**
 * Booth results (AI mirror images, 360 videos) wait for the visitor's device this many days: the
 * life of the device's cookies (34,000,000 s, docs/product.md#constants-and-limits), after which nobody can claim them.
 */
export const RESULT_RETENTION_DAYS = 394;
/**
 * 'Não me mostre' (face_hidden) lasts as long after it was asked: the agent that asked may be gone
 * with its cookies by then, and nobody would be left to ask to be found again. Asking again starts it over.
 */
export const HIDDEN_FACE_RETENTION_DAYS = RESULT_RETENTION_DAYS;
const DAY_MS = 24 * 60 * 60 * 1000;

/** What an erasure keeps, said to the guest in the reply (the SPA shows its own words too). */
export const KEPT_AFTER_ERASURE =
  'Pedidos e pagamentos continuam guardados, como exige a lei fiscal, e as fotos do evento continuam na ' +
  'galeria do evento, que pertence ao evento.';

/** The agents of this visitor: the device's, and the one their account was created with. */
async function agentsOf(db: Queryable, agent: string, identity: Identity | null): Promise<string[]> {
  const agents = new Set([agent]);
  if (identity) {
    const { rows } = await db.query<{ agent: string }>('SELECT agent FROM accounts WHERE uid = $1', [identity.uid]);
    const own = rows[0]?.agent ?? '';
    if (/^[A-Za-z0-9_-]{1,64}$/.test(own)) agents.add(own);
  }
  return [...agents];
}

async function listCounts(
  db: Queryable,
  identity: Identity | null,
): Promise<Pick<PrivacyCounts, 'collection' | 'packs' | 'events'>> {
  const counts = { collection: 0, packs: 0, events: 0 };
  if (!identity) return counts;
  const { rows } = await db.query<{ list: keyof typeof counts; n: number }>(
    'SELECT list, count(*)::int AS n FROM account_items WHERE uid = $1 GROUP BY list',
    [identity.uid],
  );
  for (const row of rows) counts[row.list] = row.n;
  return counts;
}

/** The right of access: how much of each kind the server keeps of this visitor. */
export async function privacySummary(db: Database, agent: string, identity: Identity | null): Promise<PrivacySummary> {
  const agents = await agentsOf(db, agent, identity);
  const lists = await listCounts(db, identity);
  // Face captures kept before face search stopped keeping them, and the face search's own: a selfie's descriptor, a
  // hidden face.
  const faces = await db.query<{ n: number }>(
    `SELECT ((SELECT count(*) FROM faces WHERE name = ANY($1::text[])) + (SELECT count(*) FROM face_selfies WHERE agent
      = ANY($1::text[]))
            + (SELECT count(*) FROM face_hidden WHERE agent = ANY($1::text[])))::int AS n`,
    [agents],
  );
  const results = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM agent_results WHERE agent = ANY($1::text[])',
    [agents],
  );
  const grants = await db.query<{ n: number }>(
    'SELECT count(DISTINCT event_name)::int AS n FROM event_grants WHERE holder = ANY($1::text[])',
    [holdersOfErasure(agents, identity)],
  );
  const orders = identity
    ? await db.query<{ n: number }>('SELECT count(*)::int AS n FROM orders WHERE uid = $1', [identity.uid])
    : null;
  return {
    ...lists,
    faces: faces.rows[0].n,
    results: results.rows[0].n,
    grants: grants.rows[0].n,
    orders: orders?.rows[0].n ?? 0,
  };
}

/**
 * 'Apagar minhas fotos': the visitor's face captures and booth results (by agent: the rows, and the
 * results' own media, the mirror's images and 360 videos) and, signed in, the account's lists
 * (collection, packs, events), and the grants of the events they were at (the agents' and the
 * account's), in one transaction; then the files of the faces and of the results.
 * Orders and payments stay (tax law), and so do the event's media (they are the event's). The
 * account itself stays (signing in still works), with empty lists. A repeat removes nothing more.
 */
export async function eraseVisitorData(
  db: Database,
  storage: Pick<MediaStorage, 'remove' | 'objects'>,
  agent: string,
  identity: Identity | null,
): Promise<PrivacyCounts> {
  const { counts, files, agents, media } = await db.transaction(async (client) => {
    const agents = await agentsOf(client, agent, identity);
    // One erasure (or selfie saved) of an agent at a time; a search under way when it comes keeps no selfie after it.
    for (const one of [...agents].sort()) await lockFacesOf(client, one);
    await noteSelfiesForgotten(client, agents);
    const lists = { collection: 0, packs: 0, events: 0 };
    if (identity) {
      const { rows } = await client.query<{ list: keyof typeof lists }>(
        'DELETE FROM account_items WHERE uid = $1 RETURNING list',
        [identity.uid],
      );
      for (const row of rows) lists[row.list] += 1;
    }
    const faces = await client.query<{ file: string }>(
      'DELETE FROM faces WHERE name = ANY($1::text[]) RETURNING file',
      [agents],
    );
    const searchFaces = await client.query('DELETE FROM face_selfies WHERE agent = ANY($1::text[])', [agents]);
    const hiddenFaces = await client.query('DELETE FROM face_hidden WHERE agent = ANY($1::text[])', [agents]);
    // A contact left to receive photos goes too, its erasure noted in the consent log.
    await eraseContactsOf(client, agents);
    // So does a subscription to receive photos, with the messages sent (docs/privacy.md#photos-delivered).
    await eraseDeliveriesOf(client, agents);
    const results = await client.query<{ url: string }>(
      'DELETE FROM agent_results WHERE agent = ANY($1::text[]) RETURNING url',
      [agents],
    );
    // The results are theirs, not the event's: their media go too (never a gallery's booth media).
    const media = await deleteResultMedia(client, { urls: results.rows.map((row) => row.url) });
    // A print of one of them not yet made will not be: its copy goes back to its pack.
    await failJobsWithoutMedia(client);
    // Which events they were at (their presence grants) says where they have been: it goes too,
    // and another phone's older grant is no longer copied into the account (eventAccess.copyGrantToAccount).
    const grants = await client.query<{ event_name: string }>(
      'DELETE FROM event_grants WHERE holder = ANY($1::text[]) RETURNING event_name',
      [holdersOfErasure(agents, identity)],
    );
    if (identity) {
      // Noted on the account even when it had no row yet: the erasure is what the copy checks.
      await ensureAccount(client, identity);
      await client.query('UPDATE accounts SET erased_at = clock_timestamp() WHERE uid = $1', [identity.uid]);
    }
    return {
      counts: {
        ...lists,
        faces: faces.rows.length + (searchFaces.rowCount ?? 0) + (hiddenFaces.rowCount ?? 0),
        results: results.rowCount ?? 0,
        grants: new Set(grants.rows.map((row) => row.event_name)).size,
      },
      files: faces.rows.map((row) => row.file),
      agents,
      media,
    };
  });
  await removeFaceFiles(storage.objects, files, agents);
  for (const ref of media) await storage.remove(ref);
  // The print files of their photos (a job just failed above) go with them.
  await removeSpentPrintFiles(db, storage.objects);
  return counts;
}

function holdersOfErasure(agents: readonly string[], identity: Identity | null): string[] {
  return [...agents.map(agentHolder), ...(identity ? [uidHolder(identity.uid)] : [])];
}

export interface Purged {
  faces: number;
  leads: number;
  results: number;
  /** Guests' contacts past the days their consent said. */
  contacts: number;
  /** Subscriptions to receive photos, and messages sent, past the event's retention. */
  deliveries: number;
}

/**
 * The retention periods the privacy page states, applied: what is older goes, the booth results'
 * own media too (rows, then files).
 */
export async function purgeExpired(
  db: Database,
  storage: Pick<MediaStorage, 'remove' | 'objects'>,
  now = new Date(),
): Promise<Purged> {
  const faces =
    (await deleteExpiredFaces(db, storage.objects, now)) +
    (await purgeExpiredSelfies(db, now)) +
    (await purgeExpiredHiddenFaces(db, HIDDEN_FACE_RETENTION_DAYS, now));
  const leads = await db.query('DELETE FROM leads WHERE created_at < $1::timestamptz - make_interval(months => $2)', [
    now.toISOString(),
    LEAD_RETENTION_MONTHS,
  ]);
  const results = await db.query(
    'DELETE FROM agent_results WHERE created_at < $1::timestamptz - make_interval(days => $2)',
    [now.toISOString(), RESULT_RETENTION_DAYS],
  );
  const media = await deleteResultMedia(db, {
    createdBefore: new Date(now.getTime() - RESULT_RETENTION_DAYS * DAY_MS),
  });
  await failJobsWithoutMedia(db);
  for (const ref of media) await storage.remove(ref);
  await removeSpentPrintFiles(db, storage.objects);
  const contacts = await purgeExpiredContacts(db, now);
  const deliveries = await purgeExpiredDeliveries(db, now);
  return { faces, leads: leads.rowCount ?? 0, results: results.rowCount ?? 0, contacts, deliveries };
}
