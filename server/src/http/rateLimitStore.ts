import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Queryable } from '../db/database';
import { countInWindow, forgetEndedWindows } from '../domain/rateLimit';

/** Expired counters are swept once in this many counts (by whichever server makes it). */
const SWEEP_EVERY = 1000;

/**
 * A store for @fastify/rate-limit that counts in PostgreSQL (ARCHITECTURE section 4a): every app
 * server counts the same requests, so a limit of N a minute allows N in all, whichever servers
 * answer them. A fixed window per route and client, as the plugin's memory store counts: one
 * statement per request counts and reads, and concurrent requests of one client queue on its row,
 * so none slips past the limit.
 */
export function databaseRateStore(db: Queryable): FastifyRateLimitStoreCtor {
  let counted = 0;

  async function count(key: string, windowMs: number): Promise<{ current: number; ttl: number }> {
    const result = await countInWindow(db, key, windowMs);
    counted += 1;
    // The sweep is nobody's request: it runs beside them, and a failed one only waits for the next.
    if (counted % SWEEP_EVERY === 0) void forgetEndedWindows(db).catch(() => undefined);
    return result;
  }

  class DatabaseRateStore implements FastifyRateLimitStore {
    /** What the counts of this store are kept under: its route (the plugin makes one store per route). */
    private readonly scope: string;

    constructor(options?: FastifyRateLimitOptions, scope = '') {
      void options;
      this.scope = scope;
    }

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      count(`${this.scope}|${key}`, timeWindow).then(
        (result) => callback(null, result),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      // The plugin hands a route's merged options, its route under `routeInfo`.
      const route = (routeOptions as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo;
      return new DatabaseRateStore(undefined, `${String(route?.method ?? '')} ${String(route?.url ?? '')}`);
    }
  }

  return DatabaseRateStore;
}
