import type { FastifyRequest } from 'fastify';
import { IDENTIFIER_SOURCE } from '../../../../../contract/names';
import { forbidden } from '../../../platform/errors';

const AGENT_SOURCE = new RegExp(IDENTIFIER_SOURCE);

export const AGENT_NOT_VOUCHED_MESSAGE = 'Não reconhecemos este aparelho. Recarregue a página e tente de novo.';

/**
 * An agent named in a path, a query or a body is no proof of anything (it leaks: proxy logs, a
 * mirror's screen, a shared link): a route that acts for the agent it names answers only the
 * browser that agent was signed for (modules/access/http/visitorAgent.ts), 403 `agent_not_vouched` for anyone
 * else. A value that is no agent at all is left to the schema (400); an absent one names nobody.
 */
export function requireOwnAgent(request: FastifyRequest, named: unknown): void {
  if (typeof named === 'string' && AGENT_SOURCE.test(named) && named !== request.visitorAgent) {
    throw forbidden('agent_not_vouched', AGENT_NOT_VOUCHED_MESSAGE);
  }
}

type Part = 'params' | 'query' | 'body';

/**
 * The route hook that checks the agent named in one part of the request. Params and query are
 * checked on `onRequest` (before a body is read); a body's agent on `preHandler`, once validated.
 */
export function ownAgentIn(part: Part, field = 'agent'): (request: FastifyRequest) => Promise<void> {
  return async (request) => {
    const value = request[part] as Record<string, unknown> | undefined | null;
    requireOwnAgent(request, value?.[field]);
  };
}
