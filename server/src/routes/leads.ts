import type { FastifyInstance } from 'fastify';
import type { StoredLead } from '../../../src/api/wire';
import type { AppContext } from './context';

type LeadRow = Omit<StoredLead, 'createdAt' | 'clientId'> & { created_at: Date; client_id: string | null };

/** The contact leads, newest first, for the team (landing form, SPEC section 2). */
export function leadRoutes(app: FastifyInstance, { db }: AppContext): void {
  app.get<{ Querystring: { limit?: string } }>(
    '/leads',
    {
      schema: { querystring: { type: 'object', properties: { limit: { type: 'string', pattern: '^[1-9][0-9]{0,3}$' } } } },
      config: { auth: 'team' },
    },
    async (request) => {
      const limit = Math.min(Number(request.query.limit ?? 1000), 5000);
      const { rows } = await db.query<LeadRow>('SELECT * FROM leads ORDER BY created_at DESC, id DESC LIMIT $1', [limit]);
      return rows.map(({ created_at, client_id: _clientId, ...lead }) => ({ ...lead, createdAt: created_at.toISOString() }));
    },
  );
}
