import { DeliverySettings, EventDeliveryReply } from '../../../../../contract/wire';
import type { AppContext } from '../../../platform/context';
import { NAME, params, type Api } from '../../../platform/http/schemas';
import { ownersEvent } from '../../events';
import { endEventDelivery, eventDelivery, setDeliverySettings } from '../deliverySettings';
import { DELIVERY_SEND } from '../deliveryMessages';

/**
 * The owner's (and the team's) delivery (docs/api.md#photos-delivered): the switch, the cap and
 * the figures; and the party's end, which sends each subscribed guest one last message.
 */
export function deliveryOwnerRoutes(app: Api, { db, team, jobs }: AppContext): void {
  const owner = { auth: 'required' as const, checkRevoked: true };
  const eventParams = params({ bname: NAME });

  app.get(
    '/events/:bname/entregas',
    { schema: { params: eventParams, response: { 200: EventDeliveryReply } }, config: owner },
    async (request, reply) => {
      const event = await ownersEvent(db, team, request, request.params.bname);
      void reply.header('cache-control', 'no-store');
      return eventDelivery(db, event.name);
    },
  );

  app.put(
    '/events/:bname/entregas',
    {
      schema: { params: eventParams, body: DeliverySettings, response: { 200: EventDeliveryReply } },
      config: owner,
    },
    async (request) => {
      const event = await ownersEvent(db, team, request, request.params.bname);
      return setDeliverySettings(db, event.name, request.body);
    },
  );

  app.post(
    '/events/:bname/entregas/fim',
    { schema: { params: eventParams, response: { 200: EventDeliveryReply } }, config: owner },
    async (request) => {
      const event = await ownersEvent(db, team, request, request.params.bname);
      const reply = await endEventDelivery(db, jobs, event.name);
      jobs.nudge(DELIVERY_SEND);
      return reply;
    },
  );
}
