import { PrintSettings } from '../../../contract/wire';
import type { AppContext } from '../context';
import { setPrintPaper } from '../domain/printJobs';
import { ownersEvent } from '../http/ownersEvent';
import { NAME, params, type Api } from '../http/schemas';

/** The paper an event's printer holds (issue 27): its owner's (or the team's) choice; print files are laid out for it. */
export function printSettingsRoutes(app: Api, { db, team }: AppContext): void {
  const config = { auth: 'required' as const, checkRevoked: true };
  app.get('/events/:bname/impressao', { schema: { params: params({ bname: NAME }), response: { 200: PrintSettings } }, config }, async (request, reply) => {
    const event = await ownersEvent(db, team, request, request.params.bname);
    void reply.header('cache-control', 'no-store');
    return { paper: event.print_paper };
  });
  app.put(
    '/events/:bname/impressao',
    { schema: { params: params({ bname: NAME }), body: PrintSettings, response: { 200: PrintSettings } }, config },
    async (request) => {
      const event = await ownersEvent(db, team, request, request.params.bname);
      return { paper: await setPrintPaper(db, event.name, request.body.paper) };
    },
  );
}
