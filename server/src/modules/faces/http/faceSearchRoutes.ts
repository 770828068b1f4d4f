import type { FastifyRequest } from 'fastify';
import { MAX_FACE_SEARCH_EVENTS } from '../../../../../contract/faceSearch';
import { type MediaRef, mediaUrl, parseMediaPath } from '../../../../../contract/mediaPath';
import {
  CollectFoundReply,
  CollectFoundRequest,
  FaceSearchQuery,
  FaceSearchReply,
  FaceUpload,
  MAX_FACE_BYTES,
  OkReply,
} from '../../../../../contract/wire';
import { NAME_PATTERN } from '../../../../../contract/names';
import type { AppContext } from '../../../platform/context';
import { addManyToCollection } from '../../identity';
import { conflict, invalid, notFound, unavailable, unprocessable } from '../../../platform/errors';
import { checkedFace, deleteFaces } from '../selfies';
import { extendHiding, hideFace, isHidden, unhideFace } from '../faceHiding';
import {
  databaseNow,
  faceSearchEvents,
  forgetSelfie,
  saveSelfie,
  searchFaces,
  selfieFace,
  selfieOf,
} from '../faceSearch';
import { PhotoFailed, UnreadablePhoto } from '../model/faceEngine';
import { agentOf, eventMediaOpening, ownAgentIn } from '../../access';
import { recordEventAction, recordMediaAction } from '../../insights';
import { AGENT, params, type Api } from '../../../platform/http/schemas';

const FACE_WINDOW_SECONDS = 60;

const NO_SELFIE_TO_COLLECT = 'Tire uma selfie primeiro: é com ela que encontramos as suas fotos.';

export const NO_FACE_MESSAGE =
  'Não encontramos um rosto na foto. Tente com o rosto bem iluminado, sem óculos escuros, de frente para a câmera.';

/** The events a search names, once each, those that can be events at all, in the order given. */
function askedEvents(names: readonly string[]): string[] {
  return [...new Set(names)].filter((name) => NAME_PATTERN.test(name)).slice(0, MAX_FACE_SEARCH_EVENTS);
}

/**
 * 'Encontre minhas fotos': a visitor's selfie becomes a descriptor (in the face worker;
 * the image is never stored), kept for their session, and finds the photos their face is in, in
 * the events they name that they may see (by the gate's own rule) and that have face search on;
 * 'Não me mostre' hides their face from others' searches; 'Apagar minhas fotos' deletes it.
 */
export function faceSearchRoutes(
  app: Api,
  { db, storage, rateLimit, faces: faceEngine, mediaAccess }: AppContext,
  /** Told of each photo 'Pegar todas' collected for a visitor (the photos delivered to guests: wired by app.ts). */
  onCollected: (agent: string, ref: MediaRef) => Promise<unknown> = async () => undefined,
): void {
  /**
   * Of the events asked, those this request may see and that have face search on: where its search looks, and its 'Não
   * me mostre' hides.
   */
  async function searchable(request: FastifyRequest, asked: readonly string[]): Promise<string[]> {
    const on = await faceSearchEvents(db, asked);
    const searched: string[] = [];
    for (const eventName of asked) {
      if (!on.has(eventName)) continue;
      // A link-only event's guests, a private one's signed in: what the gate opens to this visitor.
      const opening = await eventMediaOpening(request, eventName, mediaAccess);
      if (opening === 'public' || opening === 'gated') searched.push(eventName);
    }
    return searched;
  }

  /**
   * The search itself: the events asked that this request may see and that have face search on, and the photos found
   * there.
   */
  async function search(
    request: FastifyRequest,
    agent: string,
    selfie: ArrayLike<number> | null,
    names: readonly string[],
  ): Promise<FaceSearchReply> {
    const asked = askedEvents(names);
    const searched = await searchable(request, asked);
    // The others are "not available there", whatever the reason: nothing tells a stranger an event exists.
    const unavailable = asked.filter((name) => !searched.includes(name));
    const hidden = await isHidden(db, agent);
    // A guest who asked not to be found is hidden wherever their search looks (modules/faces/faceSearch.ts).
    if (hidden) await extendHiding(db, agent, searched);
    const found = selfie
      ? (await searchFaces(db, selfie, searched, agent)).map(({ url, event }) => ({ url, event }))
      : [];
    return { selfie: selfie !== null, hidden, found, searched, unavailable };
  }

  app.post(
    '/uploadFace/:name',
    {
      bodyLimit: Math.ceil(MAX_FACE_BYTES * 1.4),
      schema: { params: params({ name: AGENT }), body: FaceUpload, response: { 200: FaceSearchReply } },
      // Per visitor and per address, counted before the body is read: a flood of uploads costs
      // neither parsing nor a second of the model (platform/http/rateLimits.ts).
      config: { rateLimit: rateLimit('uploadFace') },
      // A visitor's face is theirs alone: the agent named is the browser's own (modules/access/http/ownAgent.ts).
      onRequest: ownAgentIn('params', 'name'),
    },
    async (request, reply) => {
      const agent = request.params.name;
      // A deletion from here on wins over this search's selfie (saveSelfie).
      const began = await databaseNow(db);
      // Read in memory only: the image is never written anywhere, only its face's descriptor is kept.
      const bytes = await checkedFace(request.body.poligram);
      const faces = await faceEngine.findFaces(bytes).catch((error: unknown) => {
        if (error instanceof UnreadablePhoto || error instanceof PhotoFailed)
          throw unprocessable('invalid_image', 'Não conseguimos ler a foto. Tente tirar outra.');
        // The model is not there (it failed to load, the server is stopping): not the guest's doing.
        reply.header('Retry-After', String(FACE_WINDOW_SECONDS));
        throw unavailable(
          'face_search_unavailable',
          'A busca por rosto está indisponível agora. Tente de novo em alguns minutos.',
        );
      });
      const face = selfieFace(faces);
      if (!face) throw unprocessable('no_face', NO_FACE_MESSAGE);
      if (!(await saveSelfie(db, agent, face.descriptor, began))) {
        throw conflict(
          'selfie_forgotten',
          'Sua selfie foi apagada enquanto procurávamos. Tire outra para procurar de novo.',
        );
      }
      const found = await search(request, agent, face.descriptor, request.body.eventos ?? []);
      // 'A festa em números' counts each selfie sent, in each event it searched (docs/product.md#the-party-in-numbers).
      for (const eventName of found.searched) await recordEventAction(db, 'face_search', eventName, null);
      return found;
    },
  );

  const agentRoute = {
    params: params({ agent: AGENT }),
    onRequest: ownAgentIn('params'),
  };

  /**
   * The face screen opened again within the session: the kept selfie searches again, and finds the photos added since.
   */
  app.get(
    '/fotos-do-rosto/:agent',
    {
      schema: { params: agentRoute.params, querystring: FaceSearchQuery, response: { 200: FaceSearchReply } },
      config: { rateLimit: rateLimit('faceSearch') },
      onRequest: agentRoute.onRequest,
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const { agent } = request.params;
      const names = (request.query.eventos ?? '').split(',').filter(Boolean);
      return search(request, agent, await selfieOf(db, agent), names);
    },
  );

  /**
   * 'Pegar todas': the photos the visitor's kept selfie finds, collected at once. Each
   * photo named must be one that selfie finds now, in an event this request may see (the search's
   * own rule): any other (someone else's photo, one deleted or hidden since) is refused, never
   * collected. What is collected is what a collect link of each photo does: the visitor's presence
   * at a public event (a grant), and a signed-in visitor's account collection. Again, the same.
   */
  app.post(
    '/fotos-do-rosto/:agent/colecao',
    {
      schema: { params: agentRoute.params, body: CollectFoundRequest, response: { 200: CollectFoundReply } },
      config: { auth: 'optional', rateLimit: rateLimit('collectFound') },
      onRequest: agentRoute.onRequest,
    },
    async (request) => {
      const refs = request.body.fotos.map((url) => parseMediaPath(url));
      if (refs.some((ref) => ref === null)) throw invalid('invalid_value', 'Foto inválida.');
      const asked = [...new Set(refs.flatMap((ref) => (ref ? [mediaUrl(ref)] : [])))];
      const selfie = await selfieOf(db, request.params.agent);
      if (!selfie) throw notFound('no_selfie', NO_SELFIE_TO_COLLECT);
      const events = await searchable(request, askedEvents(refs.flatMap((ref) => (ref ? [ref.eventName] : []))));
      const found = new Set((await searchFaces(db, selfie, events, request.params.agent)).map((photo) => photo.url));
      const collected = asked.filter((url) => found.has(url));
      const refused = asked.filter((url) => !found.has(url));
      if (request.identity && collected.length > 0) await addManyToCollection(db, request.identity, collected);
      // The guest was there, as a collect link's visit says (modules/firstPaint/http/collectOnServe.ts): should the
      // owner make a public event private after the party, they keep it.
      const viewer = { agent: agentOf(request), uid: request.identity?.uid ?? null };
      for (const eventName of new Set(collected.map((url) => parseMediaPath(url)?.eventName ?? ''))) {
        if (eventName && (await eventMediaOpening(request, eventName, mediaAccess)) === 'public')
          await mediaAccess.guard.grant(eventName, viewer, 'collect');
      }
      // Collects too, for 'A festa em números': once per visitor and photo (docs/product.md#the-party-in-numbers).
      for (const url of collected) {
        const ref = parseMediaPath(url);
        if (ref) await recordMediaAction(db, 'collect', ref, request.params.agent);
        if (ref) await onCollected(request.params.agent, ref);
      }
      return { collected, refused };
    },
  );

  /**
   * 'Não me mostre': the kept selfie hides the visitor's face from others' searches, in the events `eventos` their
   * search may search.
   */
  app.post(
    '/rostos-ocultos/:agent',
    {
      schema: { params: agentRoute.params, querystring: FaceSearchQuery, response: { 200: OkReply } },
      config: { rateLimit: rateLimit('faceSearch') },
      onRequest: agentRoute.onRequest,
    },
    async (request) => {
      const searched = await searchable(request, askedEvents((request.query.eventos ?? '').split(',').filter(Boolean)));
      if (!(await hideFace(db, request.params.agent, searched))) {
        throw notFound('no_selfie', 'Tire uma selfie primeiro: é com ela que escondemos o seu rosto das buscas.');
      }
      return 'ok' as const;
    },
  );

  /** The visitor may be found again. */
  app.delete(
    '/rostos-ocultos/:agent',
    {
      schema: { params: agentRoute.params, response: { 200: OkReply } },
      config: { rateLimit: rateLimit('faceSearch') },
      onRequest: agentRoute.onRequest,
    },
    async (request) => {
      await unhideFace(db, request.params.agent);
      return 'ok' as const;
    },
  );

  /**
   * 'Apagar minhas fotos': the selfie kept for the session, at once, and any face capture kept
   * before face search (files and rows). A face hidden by 'Não me mostre' stays hidden: that is
   * its own choice, undone by its own button.
   */
  app.delete(
    '/faces/:agent',
    {
      schema: { params: agentRoute.params, response: { 200: OkReply } },
      config: { rateLimit: rateLimit('faceSearch') },
      onRequest: agentRoute.onRequest,
    },
    async (request) => {
      await deleteFaces(db, storage.objects, request.params.agent);
      await forgetSelfie(db, request.params.agent);
      return 'ok' as const;
    },
  );
}
