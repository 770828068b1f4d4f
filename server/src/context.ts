import type { FaceEngine } from './faces/faceEngine';
import type { RateLimitOptions } from '@fastify/rate-limit';
import type { TeamPolicy } from './auth/guard';
import type { IdentityVerifier } from './auth/identity';
import type { ServerConfig } from './config';
import type { ChangeFeed } from './db/changeFeed';
import type { Database } from './db/database';
import type { LiveStreamCaps } from './http/liveStreamCaps';
import type { MediaAccess } from './http/mediaGate';
import type { LimitedRoute } from './http/rateLimits';
import type { PaymentProvider } from './payments/paymentProvider';
import type { MediaStorage } from './storage/mediaStorage';
import type { JobQueue } from './db/jobQueue';

/** What every route module receives: the configuration and the handles the domain works with. */
export interface AppContext {
  config: ServerConfig;
  db: Database;
  /** What changed in the tables guests poll, from any writer (db/changeFeed.ts): what is kept in memory follows it. */
  changes: ChangeFeed;
  verifier: IdentityVerifier;
  team: TeamPolicy;
  storage: MediaStorage;
  /** The face model, in a worker thread of its own. */
  faces: FaceEngine;
  /** Background work in PostgreSQL, done by whichever server's worker takes it (db/jobQueue.ts). */
  jobs: JobQueue;
  /** Mercado Pago, or its sandbox without credentials (never in production). */
  payments: PaymentProvider;
  /** What device keys are hashed with (domain/deviceKeys.ts), kept out of the database. */
  devicePepper: Buffer;
  /** The media cookie's keys and the events' visibility cache (http/mediaGate.ts). */
  mediaAccess: MediaAccess;
  /** The live streams this server holds open, and their caps (per visitor, per address, in all). */
  liveStreams: LiveStreamCaps;
  /** The `config.rateLimit` of a limited route (the table in http/rateLimits.ts, scaled for the app). */
  rateLimit: (route: LimitedRoute) => RateLimitOptions;
  /** What every limit is multiplied by (RATE_LIMIT_SCALE; the tests' servers raise it): limits kept in the database follow it too. */
  limitScale: number;
}
