import { COOKIE, encodeList, mergeLists, parseFlag, parseList, parseScalar } from '../../contract/cookieLists';
import { isAgentId } from '../../contract/agentId';
import type { AppStartListening } from './appListener';
import type { CookieJar } from './cookieJar';
import type { RootState } from './rootReducer';
import { initialSessionState, type SessionState } from './sessionSlice';

/** Local storage, where lists too long for a cookie are kept whole (null when refused). */
export type ListStore = Pick<Storage, 'getItem' | 'setItem'>;

/** The storage key of the whole collection. */
export const COLLECTION_KEY = 'collection';

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
 * The slices' state as the cookies describe it (SPEC section 3), read once at start. A browser
 * caps a cookie near 4 KB (about 60 media paths), so the collection is also kept whole in local
 * storage: the two are merged, nothing collected is lost.
 */
export function readPersistedState(jar: CookieJar, store: ListStore | null = null): { session: SessionState } {
  const agent = parseScalar(jar.get(COOKIE.agent));
  return {
    session: {
      ...initialSessionState,
      agent: isAgentId(agent) ? agent : '',
      events: parseList(jar.get(COOKIE.events)),
      bname: parseScalar(jar.get(COOKIE.bname)) ?? '',
      collection: mergeLists(readStoredList(store, COLLECTION_KEY), parseList(jar.get(COOKIE.collection))),
      packs: parseList(jar.get(COOKIE.packs)),
      loginRequired: parseFlag(jar.get(COOKIE.loginRequired)),
      pendingTransaction: parseScalar(jar.get(COOKIE.transaction)),
      pendingClaim: parseScalar(jar.get(COOKIE.transactionClaim)),
    },
  };
}

interface CookieBinding {
  name: string;
  select: (state: RootState) => unknown;
  /** The cookie's value, or null to remove it. */
  encode: (state: RootState) => string | null;
}

const BINDINGS: CookieBinding[] = [
  { name: COOKIE.collection, select: (s) => s.session.collection, encode: (s) => encodeList(s.session.collection) },
  { name: COOKIE.packs, select: (s) => s.session.packs, encode: (s) => encodeList(s.session.packs) },
  { name: COOKIE.events, select: (s) => s.session.events, encode: (s) => encodeList(s.session.events) },
  { name: COOKIE.bname, select: (s) => s.session.bname, encode: (s) => s.session.bname || null },
  { name: COOKIE.agent, select: (s) => s.session.agent, encode: (s) => s.session.agent || null },
  {
    name: COOKIE.loginRequired,
    select: (s) => s.session.loginRequired,
    encode: (s) => (s.session.loginRequired ? 'true' : null),
  },
  {
    name: COOKIE.transaction,
    select: (s) => s.session.pendingTransaction,
    encode: (s) => s.session.pendingTransaction,
  },
  {
    name: COOKIE.transactionClaim,
    select: (s) => s.session.pendingClaim,
    encode: (s) => s.session.pendingClaim,
  },
];

/** Writes a cookie whenever the state it mirrors changes (never from inside a reducer). */
export function mirrorStateToCookies(startListening: AppStartListening, jar: CookieJar, store: ListStore | null = null): void {
  startListening({
    predicate: (_action, current, previous) => current.session.collection !== previous.session.collection,
    effect: (_action, api) => writeStoredList(store, COLLECTION_KEY, api.getState().session.collection),
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
