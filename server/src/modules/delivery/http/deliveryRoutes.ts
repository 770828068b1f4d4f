import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import {
  DeliveryOffer,
  EraseDeliveriesReply,
  MyDeliveriesReply,
  StopDeliveryReply,
  StopLinkReply,
  StopToken,
  SubscribeReply,
  SubscribeRequest,
} from '../../../../../contract/wire';
import type { AppContext } from '../../../platform/context';
import { forbidden, notFound } from '../../../platform/errors';
import { AGENT, NAME, params, type Api } from '../../../platform/http/schemas';
import { sendObject } from '../../../platform/http/objectReply';
import { AGENT_NOT_VOUCHED_MESSAGE, apiViewer, ownAgentIn } from '../../access';
import { openEvent } from '../../events';
import { mediaKey } from '../../media';
import { photoStillSendable } from '../deliveryMessages';
import { deliveriesOfAgent, eraseDeliveryAt } from '../deliveryPrivacy';
import { photoOfToken, subscriptionOfToken, type DeliveryKeys } from '../deliveryTokens';
import { guestCollectionRoutes } from './guestCollectionRoutes';
import { deliveryOffer, stopBySubscriptionId, stopByVisitor, subscribe, subscriptionOfLink } from '../subscriptions';

const EXPIRED_LINK = 'Este link não vale mais. Peça as fotos de novo na página do evento.';

/**
 * The guest's side of the delivery (docs/api.md#photos-delivered): the offer and the subscription,
 * by the browser's signed agent, for whoever may see the event; 'Parar de receber' on the site and
 * from a message's link (no login: the signed token is the proof); a message's photo link; the guest's own
 * photos link (guestCollectionRoutes.ts); and the privacy page's list and erasure.
 */
export function deliveryRoutes(app: Api, context: AppContext, keys: DeliveryKeys): void {
  const { db, team, rateLimit, mediaAccess, storage } = context;
  const eventParams = params({ bname: NAME });

  app.get(
    '/entregas/:bname',
    { schema: { params: eventParams, response: { 200: DeliveryOffer } }, config: { auth: 'optional' } },
    async (request, reply) => {
      const event = await openEvent(db, mediaAccess.guard, request.params.bname, apiViewer(request, team));
      void reply.header('cache-control', 'private, no-store');
      return deliveryOffer(db, event.name, request.visitorAgent);
    },
  );

  app.post(
    '/entregas/:bname',
    {
      schema: { params: eventParams, body: SubscribeRequest, response: { 200: SubscribeReply } },
      config: { auth: 'optional', rateLimit: rateLimit('delivery') },
    },
    async (request) => {
      const event = await openEvent(db, mediaAccess.guard, request.params.bname, apiViewer(request, team));
      // The subscription is the visitor's: their browser's signed agent, never one named in the request.
      const agent = request.visitorAgent;
      if (!agent) throw forbidden('agent_not_vouched', AGENT_NOT_VOUCHED_MESSAGE);
      return { subscription: await subscribe(db, event.name, agent, request.body) };
    },
  );

  app.delete(
    '/entregas/:bname',
    {
      schema: { params: eventParams, response: { 200: StopDeliveryReply } },
      config: { auth: 'optional', rateLimit: rateLimit('delivery') },
    },
    async (request) => {
      const agent = request.visitorAgent;
      if (!agent) throw forbidden('agent_not_vouched', AGENT_NOT_VOUCHED_MESSAGE);
      const event = await openEvent(db, mediaAccess.guard, request.params.bname, apiViewer(request, team));
      return { stopped: await stopByVisitor(db, event.name, agent), title: event.title };
    },
  );

  /** `List-Unsubscribe=One-Click` and little more. */
  const ONE_CLICK_FORM_BYTES = 1024;
  const UNKNOWN_STOP_LINK = 'Este link de "Parar de receber" não é válido.';

  app.get(
    '/entregas/parar/:token',
    {
      schema: { params: params({ token: StopToken }), response: { 200: StopLinkReply } },
      config: { rateLimit: rateLimit('deliveryStop') },
    },
    async (request, reply) => {
      const id = subscriptionOfToken(keys.stop, request.params.token);
      if (id === null) throw notFound('unknown_stop_link', UNKNOWN_STOP_LINK);
      void reply.header('cache-control', 'private, no-store');
      return subscriptionOfLink(db, id);
    },
  );

  // A mail client's one-click unsubscribe (RFC 8058) posts `List-Unsubscribe=One-Click` as a form, the stop page
  // nothing: the form's content is not read (the token says everything), in a scope of its own so that no other
  // route takes forms.
  void app.register(async (scope: FastifyInstance) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: ONE_CLICK_FORM_BYTES },
      (_request, _body, done) => done(null, undefined),
    );
    (scope as unknown as Api).post(
      '/entregas/parar/:token',
      {
        schema: { params: params({ token: StopToken }), response: { 200: StopDeliveryReply } },
        config: { rateLimit: rateLimit('deliveryStop') },
      },
      async (request) => {
        const id = subscriptionOfToken(keys.stop, request.params.token);
        if (id === null) throw notFound('unknown_stop_link', UNKNOWN_STOP_LINK);
        // A repeat (already stopped) is no error: the guest is told it is stopped.
        return stopBySubscriptionId(db, id);
      },
    );
  });

  app.get(
    '/entregas/foto/:token',
    {
      schema: { params: params({ token: Type.String({ minLength: 1, maxLength: 1024 }) }) },
      config: { rateLimit: rateLimit('deliveryPhoto') },
    },
    async (request, reply) => {
      const ref = photoOfToken(keys.photo, request.params.token);
      if (!ref || !(await photoStillSendable(db, ref))) throw notFound('expired_photo_link', EXPIRED_LINK);
      // Whoever holds the link may see this photo for its few days: no shared cache keeps it longer.
      void reply.header('cache-control', 'private, max-age=3600');
      return sendObject(request, reply, storage.objects, mediaKey(ref));
    },
  );

  guestCollectionRoutes(app, context, keys);

  app.get(
    '/privacy/entregas/:agent',
    {
      schema: { params: params({ agent: AGENT }), response: { 200: MyDeliveriesReply } },
      onRequest: ownAgentIn('params'),
    },
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      return deliveriesOfAgent(db, request.params.agent);
    },
  );

  app.delete(
    '/privacy/entregas/:agent/:bname',
    {
      schema: { params: params({ agent: AGENT, bname: NAME }), response: { 200: EraseDeliveriesReply } },
      config: { rateLimit: rateLimit('delivery') },
      onRequest: ownAgentIn('params'),
    },
    async (request) => ({ removed: await eraseDeliveryAt(db, request.params.agent, request.params.bname) }),
  );
}
