import { mediaUrl } from '../../../../../contract/mediaPath';
import { CollectFoundReply, CollectionToken, GuestCollectionReply } from '../../../../../contract/wire';
import type { AppContext } from '../../../platform/context';
import { forbidden, notFound } from '../../../platform/errors';
import { params, type Api } from '../../../platform/http/schemas';
import { AGENT_NOT_VOUCHED_MESSAGE, eventMediaOpening } from '../../access';
import { addManyToCollection } from '../../identity';
import { recordMediaAction } from '../../insights';
import type { DeliveryKeys } from '../deliveryTokens';
import { subscriptionOfToken } from '../deliveryTokens';
import { collectionPhotos, guestCollection } from '../guestCollection';

const GONE =
  'Este link não mostra mais fotos: o envio foi parado ou apagado. As fotos que você coletou continuam na sua coleção.';

/**
 * The guest's own photos link of their messages (docs/api.md#photos-delivered): no login, the signed token stands for
 * the subscription. Reading it lists the photos; 'Adicionar à minha coleção' collects them all for this browser, as a
 * collect link of each would (the visit counted, the guest's presence at the event, a signed-in account's list).
 */
export function guestCollectionRoutes(app: Api, context: AppContext, keys: DeliveryKeys): void {
  const { db, rateLimit, mediaAccess } = context;
  const tokenParams = params({ token: CollectionToken });
  const subscriptionOf = (token: string) => {
    const id = subscriptionOfToken(keys.collection, token);
    if (id === null) throw notFound('unknown_collection_link', 'Este link de fotos não é válido.');
    return id;
  };

  app.get(
    '/entregas/colecao/:token',
    {
      schema: { params: tokenParams, response: { 200: GuestCollectionReply } },
      config: { rateLimit: rateLimit('deliveryCollection') },
    },
    async (request, reply) => {
      const collection = await guestCollection(db, subscriptionOf(request.params.token));
      if (!collection) throw notFound('collection_gone', GONE);
      void reply.header('cache-control', 'private, no-store');
      return collection;
    },
  );

  app.post(
    '/entregas/colecao/:token',
    {
      schema: { params: tokenParams, response: { 200: CollectFoundReply } },
      config: { auth: 'optional', rateLimit: rateLimit('deliveryCollection') },
    },
    async (request) => {
      const id = subscriptionOf(request.params.token);
      // Collected for this browser: its signed agent, never one named in the request.
      const agent = request.visitorAgent;
      if (!agent) throw forbidden('agent_not_vouched', AGENT_NOT_VOUCHED_MESSAGE);
      const collection = await guestCollection(db, id);
      if (!collection) throw notFound('collection_gone', GONE);
      const refs = await collectionPhotos(db, id, collection.bname);
      const urls = refs.map(mediaUrl);
      // Only what this browser may see (a private event's photos want its login first), as a collect link.
      const opening = await eventMediaOpening(request, collection.bname, mediaAccess);
      if (opening !== 'public' && opening !== 'gated') return { collected: [], refused: urls };
      if (request.identity && urls.length > 0) await addManyToCollection(db, request.identity, urls);
      // The guest was there: should the owner make the event private after the party, they keep its photos.
      if (opening === 'public' && urls.length > 0) {
        await mediaAccess.guard.grant(collection.bname, { agent, uid: request.identity?.uid ?? null }, 'collect');
      }
      // 'A festa em números' counts each, once per visitor and photo (docs/product.md#the-party-in-numbers).
      for (const ref of refs) await recordMediaAction(db, 'collect', ref, agent);
      return { collected: urls, refused: [] };
    },
  );
}
