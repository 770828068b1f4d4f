import type { Account, AccountList, NewAccount, VisitorLists } from '../../../../contract/wire';
import { NAME_PATTERN } from '../../../../contract/names';
import { mediaUrl, parseMediaPath } from '../../../../contract/mediaPath';
import type { Identity } from './identity';
import type { Database, Queryable } from '../../platform/db/database';
import { conflict, invalid, notFound } from '../../platform/errors';
import { findMedia } from '../media';

type ListName = keyof VisitorLists;
const LISTS: ListName[] = ['collection', 'packs', 'events'];
const HASH_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
export const MAX_LIST_LENGTH = 5000;
/**
 * The most entries an account keeps in each of its lists: far more than a guest
 * gathers, and a bound on what one account can make the database hold.
 */
export const MAX_ACCOUNT_LIST = 2000;

const LIST_FULL_MESSAGE = 'Sua conta chegou ao limite de 2.000 itens nesta lista.';

/** Normalises one list entry, or null when it is not what that list holds. */
function normaliseEntry(list: ListName, value: string): string | null {
  const trimmed = value.trim();
  if (list === 'collection') {
    const ref = parseMediaPath(trimmed);
    return ref ? mediaUrl(ref) : null;
  }
  if (list === 'packs') return HASH_PATTERN.test(trimmed) ? trimmed : null;
  return NAME_PATTERN.test(trimmed) && trimmed.length <= 64 ? trimmed : null;
}

function normaliseList(list: ListName, values: readonly string[]): string[] {
  const out = new Set<string>();
  for (const value of values) {
    const entry = normaliseEntry(list, value);
    if (entry) out.add(entry);
    if (out.size >= MAX_LIST_LENGTH) break;
  }
  return [...out];
}

export function normaliseLists(lists: VisitorLists): VisitorLists {
  return {
    collection: normaliseList('collection', lists.collection),
    packs: normaliseList('packs', lists.packs),
    events: normaliseList('events', lists.events),
  };
}

/** The account JSON of createAccount, checked field by field. */
export function parseNewAccount(json: string): NewAccount {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw invalid('invalid_account', 'Dados da conta inválidos.');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw invalid('invalid_account', 'Dados da conta inválidos.');
  }
  const record = value as Record<string, unknown>;
  const text = (name: string, max: number) => {
    const field = record[name];
    if (field === undefined || field === null) return '';
    if (typeof field !== 'string' || field.length > max) throw invalid('invalid_account', `Campo ${name} inválido.`);
    return field.trim();
  };
  return {
    email: text('email', 254),
    agent: text('agent', 64),
    displayName: text('displayName', 100),
    photoURL: text('photoURL', 1000),
    phone: text('phone', 40),
    tiktok: text('tiktok', 100),
    instagram: text('instagram', 100),
    transactions: [],
  };
}

/** Makes sure the caller has an account row (a minimal one from the token when new). */
export async function ensureAccount(db: Queryable, identity: Identity): Promise<void> {
  await db.query('INSERT INTO accounts (uid, email) VALUES ($1, $2) ON CONFLICT (uid) DO NOTHING', [
    identity.uid,
    identity.email,
  ]);
}

/** The collection entries whose media exists: a stale or made-up link is not kept. */
async function existingMedia(db: Queryable, urls: readonly string[]): Promise<string[]> {
  const refs = urls.flatMap((url) => {
    const ref = parseMediaPath(url);
    return ref ? [{ url, ...ref }] : [];
  });
  if (refs.length === 0) return [];
  const { rows } = await db.query<{ url: string }>(
    `SELECT t.url FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) WITH ORDINALITY AS t(url, bname, mode,
      file, n)
      WHERE EXISTS (SELECT 1 FROM media m WHERE m.event_name = t.bname AND m.mode = t.mode AND m.file = t.file)
      ORDER BY t.n`,
    [refs.map((r) => r.url), refs.map((r) => r.eventName), refs.map((r) => r.mode), refs.map((r) => r.file)],
  );
  return rows.map((row) => row.url);
}

/**
 * Adds the entries to the account's lists within MAX_ACCOUNT_LIST each. `full`: what a list with
 * no room left does with new entries: `refuse` (409, the account as it was: one entry asked for)
 * or `keepWhatFits` (a merge of what a browser gathered: the first that fit are kept, the rest
 * dropped, so that a full collection never stops the packs and events from merging). One writer
 * per account at a time, so two calls at once cannot both pass the bound.
 */
async function addWithinBounds(
  db: Queryable,
  uid: string,
  lists: Partial<VisitorLists>,
  full: 'refuse' | 'keepWhatFits',
): Promise<void> {
  await db.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`account:${uid}`]);
  for (const list of LISTS) {
    const values = lists[list] ?? [];
    if (values.length === 0) continue;
    const held = (
      await db.query<{ n: number }>('SELECT count(*)::int AS n FROM account_items WHERE uid = $1 AND list = $2', [
        uid,
        list,
      ])
    ).rows[0].n;
    const { rows } = await db.query<{ value: string }>(
      `SELECT v.value FROM unnest($3::text[]) WITH ORDINALITY AS v(value, n)
        WHERE NOT EXISTS (SELECT 1 FROM account_items a WHERE a.uid = $1 AND a.list = $2 AND a.value = v.value) ORDER
          BY v.n`,
      [uid, list, values],
    );
    const fresh = rows.map((row) => row.value);
    const room = Math.max(0, MAX_ACCOUNT_LIST - held);
    if (fresh.length > room && full === 'refuse') throw conflict('account_list_full', LIST_FULL_MESSAGE);
    await addEntries(db, uid, list, fresh.slice(0, room));
  }
}

async function addEntries(db: Queryable, uid: string, list: ListName, values: readonly string[]): Promise<void> {
  if (values.length === 0) return;
  // unnest keeps the given order in `position` (a serial), so lists read back in order.
  await db.query(
    `INSERT INTO account_items (uid, list, value)
     SELECT $1, $2, v FROM unnest($3::text[]) WITH ORDINALITY AS t(v, n) ORDER BY n
     ON CONFLICT DO NOTHING`,
    [uid, list, values],
  );
}

async function readLists(db: Queryable, uid: string): Promise<VisitorLists> {
  const { rows } = await db.query<{ list: ListName; value: string }>(
    'SELECT list, value FROM account_items WHERE uid = $1 ORDER BY position',
    [uid],
  );
  const lists: VisitorLists = { collection: [], packs: [], events: [] };
  for (const row of rows) lists[row.list].push(row.value);
  return lists;
}

/** What of a visitor's lists an account keeps: well-formed entries, and collected media that exists. */
async function keptLists(db: Queryable, lists: VisitorLists): Promise<VisitorLists> {
  const clean = normaliseLists(lists);
  return { ...clean, collection: await existingMedia(db, clean.collection) };
}

/** createAccount: `ok` for a new account, `already_exists` (and nothing changed) otherwise. */
export async function createAccount(
  db: Database,
  identity: Identity,
  account: NewAccount,
  lists: VisitorLists,
): Promise<'ok' | 'already_exists'> {
  return db.transaction(async (client) => {
    const inserted = await client.query(
      `INSERT INTO accounts (uid, email, agent, display_name, photo_url, phone, tiktok, instagram)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (uid) DO NOTHING`,
      [
        identity.uid,
        identity.email || account.email,
        account.agent,
        account.displayName,
        account.photoURL,
        account.phone,
        account.tiktok,
        account.instagram,
      ],
    );
    if (inserted.rowCount === 0) return 'already_exists';
    await addWithinBounds(client, identity.uid, await keptLists(client, lists), 'keepWhatFits');
    return 'ok';
  });
}

/** updateAccount: adds the visitor's lists to the account and answers the union. */
export async function mergeIntoAccount(db: Database, identity: Identity, lists: VisitorLists): Promise<VisitorLists> {
  return db.transaction(async (client) => {
    await ensureAccount(client, identity);
    await addWithinBounds(client, identity.uid, await keptLists(client, lists), 'keepWhatFits');
    return readLists(client, identity.uid);
  });
}

export async function addToAccount(db: Database, identity: Identity, list: AccountList, value: string): Promise<void> {
  const entry = normaliseEntry(list, value);
  if (!entry) throw invalid('invalid_value', list === 'packs' ? 'Pack inválido.' : 'Foto inválida.');
  // Only media that exists is collected: a mistyped or stale link must not stay in an account.
  const ref = list === 'collection' ? parseMediaPath(entry) : null;
  if (ref && !(await findMedia(db, ref))) throw notFound('media_not_found', 'Esta foto não foi encontrada.');
  await db.transaction(async (client) => {
    await ensureAccount(client, identity);
    await addWithinBounds(client, identity.uid, { [list]: [entry] }, 'refuse');
  });
}

/**
 * 'Pegar todas': the photos a face search found join the account's collection at once,
 * as `modifyAccount/add/collection` adds one (the caller has checked they exist and are the
 * visitor's). A collection without room for them all takes none (409 `account_list_full`).
 */
export async function addManyToCollection(db: Database, identity: Identity, urls: readonly string[]): Promise<void> {
  const entries = normaliseList('collection', urls);
  if (entries.length === 0) return;
  await db.transaction(async (client) => {
    await ensureAccount(client, identity);
    await addWithinBounds(client, identity.uid, { collection: entries }, 'refuse');
  });
}

/**
 * A booth made `url` for the visitor `agent` (the mirror's image, the 360 video): it joins the
 * collection of every account created from that visitor's browser, as `modifyAccount/add/collection`
 * would add it. Answers how many accounts got it.
 */
export async function addToCollectionsOfAgent(db: Queryable, agent: string, url: string): Promise<number> {
  const entry = normaliseEntry('collection', url);
  if (agent === '' || !entry) return 0;
  // Each account's writer lock, as addWithinBounds takes it (the caller's transaction holds it):
  // a full collection (MAX_ACCOUNT_LIST) takes nothing more, the result stays in agentResults.
  await db.query(
    `SELECT pg_advisory_xact_lock(hashtext('account:' || uid)) FROM (SELECT uid FROM accounts WHERE agent = $1 ` +
      `ORDER BY uid) a`,
    [agent],
  );
  const { rowCount } = await db.query(
    `INSERT INTO account_items (uid, list, value)
     SELECT a.uid, 'collection', $2 FROM accounts a
      WHERE a.agent = $1 AND (SELECT count(*) FROM account_items i WHERE i.uid = a.uid AND i.list = 'collection') < $3
     ON CONFLICT DO NOTHING`,
    [agent, entry, MAX_ACCOUNT_LIST],
  );
  return rowCount ?? 0;
}

interface AccountRow {
  email: string;
  agent: string;
  display_name: string;
  photo_url: string;
  phone: string;
  tiktok: string;
  instagram: string;
  partner: string;
}

export interface AccountView extends Account {
  collection: string[];
  packs: string[];
}

export async function readAccount(db: Database, identity: Identity): Promise<AccountView | null> {
  const { rows } = await db.query<AccountRow>('SELECT * FROM accounts WHERE uid = $1', [identity.uid]);
  const row = rows[0];
  if (!row) return null;
  const lists = await readLists(db, identity.uid);
  const orders = await db.query<{ order_id: string }>(
    'SELECT order_id FROM orders WHERE uid = $1 ORDER BY created_at',
    [identity.uid],
  );
  return {
    email: row.email || identity.email,
    agent: row.agent,
    displayName: row.display_name,
    photoURL: row.photo_url,
    phone: row.phone,
    tiktok: row.tiktok,
    instagram: row.instagram,
    transactions: orders.rows.map((o) => o.order_id),
    partner: row.partner,
    events: lists.events,
    collection: lists.collection,
    packs: lists.packs,
  };
}
