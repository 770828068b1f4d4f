import type { IdentityGateway } from '../api/identityGateway';
import { adoptServerAgent } from './agentAdoption';
import { syncAgentResults } from './agentResults';
import type { AppStartListening } from '../store/appListener';
import type { CookieJar } from './cookieJar';
import { refetchOnIdentityChange } from './identityRefetch';
import { watchIdentity } from './identityWatch';
import { keepMediaSession } from './mediaSession';
import { linkPendingOrder } from './pendingOrder';
import { mirrorStateToCookies, type ListStore } from './persistence';
import { syncVisitor } from './visitorSync';

export interface SessionServices {
  /** Where guest state persists; omitted, nothing is written (tests that don't care). */
  cookies?: CookieJar;
  /** Local storage for lists too long for a cookie. */
  storage?: ListStore | null;
  /** The identity service; without one nobody can sign in (tests that don't care). */
  identity?: IdentityGateway;
}

/** The session's side effects, registered on a new store's listener middleware. */
export function registerSessionListeners(
  startListening: AppStartListening,
  { cookies, storage = null, identity }: SessionServices,
): void {
  if (cookies) {
    mirrorStateToCookies(startListening, cookies, storage);
    adoptServerAgent(startListening, cookies);
  }
  if (identity) watchIdentity(startListening, identity);
  linkPendingOrder(startListening);
  syncVisitor(startListening);
  syncAgentResults(startListening);
  keepMediaSession(startListening);
  refetchOnIdentityChange(startListening);
}
