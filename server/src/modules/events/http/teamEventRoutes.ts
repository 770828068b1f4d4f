import { Type } from '@sinclair/typebox';
import { TeamEvent, TeamEventsQuery } from '../../../../../contract/wire';
import type { AppContext } from '../../../platform/context';
import { teamEvents } from '../teamEvents';
import type { Api } from '../../../platform/http/schemas';

/** The team's events: every event it looks after, to open its wall and its printers from the account. */
export function teamEventRoutes(app: Api, { db }: AppContext): void {
  app.get(
    '/team/events',
    { schema: { querystring: TeamEventsQuery, response: { 200: Type.Array(TeamEvent) } }, config: { auth: 'team' } },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return teamEvents(db, request.query.busca ?? '');
    },
  );
}
