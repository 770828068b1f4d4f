import { isAnyOf, isFulfilled, isRejected } from '@reduxjs/toolkit';
import { isAgentId } from '../../contract/agentId';
import { COOKIE, parseScalar } from '../../contract/cookieLists';
import type { AppStartListening } from '../store/appListener';
import type { CookieJar } from './cookieJar';
import { agentAssigned, selectAgent } from './visitorSlice';

/**
 * The visitor's agent is the server's to give (docs/api.md#the-visitors-agent-given-by-the-server): a browser
 * whose agent it did not sign (one this app made itself before the server's page could give one,
 * a shell served offline) gets a new agent in the cookie of the reply. Once a call comes back,
 * the agent the cookie holds is this visitor's, and the session takes it, so the next calls that
 * name the agent name the server's.
 */
export function adoptServerAgent(startListening: AppStartListening, cookies: CookieJar): void {
  startListening({
    // Every call's answer, whatever it was (the app's calls are RTK Query's thunks).
    matcher: isAnyOf(isFulfilled, isRejected),
    effect: (_action, listenerApi) => {
      const given = parseScalar(cookies.get(COOKIE.agent));
      if (isAgentId(given) && given !== selectAgent(listenerApi.getState())) listenerApi.dispatch(agentAssigned(given));
    },
  });
}
