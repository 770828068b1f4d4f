import { isFulfilled, isRejected, type UnknownAction } from '@reduxjs/toolkit';
import { api } from '../api/apiSlice';
import { isAgentId } from '../../contract/agentId';
import { COOKIE, parseScalar } from '../../contract/cookieLists';
import type { AppStartListening } from './appListener';
import type { CookieJar } from './cookieJar';
import { agentAssigned, selectAgent } from './visitorSlice';

/** An answer of the server to one of the app's calls, whatever it was. */
const answered = (action: UnknownAction) => action.type.startsWith(`${api.reducerPath}/`) && (isFulfilled(action) || isRejected(action));

/**
 * The visitor's agent is the server's to give (docs/api.md, "The visitor's agent"): a browser
 * whose agent it did not sign (one this app made itself before the server's page could give one,
 * a shell served offline) gets a new agent in the cookie of the reply. Once a call comes back,
 * the agent the cookie holds is this visitor's, and the session takes it, so the next calls that
 * name the agent name the server's.
 */
export function adoptServerAgent(startListening: AppStartListening, cookies: CookieJar): void {
  startListening({
    predicate: (action) => answered(action),
    effect: (_action, listenerApi) => {
      const given = parseScalar(cookies.get(COOKIE.agent));
      if (isAgentId(given) && given !== selectAgent(listenerApi.getState())) listenerApi.dispatch(agentAssigned(given));
    },
  });
}
