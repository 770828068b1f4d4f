import { COOKIE, encodeList, mergeLists, parseFlag, parseList, parseScalar } from '../../contract/cookieLists';
import { isAgentId } from '../../contract/agentId';
import type { AppStartListening } from '../store/appListener';
import type { CookieJar } from './cookieJar';
import { initialAuthState, type AuthState } from './authSlice';
import { initialCollectionState, type CollectionState } from './collectionSlice';
import type { PacksState } from './packsSlice';
import type { RootState } from '../store/rootReducer';
import type { VisitorState } from './visitorSlice';

/** The session's slices as the cookies describe them. */
export interface PersistedState {
  auth: AuthState;
  visitor: VisitorState;
  collection: CollectionState;
  packs: PacksState;
}

/** Local storage, where lists too long for a cookie are kept whole (null when refused). */
export type ListStore = Pick<Storage, 'getItem' | 'setItem'>;

/** The storage key of the whole collection. */
const COLLECTION_KEY = 'collection';

function readStoredList(store: ListStore | null, key: string): string[] {
  try {
    const raw = store?.getItem(key);
    const value: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(value) ? parseList(value.filter((v): v is string => typeof v === 'string').join(',')) : [];
  } catch {
    return [];
  }
}

function writeStoredList(store: ListStore | null, key: string, list: readonly string[]): void {
  try {
    store?.setItem(key, JSON.stringify(list));
  } catch {
    // Full or refused: the cookie still holds the newest entries.
  }
}

/**
 * The slices' state as the cookies describe it (docs/product.md#session-and-cookies), read once at start. A browser
 * caps a cookie near 4 KB (about 60 media paths), so the collection is also kept whole in local
 * storage: the two are merged, nothing collected is lost.
 */
export function readPersistedState(jar: CookieJar, store: ListStore | null = null): PersistedState {
  const agent = parseScalar(jar.get(COOKIE.agent));
  const orderId = parseScalar(jar.get(COOKIE.transaction));
  return {
    // loginRequired means nothing without the order it waits for.
    auth: {
      ...initialAuthState,
      pendingOrder: orderId
        ? {
            orderId,
            claim: parseScalar(jar.get(COOKIE.transactionClaim)),
            loginRequired: parseFlag(jar.get(COOKIE.loginRequired)),
          }
        : null,
    },
    visitor: {
      agent: isAgentId(agent) ? agent : '',
      events: parseList(jar.get(COOKIE.events)),
      eventName: parseScalar(jar.get(COOKIE.bname)) ?? '',
    },
    collection: {
      ...initialCollectionState,
      items: mergeLists(readStoredList(store, COLLECTION_KEY), parseList(jar.get(COOKIE.collection))),
    },
    packs: { hashes: parseList(jar.get(COOKIE.packs)) },
  };
}

interface CookieBinding {
  name: string;
  select: (state: RootState) => unknown;
  /** The cookie's value, or null to remove it. */
  encode: (state: RootState) => string | null;
}

const BINDINGS: CookieBinding[] = [
  { name: COOKIE.collection, select: (s) => s.collection.items, encode: (s) => encodeList(s.collection.items) },
  { name: COOKIE.packs, select: (s) => s.packs.hashes, encode: (s) => encodeList(s.packs.hashes) },
  { name: COOKIE.events, select: (s) => s.visitor.events, encode: (s) => encodeList(s.visitor.events) },
  { name: COOKIE.bname, select: (s) => s.visitor.eventName, encode: (s) => s.visitor.eventName || null },
  { name: COOKIE.agent, select: (s) => s.visitor.agent, encode: (s) => s.visitor.agent || null },
  // The pending order is one record, kept as three cookies (docs/product.md#session-and-cookies).
  {
    name: COOKIE.loginRequired,
    select: (s) => s.auth.pendingOrder,
    encode: (s) => (s.auth.pendingOrder?.loginRequired ? 'true' : null),
  },
  { name: COOKIE.transaction, select: (s) => s.auth.pendingOrder, encode: (s) => s.auth.pendingOrder?.orderId ?? null },
  {
    name: COOKIE.transactionClaim,
    select: (s) => s.auth.pendingOrder,
    encode: (s) => s.auth.pendingOrder?.claim ?? null,
  },
];

/** Writes a cookie whenever the state it mirrors changes (never from inside a reducer). */
export function mirrorStateToCookies(
  startListening: AppStartListening,
  jar: CookieJar,
  store: ListStore | null = null,
): void {
  startListening({
    predicate: (_action, current, previous) => current.collection.items !== previous.collection.items,
    effect: (_action, api) => writeStoredList(store, COLLECTION_KEY, api.getState().collection.items),
  });
  for (const binding of BINDINGS) {
    startListening({
      predicate: (_action, current, previous) => binding.select(current) !== binding.select(previous),
      effect: (_action, listenerApi) => {
        const value = binding.encode(listenerApi.getState());
        if (value === null || value === '') jar.remove(binding.name);
        else jar.set(binding.name, value);
      },
    });
  }
}
