import { COOKIE, encodeList, parseFlag, parseList, parseScalar } from '../lib/cookieLists';
import { isAgentId } from '../lib/agentId';
import { initialAuthState } from '../features/auth/authSlice';
import type { CookieJar } from './cookieJar';
import type { AppStartListening, RootState } from './store';

/** The slices' state as the cookies describe it (SPEC section 3), read once at start. */
export function readPersistedState(jar: CookieJar) {
  const agent = parseScalar(jar.get(COOKIE.agent));
  const transaction = parseScalar(jar.get(COOKIE.transaction));
  return {
    visitor: {
      agent: isAgentId(agent) ? agent : '',
      events: parseList(jar.get(COOKIE.events)),
      bname: parseScalar(jar.get(COOKIE.bname)) ?? '',
    },
    collection: { items: parseList(jar.get(COOKIE.collection)) },
    packs: { hashes: parseList(jar.get(COOKIE.packs)) },
    auth: {
      ...initialAuthState,
      loginRequired: parseFlag(jar.get(COOKIE.loginRequired)),
      pendingTransaction: transaction,
    },
  } satisfies Partial<RootState>;
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
  { name: COOKIE.bname, select: (s) => s.visitor.bname, encode: (s) => s.visitor.bname || null },
  { name: COOKIE.agent, select: (s) => s.visitor.agent, encode: (s) => s.visitor.agent || null },
  {
    name: COOKIE.loginRequired,
    select: (s) => s.auth.loginRequired,
    encode: (s) => (s.auth.loginRequired ? 'true' : null),
  },
  {
    name: COOKIE.transaction,
    select: (s) => s.auth.pendingTransaction,
    encode: (s) => s.auth.pendingTransaction,
  },
];

/** Writes a cookie whenever the state it mirrors changes (never from inside a reducer). */
export function mirrorStateToCookies(startListening: AppStartListening, jar: CookieJar): void {
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
