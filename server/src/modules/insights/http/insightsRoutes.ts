import { parseMediaPath } from '../../../../../contract/mediaPath';
import { EventNumbersReply, OkReply, ShareBeacon } from '../../../../../contract/wire';
import type { AppContext } from '../../../platform/context';
import { notFound } from '../../../platform/errors';
import { NAME, params, type Api } from '../../../platform/http/schemas';
import { eventMediaOpening } from '../../access';
import { ownersEvent } from '../../events';
import { findMedia } from '../../media';
import { recordMediaAction } from '../actionLog';
import { countedAgent } from './countedAgent';
import { eventNumbers } from '../eventNumbers';
import { numbersCsv, numbersCsvName } from '../numbersCsv';

/**
 * 'A festa em números' (docs/api.md#the-party-in-numbers): an event's figures for its owner and the team, as JSON
 * for the dashboard (asked again every few seconds during the party) and as a CSV file; and the beacon a guest's phone
 * sends when it shares a photo, which happens in the phone and nowhere else.
 */
export function insightsRoutes(app: Api, { db, team, mediaAccess, rateLimit }: AppContext): void {
  const config = { auth: 'required' as const, checkRevoked: true };
  const eventParams = params({ bname: NAME });

  app.get(
    '/events/:bname/numeros',
    { schema: { params: eventParams, response: { 200: EventNumbersReply } }, config },
    async (request, reply) => {
      const event = await ownersEvent(db, team, request, request.params.bname);
      void reply.header('cache-control', 'private, no-store');
      return eventNumbers(db, event.name);
    },
  );

  app.get('/events/:bname/numeros/csv', { schema: { params: eventParams }, config }, async (request, reply) => {
    const event = await ownersEvent(db, team, request, request.params.bname);
    return reply
      .header('cache-control', 'private, no-store')
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${numbersCsvName(event.name)}"`)
      .send(numbersCsv(await eventNumbers(db, event.name)));
  });

  app.post(
    '/compartilhado',
    {
      schema: { body: ShareBeacon, response: { 200: OkReply } },
      config: { auth: 'optional', rateLimit: rateLimit('shareBeacon') },
    },
    async (request) => {
      const ref = parseMediaPath(request.body.url);
      // Only a photo this visitor may see: nothing tells a stranger what another event holds.
      const opening = ref && (await eventMediaOpening(request, ref.eventName, mediaAccess, { byCollectLink: ref }));
      if (!ref || (opening !== 'public' && opening !== 'gated') || !(await findMedia(db, ref)))
        throw notFound('not_found', 'Foto não encontrada.');
      // Once per visitor and photo: a second share of it (or this beacon retried) counts nothing more.
      await recordMediaAction(db, 'share', ref, countedAgent(request));
      return 'ok' as const;
    },
  );
}
