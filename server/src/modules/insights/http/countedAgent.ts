import type { FastifyRequest } from 'fastify';
import { agentOf } from '../../access';

/**
 * The visitor an action counts once for: the agent its browser sent back. One handed out by this very request is
 * nobody's yet (a client that keeps no cookie gets a new one each time, and would count at every retry).
 */
export function countedAgent(request: FastifyRequest): string | null {
  return request.visitorIssued ? null : agentOf(request);
}
