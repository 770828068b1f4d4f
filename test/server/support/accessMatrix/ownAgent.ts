import type { InjectOptions } from 'fastify';
import { anyone, type Expected, type Matrix } from './callers';
import { next, server } from './world';

/**
 * A route that acts for the agent it names (docs/api.md#the-visitors-agent-given-by-the-server): the visitor's own
 * browser sends that agent's cookies; the callers whose browsers send their own agent cookie, and
 * the attacker who learnt the agent, are someone else (403).
 */
export const ownAgentOf = (matrix: Matrix): Matrix => ({
  ...matrix,
  agentThief: 403,
  wallHolder: 403,
  owner: 403,
  attendee: 403,
  attendeeSignedOut: 403,
  packHolder: 403,
  invited: 403,
  team: 403,
});
export const ownAgentOnly = (expected: Expected): Matrix => ownAgentOf(anyone(expected));

/** A request of a fresh visitor to a route that names its agent, from that visitor's browser. */
export const ownAgentRequest = (method: 'GET' | 'POST' | 'DELETE', url: (agent: string) => string): InjectOptions => {
  const agent = `agentef${next()}`;
  return { method, url: url(agent), headers: { cookie: server.visitorCookie(agent) } };
};
