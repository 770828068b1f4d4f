import type { FastifyInstance } from 'fastify';
import { ErasureReply, ErasureRequest, PrivacySummary } from '../../../../../contract/wire';
import type { AppContext } from '../../../platform/context';
import { eraseVisitorData, KEPT_AFTER_ERASURE, privacySummary, purgeExpired } from '../privacy';
import { ownAgentIn } from '../../access';
import { AGENT, params, type Api } from '../../../platform/http/schemas';
import { runPeriodically } from '../../../platform/periodic';

/**
 * A guest's data in their hands (LGPD): what is kept of them, and its erasure. The visitor is
 * their browser's signed agent (an agent named that is not it: 403, modules/access/http/ownAgent.ts); a valid
 * token adds their account. A token that is present but invalid is refused (401).
 */
export function privacyRoutes(app: Api, { db, storage, rateLimit }: AppContext): void {
  app.get(
    '/privacy/data/:agent',
    {
      schema: { params: params({ agent: AGENT }), response: { 200: PrivacySummary } },
      config: { auth: 'optional' },
      onRequest: ownAgentIn('params'),
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return privacySummary(db, request.params.agent, request.identity);
    },
  );

  // A POST with a JSON body: a page of another site can neither send one nor read the agent it needs.
  app.post(
    '/privacy/erase',
    {
      schema: { body: ErasureRequest, response: { 200: ErasureReply } },
      config: { auth: 'optional', rateLimit: rateLimit('privacyErase') },
      preHandler: ownAgentIn('body'),
    },
    async (request) => ({
      removed: await eraseVisitorData(db, storage, request.body.agent, request.identity),
      kept: KEPT_AFTER_ERASURE,
    }),
  );
}

/** How often the retention periods are applied (and once as the server starts). */
const RETENTION_SWEEP_MS = 6 * 60 * 60 * 1000;

/**
 * Applies the retention periods the privacy page states (faces 30 days, booth results, leads, contacts) as
 * the server starts and every RETENTION_SWEEP_MS while it runs. A failed sweep is logged and
 * the next one tries again; closing the server waits for a sweep under way.
 */
export function scheduleRetention(
  app: FastifyInstance,
  { db, storage }: Pick<AppContext, 'db' | 'storage'>,
  every = RETENTION_SWEEP_MS,
): void {
  runPeriodically(
    app,
    'retention sweep',
    every,
    async () => {
      const purged = await purgeExpired(db, storage);
      if (purged.faces + purged.leads + purged.results + purged.contacts > 0)
        app.log.info(purged, 'retention: expired data deleted');
    },
    { atStart: true },
  );
}
