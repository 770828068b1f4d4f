import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { WindowCount, WindowCounts } from '../db/windowCounts';

/**
 * Who a request counts for on a limited route: the person (an account, a visitor, or an address
 * without either) and the address they call from, which a venue's guests share.
 */
export interface RateClient {
  person: string;
  address: string;
}

/** The plugin hands the store one string per request: the two parts, joined by a character neither holds. */
const JOIN = '\n';

export function rateClientKey({ person, address }: RateClient): string {
  return `${person}${JOIN}${address}`;
}

/** A route's options as the store reads them: the plugin merges the route's `config.rateLimit` into them. */
interface RouteOptions {
  routeInfo?: { method?: unknown; url?: unknown };
  /** At most this many requests a window from one address, whoever makes them. */
  addressMax?: number;
}

/**
 * A store for @fastify/rate-limit over shared window counts (platform/db/windowCounts.ts): each request
 * counts for its person, under the route's `max`, and, when its person's limit allows it, for its
 * address, under the route's `addressMax` (a venue's worth of people). The answer is the person's count, or one past
 * `max` when the address is over its ceiling, so that the plugin refuses either way with the window's
 * time left in Retry-After.
 */
export function sharedRateStore(counts: WindowCounts): FastifyRateLimitStoreCtor {
  class SharedRateStore implements FastifyRateLimitStore {
    constructor(
      options?: FastifyRateLimitOptions,
      /** What this store's counts are kept under: its route (the plugin makes one store per route). */
      private readonly scope = '',
      private readonly addressMax = Number.POSITIVE_INFINITY,
    ) {
      void options;
    }

    incr(
      key: string,
      callback: (error: Error | null, result?: WindowCount) => void,
      timeWindow: number,
      max?: number,
    ): void {
      const at = key.lastIndexOf(JOIN);
      const person = at < 0 ? key : key.slice(0, at);
      const address = at < 0 || !Number.isFinite(this.addressMax) ? null : key.slice(at + 1);
      const limit = max ?? Number.POSITIVE_INFINITY;
      // A request its person's own limit refuses is not counted for the address: one phone
      // hammering past its limit would fill its venue's ceiling, and every other phone there be refused.
      const withAddress = (own: WindowCount): WindowCount | Promise<WindowCount> => {
        if (address === null || own.current > limit) return own;
        const shared = counts.count(`${this.scope}|address ${address}`, this.addressMax, timeWindow);
        return shared instanceof Promise
          ? shared.then((place) => this.answer(own, place, limit))
          : this.answer(own, shared, limit);
      };
      const own = counts.count(`${this.scope}|${person}`, limit, timeWindow);
      const result = own instanceof Promise ? own.then(withAddress) : withAddress(own);
      // Decided from memory (nearly every request): answered in this turn, with no promise between.
      if (!(result instanceof Promise)) {
        callback(null, result);
        return;
      }
      result.then(
        (count) => callback(null, count),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    /** The person's count, or one past `max` when the address is over its ceiling. */
    private answer(own: WindowCount, shared: WindowCount, max: number): WindowCount {
      if (shared.current > this.addressMax)
        return { current: Math.max(own.current, max + 1), ttl: Math.max(own.ttl, shared.ttl) };
      return own;
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      const { routeInfo, addressMax } = routeOptions as RouteOptions;
      return new SharedRateStore(
        undefined,
        `${String(routeInfo?.method ?? '')} ${String(routeInfo?.url ?? '')}`,
        addressMax,
      );
    }
  }

  return SharedRateStore;
}
