import { apiErrorCode } from './apiError';

/**
 * The server gives the visitor's agent (docs/api.md#the-visitors-agent-given-by-the-server). A call that names an
 * agent it never signed (one the app made itself, a shell the service worker served after the
 * cookies were cleared) is refused 403 `agent_not_vouched`, and its reply sets a new agent, which
 * the session takes as the refusal comes back (src/session/agentAdoption.ts). Such a refusal says
 * nothing of what the guest asked for: the call is to be made again under the session's new agent.
 */

/** Whether `error` refused the agent a call named, `named`, while the session now holds another one. */
export function refusedFormerAgent(error: unknown, named: string, agentNow: string): boolean {
  return apiErrorCode(error) === 'agent_not_vouched' && agentNow !== named;
}

/**
 * Calls that went out side by side with an agent the server never signed (a page's first calls)
 * are each given an agent of their own, and the last reply's cookie wins: a call made again may
 * meet the agent of a reply that came in while it went. Two renewals cover that; each needs the
 * session to hold an agent the call has not named yet, so none goes on forever.
 */
const MAX_RENEWALS = 2;

/**
 * Makes a call that names the visitor's agent under the session's agent (`agentNow`, read as the
 * call goes), and again under the new one when the server refused the agent named and gave
 * another: the guest sees the answer, not the refusal. Any other answer is the call's.
 */
export async function asOwnAgent<Result extends { error?: unknown }>(
  agentNow: () => string,
  call: (agent: string) => PromiseLike<Result>,
): Promise<Result> {
  let named = agentNow();
  let result = await call(named);
  for (
    let renewals = 0;
    renewals < MAX_RENEWALS && refusedFormerAgent(result.error, named, agentNow());
    renewals += 1
  ) {
    named = agentNow();
    result = await call(named);
  }
  return result;
}
