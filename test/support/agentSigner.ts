import { HttpResponse } from 'msw';
import type { CookieJar } from '../../src/session/cookieJar';

/**
 * The server's side of the visitor's agent (docs/api.md#the-visitors-agent-given-by-the-server), as the browser's
 * cookies see it: an agent cookie the server signed is that visitor's; any other is served as a
 * new visitor, whose agent the reply sets in the cookie (before the app reads the answer, as the
 * browser does with Set-Cookie); a route that names an agent answers only its own visitor.
 */
export function agentSigner(cookies: CookieJar, signed: readonly string[] = []) {
  const vouched = new Set(signed);
  let issued = 0;

  /** Who the request is: the signed agent of its cookie, a new one given in its place, or null without any. */
  function visitor(): string | null {
    const agent = cookies.get('agent');
    if (agent === undefined) return null;
    if (vouched.has(agent)) return agent;
    issued += 1;
    const given = `dadopeloservidor${String(issued).padStart(4, '0')}`;
    vouched.add(given);
    cookies.set('agent', given);
    return given;
  }

  return {
    visitor,
    /**
     * The route's check (server/src/modules/access/http/ownAgent.ts): 403 agent_not_vouched when `named` is not the
     * request's own agent.
     */
    refusal(named: string): Response | null {
      return named === visitor()
        ? null
        : HttpResponse.json(
            {
              error: 'agent_not_vouched',
              message: 'Não reconhecemos este aparelho. Recarregue a página e tente de novo.',
            },
            { status: 403 },
          );
    },
    /** The browser lost the signature of this agent (its cookies cleared, the agent kept by the app). */
    forget(agent: string): void {
      vouched.delete(agent);
    },
  };
}
