import crypto from 'node:crypto';
import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tooMany } from '../errors';
import type { WindowCounts } from '../db/windowCounts';
import { countedAddress } from './clientAddress';
import { rateClientKey, sharedRateStore, type RateClient } from './rateLimitStore';

/**
 * One limited route: at most `perMinute` requests a minute from one person (a signed-in account,
 * a visitor by their signed agent, or an address without either), and `perAddress` from one
 * address whoever makes them. A venue's guests share its Wi-Fi's address: `perAddress` is sized
 * for a party of VENUE_PHONES phones, so that no guest meets it while one person meets their own.
 */
export interface RouteLimit {
  perMinute: number;
  perAddress: number;
  /**
   * Counted per account (the token's) when signed in: the route needs a login, and the account
   * is who calls whatever the browser.
   */
  byAccount?: boolean;
  /**
   * Counted by each app server alone, not shared: a balancer asks every server the same question,
   * and n servers must give it n allowances.
   */
  perServer?: boolean;
  /** What the refusal says, when the route has words of its own for it. */
  refusal?: { error: string; message: string };
}

/** The party the per-address ceilings are sized for: its phones behind one address. */
export const VENUE_PHONES = 500;

/**
 * The limits of the routes a flood or a guesser would hurt, for a party: a guest checks packs and
 * prints a few photos a minute, nobody fills a form ten times a minute. The ceilings per address
 * are what VENUE_PHONES guests do together at the busiest minute of a party, with room to spare;
 * the shop's and the partners' routes are nobody's at a venue, and keep theirs low.
 */
export const RATE_LIMITS = {
  // Every page with the guest's packs asks: a few times a minute per phone.
  validatePacks: { perMinute: 60, perAddress: 20 * VENUE_PHONES },
  // A printer prints a few photos a minute; a guest sends a handful.
  print: { perMinute: 30, perAddress: 3 * VENUE_PHONES },
  // The print widget asks every few seconds while a job of the guest's is queued or printing.
  printStatus: { perMinute: 120, perAddress: 40 * VENUE_PHONES },
  landingForm: { perMinute: 10, perAddress: 100 },
  check_bname: { perMinute: 60, perAddress: 600 },
  free_bname: { perMinute: 60, perAddress: 600 },
  check_bname_partner: { perMinute: 60, perAddress: 600 },
  authorize_partner: { perMinute: 10, perAddress: 60 },
  set_transaction: { perMinute: 20, perAddress: 200 },
  order: { perMinute: 20, perAddress: 200 },
  process_payment_card: { perMinute: 10, perAddress: 60 },
  // A waiting order's page asks every few seconds (two tabs: 40 a minute) until it is paid.
  orderStatus: { perMinute: 60, perAddress: 600 },
  // The face model takes most of a second of a server per selfie: a venue's guests take turns.
  uploadFace: {
    perMinute: 10,
    perAddress: VENUE_PHONES,
    refusal: {
      error: 'too_many_uploads',
      message: 'Muitas fotos enviadas em pouco tempo. Espere um minuto e tente de novo.',
    },
  },
  // The face screen asks again for the kept selfie's photos when it opens, and hides or shows the face.
  faceSearch: { perMinute: 30, perAddress: 5 * VENUE_PHONES },
  // 'Pegar todas': one tap collects every photo found (a search each time); a guest taps it once or twice.
  collectFound: { perMinute: 10, perAddress: 2 * VENUE_PHONES },
  privacyErase: { perMinute: 10, perAddress: VENUE_PHONES },
  // 'Quero receber as fotos': a guest leaves a contact once or twice (a typo fixed); a withdrawal is as rare.
  guestContact: { perMinute: 10, perAddress: VENUE_PHONES },
  // 'Receber minhas fotos': a guest subscribes once or twice (a typo fixed), and stops once.
  delivery: { perMinute: 10, perAddress: VENUE_PHONES },
  // 'Parar de receber' from a message's link: once per guest, from wherever they read it; bounds guessing tokens.
  deliveryStop: { perMinute: 10, perAddress: VENUE_PHONES },
  // A guest's own photos link ('Suas fotos'): opened from a message a few times, 'Adicionar à minha coleção' once or
  // twice; bounds guessing tokens.
  deliveryCollection: { perMinute: 20, perAddress: 2 * VENUE_PHONES },
  // A message's photo link: a phone's app fetches it once or twice, a mail reader a few times.
  deliveryPhoto: { perMinute: 60, perAddress: 10 * VENUE_PHONES },
  // 'Baixar todas': each answer streams up to a whole party from the store; a guest asks once or twice.
  downloadGallery: { perMinute: 20, perAddress: 2 * VENUE_PHONES },
  downloadCollection: { perMinute: 20, perAddress: 2 * VENUE_PHONES },
  // A guest's lists: a sign-in, the first call after it, and a collect per tap.
  createAccount: { perMinute: 10, perAddress: VENUE_PHONES, byAccount: true },
  updateAccount: { perMinute: 30, perAddress: 5 * VENUE_PHONES, byAccount: true },
  modifyAccount: { perMinute: 60, perAddress: 20 * VENUE_PHONES, byAccount: true },
  // The wall's night, a page of 30 at a time: a screen asks one every few minutes (every slide, 8
  // s, on a night of a photo or two); a room has a few screens. Bounds reading a night's codes.
  wallNight: { perMinute: 20, perAddress: 20 * 20 },
  // A photo collected in the app without a page load: a tap, or the offline queue's collects sent one after another.
  collect: { perMinute: 60, perAddress: 10 * VENUE_PHONES },
  // A phone tells of each photo it shared ('A festa em números'): a guest shares a few a minute.
  shareBeacon: { perMinute: 30, perAddress: 5 * VENUE_PHONES },
  // A balancer probes each server every few seconds (docs/operations.md): 120 a minute is one every
  // half second from one address, to each server; its storage check is kept a few seconds anyway.
  readyz: { perMinute: 120, perAddress: 6 * 120, perServer: true },
} as const satisfies Record<string, RouteLimit>;

export type LimitedRoute = keyof typeof RATE_LIMITS;

export const TOO_MANY_REQUESTS_MESSAGE = 'Muitas tentativas em pouco tempo. Espere um minuto e tente de novo.';

const WINDOW_MS = 60_000;

/**
 * How the app's limits are set: `scale` multiplies every limit (the tests' servers raise them so
 * that only the rate-limit tests meet them), `overrides` sets a route's limit per minute (and its
 * ceiling per address to a venue's worth of it).
 */
export interface RateLimitSettings {
  scale?: number;
  overrides?: Partial<Record<LimitedRoute, number>>;
}

/**
 * Registers the plugin for the routes that ask for it (`config.rateLimit`), none by default,
 * counting in window counts shared by every app server (`counts`; platform/db/windowCounts.ts).
 */
export async function registerRateLimits(app: FastifyInstance, counts: WindowCounts): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    store: sharedRateStore(counts),
    // An allowed call says nothing of the limit (a guesser would pace itself by it, and every
    // poll would carry the bytes); a refused one says when to come back (Retry-After).
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    // A domain refusal: the error handler answers it as a 429 `{ error, message }` the SPA shows.
    errorResponseBuilder: (request) => {
      const { refusal } =
        (request.routeOptions.config as { rateLimit?: { refusal?: RouteLimit['refusal'] } }).rateLimit ?? {};
      return refusal
        ? tooMany(refusal.error, refusal.message)
        : tooMany('too_many_requests', TOO_MANY_REQUESTS_MESSAGE);
    },
  });
  app.addHook('onClose', () => counts.close());
}

/**
 * Who a request counts for: its account on a route counted by account (the auth guard ran before
 * the limit: it is a hook of the routes' scope, the limit one of the route's own), else its
 * visitor when it brought the agent the server signed (modules/access/http/visitorAgent.ts), else its address;
 * and always its address (as `trustProxy` decides it; an IPv6 one by its /64). A visitor given
 * by this request's reply counts as its address: a client that sends a made-up agent on every
 * request is given a new one each time, and would otherwise be a new person each time.
 */
function clientOf(request: FastifyRequest, { byAccount }: RouteLimit): RateClient {
  const address = countedAddress(request.ip);
  if (byAccount && request.identity) return { person: `uid:${request.identity.uid}`, address };
  if (request.visitorAgent && !request.visitorIssued) return { person: `agent:${request.visitorAgent}`, address };
  return { person: `ip:${address}`, address };
}

/** The client of a limit counted by each server alone: its keys are the server's own (`server`, drawn for its app). */
function onServer(server: string, { person, address }: RateClient): RateClient {
  return { person: `${server} ${person}`, address: `${server} ${address}` };
}

/** The `config.rateLimit` of one route, from the table and the app's settings (the store reads `addressMax`). */
export function routeRateLimit(
  route: LimitedRoute,
  settings: RateLimitSettings = {},
): RateLimitOptions & { addressMax: number; refusal?: RouteLimit['refusal'] } {
  const limit: RouteLimit = RATE_LIMITS[route];
  const scale = settings.scale ?? 1;
  const override = settings.overrides?.[route];
  const perMinute = override ?? limit.perMinute * scale;
  const perAddress = override !== undefined ? override * VENUE_PHONES : limit.perAddress * scale;
  // Drawn as the app declares the route, so each app server (and each app of a test) has its own.
  const server = limit.perServer ? `server:${crypto.randomBytes(8).toString('hex')}` : null;
  return {
    max: Math.max(1, Math.round(perMinute)),
    addressMax: Math.max(1, Math.round(perAddress)),
    timeWindow: WINDOW_MS,
    keyGenerator: (request) =>
      rateClientKey(server === null ? clientOf(request, limit) : onServer(server, clientOf(request, limit))),
    ...(limit.refusal ? { refusal: limit.refusal } : {}),
  };
}
