import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isAgentId } from '../../../contract/agentId';
import { COOKIE, COOKIE_MAX_AGE_S, parseScalar } from '../../../contract/cookieLists';
import type { Database } from '../db/database';
import { takeRateSlot } from '../domain/rateLimit';
import { countedAddress } from './clientAddress';
import { readCookie, readDecodedCookie } from './visitorCookies';

/**
 * The visitor's agent (SPEC section 3: a random id in the `agent` cookie, which the SPA reads) is
 * vouched for by the server: a second cookie, `agent_sig`, httpOnly, holds an HMAC of it under
 * the server's secret. What is counted or granted per agent (face captures, an event's presence
 * grants, the account's device) counts only agents the server vouched for, and the server vouches
 * for a bounded number of new agents per address and hour: rotating made-up agents no longer
 * escapes a per-agent cap, nor writes grants without end (issue 25).
 */
export const AGENT_SIGNATURE_COOKIE = 'agent_sig';
/** New agents vouched for per address in an hour: a venue's guests share its Wi-Fi. */
export const AGENTS_PER_ADDRESS_HOURLY = 1_000;
const WINDOW_SECONDS = 60 * 60;
const SIGNATURE_LENGTH = 22;

declare module 'fastify' {
  interface FastifyRequest {
    /** The agent cookie's id when the server vouches for it (vouched for by this request if new), else null. */
    visitorAgent: string | null;
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

function setSignature(reply: FastifyReply, value: string, secure: boolean): void {
  reply.header('Set-Cookie', `${AGENT_SIGNATURE_COOKIE}=${value}; Path=/; Max-Age=${COOKIE_MAX_AGE_S}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`);
}

export interface VisitorAgentOptions {
  db: Database;
  key: Buffer;
  secure: boolean;
  /** What the hourly limit is multiplied by (the tests' servers raise it). */
  limitScale: number;
}

/**
 * Vouches for `agent` on this request and in the reply's `agent_sig` cookie, while the request's
 * address has vouchers left this hour (counted across app servers); false when it has none.
 */
export type VouchForAgent = (request: FastifyRequest, reply: FastifyReply, agent: string) => Promise<boolean>;

/** An address out of vouchers is not asked of the database again for this long (each ask is a transaction). */
const EXHAUSTED_MEMORY_MS = 60_000;
const EXHAUSTED_KEPT = 10_000;

function voucher({ db, key, secure, limitScale }: VisitorAgentOptions): VouchForAgent {
  const exhausted = new Map<string, number>();
  return async (request, reply, agent) => {
    const address = countedAddress(request.ip);
    const until = exhausted.get(address);
    if (until !== undefined && until > Date.now()) return false;
    const bucket = { key: `agent:ip:${address}`, limit: Math.ceil(AGENTS_PER_ADDRESS_HOURLY * limitScale) };
    if (!(await takeRateSlot(db, [bucket], WINDOW_SECONDS))) {
      // Insertion order is age: the oldest is forgotten first.
      if (exhausted.size >= EXHAUSTED_KEPT) exhausted.delete(exhausted.keys().next().value ?? '');
      exhausted.set(address, Date.now() + EXHAUSTED_MEMORY_MS);
      return false;
    }
    setSignature(reply, signAgent(key, agent), secure);
    request.visitorAgent = agent;
    return true;
  };
}

/**
 * Sets `request.visitorAgent` on every request: the agent cookie when its signature holds; an
 * agent cookie without one (one the SPA made itself, one from before signatures), vouched for on
 * the spot while its address has vouchers left; otherwise null, and the visitor is served as one
 * without an agent (nothing is refused but what needs one). Answers the voucher, for the pages
 * that hand out new agents.
 */
export function registerVisitorAgent(app: FastifyInstance, options: VisitorAgentOptions): VouchForAgent {
  const vouch = voucher(options);
  app.decorateRequest('visitorAgent', null);
  app.addHook('onRequest', async (request, reply) => {
    const agent = agentCookieOf(request);
    if (!agent) return;
    if (agentSignatureValid(options.key, agent, readCookie(request, AGENT_SIGNATURE_COOKIE))) request.visitorAgent = agent;
    else await vouch(request, reply, agent);
  });
  return vouch;
}
