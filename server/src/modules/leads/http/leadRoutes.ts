import { Type } from '@sinclair/typebox';
import { StoredLead } from '../../../../../contract/wire';
import type { AppContext } from '../../../platform/context';
import { latestLeads } from '../leads';
import type { Api } from '../../../platform/http/schemas';

/** The contact leads, newest first, for the team (docs/product.md#landing-page). */
export function leadRoutes(app: Api, { db }: AppContext): void {
  app.get(
    '/leads',
    {
      schema: {
        querystring: Type.Object({ limit: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,3}$' })) }),
        response: { 200: Type.Array(StoredLead) },
      },
      config: { auth: 'team' },
    },
    async (request) => latestLeads(db, Math.min(Number(request.query.limit ?? 1000), 5000)),
  );
}
