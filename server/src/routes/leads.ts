import type { FastifyInstance } from 'fastify';
import type { AppContext } from './context';

interface LeadRow {
  id: number;
  created_at: Date;
  data: string;
  indicacao: string;
  evento: string;
  email: string;
  instagram: string;
  tiktok: string;
  telefone: string;
  nome: string;
  comentarios: string;
}

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
      return rows.map(({ id, created_at, ...lead }) => ({ id, createdAt: created_at.toISOString(), ...lead }));
    },
  );
}
