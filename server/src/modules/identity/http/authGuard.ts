import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { forbidden, unauthenticated, unavailable } from '../../../platform/errors';
import type { Identity } from '../identity';
import { isIdentityServiceUnavailable, type IdentityVerifier } from './identityTokens';

/** What a route demands of its caller (route `config.auth`). */
export type AuthRequirement = 'none' | 'optional' | 'required' | 'team';

declare module 'fastify' {
  interface FastifyRequest {
    identity: Identity | null;
  }
  interface FastifyContextConfig {
    auth?: AuthRequirement;
    /**
     * Refuse a token of a disabled account or of revoked sessions (one more call to the identity
     * service). By default only on team routes; partner routes ask for it too.
     */
    checkRevoked?: boolean;
  }
}

export interface TeamPolicy {
  /** From the configuration (TEAM_EMAILS). */
  emails: readonly string[];
  /** Further members (the team_members table). */
  isListed(email: string): Promise<boolean>;
  /** The emulator has no e-mail verification; elsewhere a team e-mail must be verified. */
  requireVerifiedEmail: boolean;
}

export async function isTeamMember(identity: Identity | null, policy: TeamPolicy): Promise<boolean> {
  if (!identity || !identity.email) return false;
  if (policy.requireVerifiedEmail && !identity.emailVerified) return false;
  const email = identity.email.toLowerCase();
  return policy.emails.includes(email) || (await policy.isListed(email));
}

/**
 * Verifies the `idToken` header of every route that asks for it. A token that is present but not
 * valid is refused even where identity is optional: the SPA then knows to sign in again.
 * It runs on `onRequest`: a refused caller gets its 401/403 before the body is read or validated.
 */
export function registerAuthGuard(app: FastifyInstance, verifier: IdentityVerifier, team: TeamPolicy): void {
  app.decorateRequest('identity', null);
  // A callback hook, not an async one: most calls (a gallery's polls, a pack check) carry no
  // token and pass without a promise of their own.
  app.addHook('onRequest', (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
    const requirement = request.routeOptions.config?.auth ?? 'none';
    if (requirement === 'none') return done();
    const header = request.headers.idtoken;
    if (!header && requirement === 'optional') return done();
    identify(request, requirement, verifier, team).then(() => done(), done);
  });
}

/** Who the caller is, or the refusal its token earns (401, 403, 503). */
async function identify(
  request: FastifyRequest,
  requirement: Exclude<AuthRequirement, 'none'>,
  verifier: IdentityVerifier,
  team: TeamPolicy,
): Promise<void> {
  const checkRevoked = request.routeOptions.config?.checkRevoked ?? requirement === 'team';
  const header = request.headers.idtoken;
  const token = Array.isArray(header) ? header[0] : header;
  if (!token) {
    if (requirement === 'optional') return;
    throw unauthenticated();
  }
  try {
    request.identity = await verifier.verify(token, { checkRevoked });
  } catch (error) {
    if (isIdentityServiceUnavailable(error)) {
      request.log.error({ err: error }, 'identity service unreachable');
      throw unavailable('identity_unavailable', 'O serviço de login está indisponível. Tente novamente em instantes.');
    }
    throw unauthenticated('Sua sessão expirou. Faça login novamente.');
  }
  if (requirement === 'team' && !(await isTeamMember(request.identity, team))) {
    throw forbidden('not_team', 'Apenas a equipe pode fazer isso.');
  }
}

/** The caller's identity on a route whose requirement guarantees one. */
export function caller(request: FastifyRequest): Identity {
  if (!request.identity) throw unauthenticated();
  return request.identity;
}
