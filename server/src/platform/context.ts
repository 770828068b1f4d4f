import type { RateLimitOptions } from '@fastify/rate-limit';
import type { ServerConfig } from './config';
import type { ChangeFeed } from './db/changeFeed';
import type { Database } from './db/database';
import type { JobQueue } from './db/jobQueue';
import type { LiveStreamCaps } from './http/liveStreamCaps';
import type { LimitedRoute } from './http/rateLimits';

/**
 * What every route module receives: the configuration and the handles the domain works with.
 * The infrastructure's handles are declared here; a module that puts a handle of its own on the
 * context declares it in its entry (`declare module '.../platform/context'`), so that the
 * platform names no module and every module reads the one context app.ts builds.
 */
export interface AppContext {
  config: ServerConfig;
  db: Database;
  /**
   * What changed in the tables guests poll, from any writer (platform/db/changeFeed.ts): what is kept in memory
   * follows it.
   */
  changes: ChangeFeed;
  /** Background work in PostgreSQL, done by whichever server's worker takes it (platform/db/jobQueue.ts). */
  jobs: JobQueue;
  /** What device keys are hashed with (modules/booths/deviceKeys.ts), kept out of the database. */
  devicePepper: Buffer;
  /** The live streams this server holds open, and their caps (per visitor, per address, in all). */
  liveStreams: LiveStreamCaps;
  /** The `config.rateLimit` of a limited route (the table in platform/http/rateLimits.ts, scaled for the app). */
  rateLimit: (route: LimitedRoute) => RateLimitOptions;
  /**
   * What every limit is multiplied by (RATE_LIMIT_SCALE; the tests' servers raise it): limits kept in the database
   * follow it too.
   */
  limitScale: number;
}
