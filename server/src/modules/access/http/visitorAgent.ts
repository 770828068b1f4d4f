import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isAgentId, newAgentId } from '../../../../../contract/agentId';
import { COOKIE, COOKIE_MAX_AGE_S, parseScalar } from '../../../../../contract/cookieLists';
import { CATALOGUE_PREFIX } from '../../../platform/storage/catalogue';
import { PUBLIC_MEDIA_PATH } from './publicMediaAddress';
import { readCookie, readDecodedCookie, setVisitorCookie } from './visitorCookies';

/**
 * The visitor's agent (docs/product.md#session-and-cookies: a random id in the `agent` cookie, which the SPA reads) is
 * the server's to give: a second cookie, `agent_sig`, httpOnly, holds an HMAC of it under the
 * server's secret, and only an agent with its signature is anyone. An agent cookie without one
 * (made up, one the SPA made itself, one from before signatures) is never taken: the request is
 * served as a new visitor, whose agent and signature its reply sets. A new visitor costs an HMAC,
 * nothing anyone can use up: a client that makes up a thousand agents leaves every guest after it
 * theirs (docs/api.md#the-visitors-agent-given-by-the-server).
 */
export const AGENT_SIGNATURE_COOKIE = 'agent_sig';
const SIGNATURE_LENGTH = 22;

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The agent the server signed for this browser (given by this request's reply if new), or null for a visitor
     * without one.
     */
    visitorAgent: string | null;
    /**
     * Whether `visitorAgent` was given by this request's reply (the request brought no agent the
     * server signed): such a visitor is nobody yet, and a rate limit counts the request by its
     * address (platform/http/rateLimits.ts), or a client making up an agent a request would be a new person each.
     */
    visitorIssued: boolean;
  }
}

/** The key agents are signed with, derived from the server's secret (never the secret itself). */
export function agentSigningKey(secret: Buffer): Buffer {
  return crypto.createHmac('sha256', secret).update('visitor-agent-v1').digest();
}

/** The signature of an agent: 128 bits of HMAC-SHA256, base64url. */
export function signAgent(key: Buffer, agent: string): string {
  return crypto.createHmac('sha256', key).update(agent).digest('base64url').slice(0, SIGNATURE_LENGTH);
}

export function agentSignatureValid(key: Buffer, agent: string, signature: string | undefined): boolean {
  if (!signature || signature.length !== SIGNATURE_LENGTH) return false;
  return crypto.timingSafeEqual(Buffer.from(signature), Buffer.from(signAgent(key, agent)));
}

/** The agent id the request's `agent` cookie holds, as the SPA reads it, when it is one. */
export function agentCookieOf(request: FastifyRequest): string | null {
  const agent = parseScalar(readDecodedCookie(request, COOKIE.agent));
  return agent && isAgentId(agent) ? agent : null;
}

export interface VisitorAgentOptions {
  key: Buffer;
  secure: boolean;
}

/** Gives the request a new visitor: a new agent, signed, in the reply's cookies; answers it. */
export type IssueVisitor = (request: FastifyRequest, reply: FastifyReply) => string;

function issuer({ key, secure }: VisitorAgentOptions): IssueVisitor {
  return (request, reply) => {
    const agent = newAgentId();
    setVisitorCookie(reply, COOKIE.agent, agent, secure);
    reply.header(
      'Set-Cookie',
      `${AGENT_SIGNATURE_COOKIE}=${signAgent(key, agent)}; Path=/; Max-Age=${COOKIE_MAX_AGE_S}; HttpOnly; ` +
        `SameSite=Lax${secure ? '; Secure' : ''}`,
    );
    request.visitorAgent = agent;
    request.visitorIssued = true;
    return agent;
  };
}

/**
 * Answers a shared cache may keep for everyone (the catalogue's images, media served for a CDN,
 * the build's hashed assets): a visitor's cookie in one would be given to every later browser
 * the cache serves, or make the cache keep nothing. Nothing there needs an agent.
 */
const SHARED_CACHE_PREFIXES = [CATALOGUE_PREFIX, `${PUBLIC_MEDIA_PATH}/`, '/assets/'];
const VISITOR_COOKIE = new RegExp(`^(${COOKIE.agent}|${AGENT_SIGNATURE_COOKIE})=`);
const sharedCacheable = (url: string) => SHARED_CACHE_PREFIXES.some((prefix) => url.startsWith(prefix));

/**
 * Takes a new visitor's cookies out of an answer a shared cache may keep (Cache-Control `public`:
 * a public event's photo, a redirect to the CDN): a proxy caching it would give them to everyone.
 */
export function keepVisitorOutOfSharedCache(reply: FastifyReply): void {
  if (!/\bpublic\b/.test(String(reply.getHeader('cache-control') ?? ''))) return;
  const cookies = reply.getHeader('set-cookie');
  if (cookies === undefined) return;
  const kept = [cookies]
    .flat()
    .map(String)
    .filter((cookie) => !VISITOR_COOKIE.test(cookie));
  reply.removeHeader('set-cookie');
  if (kept.length > 0) reply.header('set-cookie', kept);
}

/**
 * Sets `request.visitorAgent` on every request: the agent cookie when its signature holds; a new
 * visitor when the request brings an agent cookie without a valid signature (the SPA takes the
 * new agent from the cookie its reply sets); otherwise null, and the visitor is served as one
 * without an agent (nothing is refused but what needs one). Answers the issuer, for the pages
 * that give a first visit its agent.
 */
export function registerVisitorAgent(app: FastifyInstance, options: VisitorAgentOptions): IssueVisitor {
  const issue = issuer(options);
  app.decorateRequest('visitorAgent', null);
  app.decorateRequest('visitorIssued', false);
  app.addHook('onRequest', async (request, reply) => {
    if (readCookie(request, COOKIE.agent) === undefined) return;
    const agent = agentCookieOf(request);
    if (agent && agentSignatureValid(options.key, agent, readCookie(request, AGENT_SIGNATURE_COOKIE)))
      request.visitorAgent = agent;
    else if (!sharedCacheable(request.url)) issue(request, reply);
  });
  // Whatever the path, an answer a shared cache may keep leaves without a visitor's cookies (a
  // scope that sets its Cache-Control later, the media gate, asks again: mediaGate.ts).
  app.addHook('onSend', async (_request, reply, payload) => {
    keepVisitorOutOfSharedCache(reply);
    return payload;
  });
  return issue;
}
