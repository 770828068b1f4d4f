import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../../platform/db/database';
import { databaseAnswers } from '../databaseHealth';
import type { MediaStorage } from '../../media';
import type { JobQueue } from '../../../platform/db/jobQueue';
import type { RateLimitOptions } from '@fastify/rate-limit';
import type { LimitedRoute } from '../../../platform/http/rateLimits';
import { sharedCheck } from '../../../platform/http/sharedCheck';

declare module 'fastify' {
  interface FastifyInstance {
    /** From now on `/readyz` says 503: the balancer is to send nothing new (a SIGTERM's drain). */
    markStopping(): void;
  }
}

/** A check that does not answer within this is a failed one: a balancer waits for no one. */
const CHECK_TIMEOUT_MS = 2_000;

/**
 * How long the media storage's answer is kept: the bucket is asked at most once in this, however
 * many probes come (a balancer's every few seconds, several balancers, a flood).
 */
export const READY_STORAGE_KEEP_MS = 3_000;

type Check = 'database' | 'storage' | 'queue' | 'stopping';

function within<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), CHECK_TIMEOUT_MS);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * What a balancer asks (docs/operations.md#more-than-one-app-server): `/healthz`, whether the process answers at all
 * (a failing one is restarted); `/readyz`, whether it can serve: the database answers, the media
 * storage can be written and read, the job queue answers, and it is not stopping (a failing one gets no traffic, and
 * gets it back once ready). Neither is cached nor logged as an error: 503 names what fails. The
 * storage's answer is kept a few seconds (READY_STORAGE_KEEP_MS), and `/readyz` is rate limited
 * per server (`readyz` in platform/http/rateLimits.ts): a probe is cheap, a flood of them costs the bucket nothing.
 */
export function registerHealth(
  app: FastifyInstance,
  {
    db,
    storage,
    jobs,
    rateLimit,
    now = Date.now,
  }: {
    db: Queryable;
    storage: Pick<MediaStorage, 'reachable'>;
    jobs: Pick<JobQueue, 'reachable'>;
    /** The app's rate limits (platform/http/rateLimits.ts); none for a bare app. */
    rateLimit?: (route: LimitedRoute) => RateLimitOptions;
    now?: () => number;
  },
): void {
  const storageAnswers = sharedCheck(() => within(storage.reachable()), READY_STORAGE_KEEP_MS, now);
  let stopping = false;
  app.decorate('markStopping', () => {
    stopping = true;
  });
  app.get('/healthz', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { status: 'ok' };
  });
  app.get('/readyz', { config: rateLimit ? { rateLimit: rateLimit('readyz') } : {} }, async (_request, reply) => {
    const [database, media, queue] = await Promise.allSettled([
      within(databaseAnswers(db)),
      storageAnswers(),
      within(jobs.reachable()),
    ]);
    const failing: Check[] = [];
    if (stopping) failing.push('stopping');
    if (database.status === 'rejected') failing.push('database');
    if (media.status === 'rejected') failing.push('storage');
    if (queue.status === 'rejected') failing.push('queue');
    reply.header('Cache-Control', 'no-store');
    if (failing.length > 0) return reply.code(503).send({ status: 'unavailable', failing });
    return { status: 'ready' };
  });
}
