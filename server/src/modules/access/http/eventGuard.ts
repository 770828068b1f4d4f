import type { FastifyRequest } from 'fastify';
import { isTeamMember, type TeamPolicy } from '../../identity';
import type { Viewer } from '../eventAccess';

/**
 * Who asks, as the access service (modules/access/accessService.ts) wants to know: HTTP turns a request
 * into a viewer, and the service decides what the viewer may see.
 */

/**
 * The visitor's agent, from the cookie the SPA keeps it in (docs/product.md#session-and-cookies), when the server
 * signed it (modules/access/http/visitorAgent.ts): grants are written for such agents only.
 */
export function agentOf(request: FastifyRequest): string | null {
  return request.visitorAgent;
}

/** The viewer of an API call: its token's account, its agent cookie, the team by the token's e-mail. */
export function apiViewer(request: FastifyRequest, team: TeamPolicy): Viewer {
  return {
    uid: request.identity?.uid ?? null,
    agent: agentOf(request),
    isTeam: () => isTeamMember(request.identity, team),
  };
}
