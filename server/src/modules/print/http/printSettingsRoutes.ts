import { EventPrintersReply, PrintSettings } from '../../../../../contract/wire';
import type { AppContext } from '../../../platform/context';
import { setPrintPaper } from '../printJobs';
import { eventPrinters } from '../printers';
import { enqueuePrintFile, PRINT_FILES } from '../jobs/printFilesJob';
import { ownersEvent } from '../../events';
import { NAME, params, type Api } from '../../../platform/http/schemas';

/**
 * An event's printing: the paper its printer holds (its owner's or the team's choice; print files are laid out for it),
 * and its printers as they stand.
 */
export function printSettingsRoutes(app: Api, { db, team, jobs }: AppContext): void {
  const config = { auth: 'required' as const, checkRevoked: true };
  app.get(
    '/events/:bname/impressao',
    { schema: { params: params({ bname: NAME }), response: { 200: PrintSettings } }, config },
    async (request, reply) => {
      const event = await ownersEvent(db, team, request, request.params.bname);
      void reply.header('cache-control', 'no-store');
      return { paper: event.print_paper };
    },
  );
  app.put(
    '/events/:bname/impressao',
    { schema: { params: params({ bname: NAME }), body: PrintSettings, response: { 200: PrintSettings } }, config },
    async (request) => {
      const event = await ownersEvent(db, team, request, request.params.bname);
      const paper = await setPrintPaper(db, event.name, request.body.paper, (client, jobId) =>
        enqueuePrintFile(jobs, client, jobId),
      );
      jobs.nudge(PRINT_FILES);
      return { paper };
    },
  );

  // The event's printers and queue, as they are now: the owner and the team watch it during the party.
  app.get(
    '/events/:bname/impressoras',
    { schema: { params: params({ bname: NAME }), response: { 200: EventPrintersReply } }, config },
    async (request, reply) => {
      const event = await ownersEvent(db, team, request, request.params.bname);
      void reply.header('cache-control', 'no-store');
      return eventPrinters(db, event.name);
    },
  );
}
