import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Queryable } from '../db/database';
import { tooMany } from '../domain/errors';
import { countedAddress } from './clientAddress';
import { databaseRateStore } from './rateLimitStore';

/** One limited route: at most `perMinute` requests a minute from one client (address, and agent when the route names one). */
export interface RouteLimit {
  perMinute: number;
  /** The route parameter that holds the visitor's agent, when the route has one. */
  agentParam?: string;
  /**
   * Counted per account (the token's), not per address: the route needs a login, and a venue's
   * guests share its Wi-Fi's address.
   */
  byAccount?: boolean;
}

/**
 * The limits of the routes a flood or a guesser would hurt, per client and per route, for a party:
 * a guest checks packs and prints a few photos a minute, nobody fills a form ten times a minute.
 */
export const RATE_LIMITS = {
  validatePacks: { perMinute: 60 },
  print: { perMinute: 30 },
  // The print widget asks every few seconds while a job of the guest's is queued or printing.
  printStatus: { perMinute: 120 },
  landingForm: { perMinute: 10 },
  check_bname: { perMinute: 60 },
  check_bname_partner: { perMinute: 60 },
  authorize_partner: { perMinute: 10 },
  set_transaction: { perMinute: 20 },
  order: { perMinute: 20 },
  process_payment_card: { perMinute: 10 },
  uploadFace: { perMinute: 10, agentParam: 'name' },
  // The face screen asks again for the kept selfie's photos when it opens, and hides or shows the face.
  faceSearch: { perMinute: 30, agentParam: 'agent' },
  privacyErase: { perMinute: 10 },
  // 'Baixar todas': each answer streams up to a whole party from the store; a guest asks once or twice.
  downloadGallery: { perMinute: 20 },
  downloadCollection: { perMinute: 20 },
  // A guest's lists: a sign-in, the first call after it, and a collect per tap.
  createAccount: { perMinute: 10, byAccount: true },
  updateAccount: { perMinute: 30, byAccount: true },
  modifyAccount: { perMinute: 60, byAccount: true },
} as const satisfies Record<string, RouteLimit>;

export type LimitedRoute = keyof typeof RATE_LIMITS;

export const TOO_MANY_REQUESTS_MESSAGE = 'Muitas tentativas em pouco tempo. Espere um minuto e tente de novo.';

const WINDOW_MS = 60_000;

/**
 * How the app's limits are set: `scale` multiplies every limit (the tests' servers raise them so
 * that only the rate-limit tests meet them), `overrides` sets a route's limit per minute.
 */
export interface RateLimitSettings {
  scale?: number;
  overrides?: Partial<Record<LimitedRoute, number>>;
}

/**
 * Registers the plugin for the routes that ask for it (`config.rateLimit`), none by default,
 * counting in the database (every app server shares the counts) or in this process's memory.
 */
export async function registerRateLimits(app: FastifyInstance, counts: { store: 'database' | 'memory'; db: Queryable }): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    ...(counts.store === 'database' ? { store: databaseRateStore(counts.db) } : {}),
    // An allowed call says nothing of the limit (a guesser would pace itself by it, and every
    // poll would carry the bytes); a refused one says when to come back (Retry-After).
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    // A domain refusal: the error handler answers it as a 429 `{ error, message }` the SPA shows.
    errorResponseBuilder: () => tooMany('too_many_requests', TOO_MANY_REQUESTS_MESSAGE),
  });
}

/**
 * The client a request counts for: its account on a route counted by account (the auth guard ran
 * before the limit: it is a hook of the routes' scope, the limit one of the route's own); else its
 * address (as `trustProxy` decides it; an IPv6 one by its /64), and its agent when the route has one.
 */
function clientKey(request: FastifyRequest, { agentParam, byAccount }: RouteLimit): string {
  if (byAccount && request.identity) return `uid:${request.identity.uid}`;
  const agent = agentParam ? (request.params as Record<string, unknown> | undefined)?.[agentParam] : undefined;
  const address = countedAddress(request.ip);
  return typeof agent === 'string' && agent !== '' ? `${address} ${agent}` : address;
}

/** The `config.rateLimit` of one route, from the table and the app's settings. */
export function routeRateLimit(route: LimitedRoute, settings: RateLimitSettings = {}): RateLimitOptions {
  const limit: RouteLimit = RATE_LIMITS[route];
  const perMinute = settings.overrides?.[route] ?? limit.perMinute * (settings.scale ?? 1);
  return {
    max: Math.max(1, Math.round(perMinute)),
    timeWindow: WINDOW_MS,
    keyGenerator: (request) => clientKey(request, limit),
  };
}
