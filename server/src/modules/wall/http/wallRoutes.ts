import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { galleryEtag } from '../../../../../contract/galleryVersion';
import { WALL_CURSOR_PATTERN, WALL_KEY_PATTERN, WALL_NIGHT_PAGE } from '../../../../../contract/wall';
import { WallLinkReply, WallNightReply, WallReply } from '../../../../../contract/wire';
import type { AppContext } from '../../../platform/context';
import { unavailable } from '../../../platform/errors';
import { apiViewer, setWallSessionCookie, unknownEvent, type Viewer } from '../../access';
import {
  renewWallKey,
  revokeWallKey,
  wallMedia,
  withdrawnMedia,
  wallNight,
  wallOpening,
  wallOpeningKey,
  wallState,
  type WallMedium,
  type WallState,
} from '../wall';
import { wallCode, wallCodeKey } from '../wallCodes';
import { eventStreams } from '../../../platform/http/eventStream';
import { liveVersions } from '../../../platform/http/liveVersions';
import { ownersEvent } from '../../events';
import { countedAgent, wallViewCounter } from '../../insights';
import { etagMatches, notModified } from '../../../platform/http/reply';
import { NAME, params, type Api } from '../../../platform/http/schemas';

/** `?chave=`: the wall link's key; anything else is no key (the wall then opens as for anyone). */
// A mangled key (a bad copy and paste) is no key, not a 400: the screen then says the wall does not open.
const WallQuery = Type.Object({ chave: Type.Optional(Type.String({ maxLength: 4096 })) });
const NightQuery = Type.Object({
  chave: WallQuery.properties.chave,
  depois: Type.Optional(Type.String({ pattern: WALL_CURSOR_PATTERN })),
});
const keyOf = (chave: string | undefined) => (chave !== undefined && WALL_KEY_PATTERN.test(chave) ? chave : null);

/** Who watches a wall's stream: the event it opened on, the viewer, the key it came with. */
interface WallViewer {
  name: string;
  viewer: Viewer;
  key: string | null;
}

/**
 * The live wall ('Telão', docs/api.md#the-live-wall): what a TV at the venue shows,
 * the stream that tells it of each new photo, and the owner's wall link.
 */
export function wallRoutes(app: Api, { db, changes, team, mediaAccess, liveStreams, rateLimit }: AppContext): void {
  /**
   * The wall's event and how it opens for this request; 404 for an unknown event and for anyone it does not open for.
   */
  const openWall = async (publicId: string, request: FastifyRequest, key: string | null) => {
    const state = await wallState(db, publicId);
    if (!state) throw unknownEvent();
    const opening = await wallOpening(state, apiViewer(request, team), key);
    if (opening === null) throw unknownEvent();
    return { state, opening };
  };
  // The QR codes' wall codes (modules/wall/wallCodes.ts), for the event's public id of now, and for the
  // wall link's key when the wall opened by it (revoking or renewing the link takes them back).
  const codeKey = wallCodeKey(mediaAccess.keys.secret);
  const codesOf = (media: WallMedium[], publicId: string, byKey: string | null): Record<string, string> =>
    Object.fromEntries(
      media
        .filter((medium) => medium.coded)
        .map((medium) => [medium.url, wallCode(codeKey, medium.ref, publicId, byKey)]),
    );
  const keyOpening = (opening: 'key' | 'viewer', key: string | null) => (opening === 'key' ? key : null);
  const countView = wallViewCounter(db);

  app.get(
    '/telao/:publicId',
    {
      schema: { params: params({ publicId: NAME }), querystring: WallQuery, response: { 200: WallReply } },
      config: { auth: 'optional' },
    },
    async (request, reply) => {
      const key = keyOf(request.query.chave);
      const { state, opening } = await openWall(request.params.publicId, request, key);
      // The key opens the event's files for this browser (its <img> and <video> send no key).
      if (opening === 'key' && key !== null && state.visibility !== 'public')
        setWallSessionCookie(reply, mediaAccess.keys, state.name, key);
      // 'A festa em números': once per screen, by the agent its browser keeps (docs/product.md#the-party-in-numbers).
      await countView(state.name, countedAgent(request));
      const etag = galleryEtag(state.version);
      void reply.header('ETag', etag).header('Cache-Control', 'private, no-cache');
      if (etagMatches(request.headers['if-none-match'], etag)) return notModified(reply);
      const media = await wallMedia(db, state.name);
      const withdrawn = await withdrawnMedia(db, state.name);
      return {
        bname: state.name,
        displayTitle: state.title || state.name,
        cover: state.cover,
        product: media.map((medium) => medium.url),
        codes: codesOf(media, state.public_id, keyOpening(opening, key)),
        visibility: state.visibility,
        ...(withdrawn.length > 0 ? { withdrawn } : {}),
      };
    },
  );

  // The whole night, a page at a time, oldest first: the wall goes through every
  // medium of the party in turn, reading the next page as it goes.
  app.get(
    '/telao/:publicId/noite',
    {
      schema: { params: params({ publicId: NAME }), querystring: NightQuery, response: { 200: WallNightReply } },
      config: { auth: 'optional', rateLimit: rateLimit('wallNight') },
    },
    async (request, reply) => {
      const key = keyOf(request.query.chave);
      const { state, opening } = await openWall(request.params.publicId, request, key);
      const { media, more } = await wallNight(db, state.name, request.query.depois ?? null, WALL_NIGHT_PAGE);
      void reply.header('Cache-Control', 'private, no-store');
      return {
        product: media.map((medium) => medium.url),
        codes: codesOf(media, state.public_id, keyOpening(opening, key)),
        next: more ? (media.at(-1)?.cursor ?? null) : null,
      };
    },
  );

  // Each change of the wall, as it happens: the version of what it shows, from the change feed
  // (an upload through any server). The wall asks for its list when the version moves, and polls
  // every 5 s while there is no stream.
  const streams = eventStreams(app);
  // Every stream of one wall shares one read per change (platform/http/liveVersions.ts): a room of screens
  // costs what one does.
  const live = liveVersions<string, WallState, WallViewer>(
    changes,
    {
      read: (publicId) => wallState(db, publicId),
      version: (state) => state.version,
      access: wallOpeningKey,
      // Its link revoked, the event made private or suspended, its address changed: the wall is told it closed.
      opens: (_publicId, state, viewers) =>
        Promise.all(
          viewers.map(
            async ({ name, viewer, key }) => state.name === name && (await wallOpening(state, viewer, key)) !== null,
          ),
        ),
    },
    (message) => app.log.warn(message),
  );
  app.addHook('onClose', async () => live.close());
  app.get(
    '/telao/:publicId/ao-vivo',
    { schema: { params: params({ publicId: NAME }), querystring: WallQuery }, config: { auth: 'optional' } },
    async (request, reply) => {
      const { publicId } = request.params;
      const key = keyOf(request.query.chave);
      const { state } = await openWall(publicId, request, key);
      if (!changes.live || !streams.accepting)
        throw unavailable('live_unavailable', 'A atualização ao vivo está indisponível agora.');
      // Past a cap (per visitor, per address, in all): 503 with Retry-After, and the wall polls.
      const stream = liveStreams.open(streams, request, reply);
      const viewer = { name: state.name, viewer: apiViewer(request, team), key };
      if (stream)
        live.follow(stream, {
          key: `${state.name} ${publicId}`,
          subject: publicId,
          event: state.name,
          first: state.version,
          viewer,
        });
      return reply;
    },
  );

  const linkOf = (
    event: { public_id: string; visibility: WallLinkReply['visibility'] },
    key: string | null,
  ): WallLinkReply => ({
    publicId: event.public_id,
    key,
    visibility: event.visibility,
  });
  const ownerRoute = {
    schema: { params: params({ bname: NAME }), response: { 200: WallLinkReply } },
    config: { auth: 'required' as const, checkRevoked: true },
  };

  app.get('/events/:bname/telao', ownerRoute, async (request, reply) => {
    const event = await ownersEvent(db, team, request, request.params.bname);
    void reply.header('cache-control', 'no-store');
    return linkOf(event, event.wall_key);
  });

  // A new wall link (the old one stops working at once, on every screen that shows it).
  app.post('/events/:bname/telao', ownerRoute, async (request) => {
    const event = await ownersEvent(db, team, request, request.params.bname);
    return linkOf(event, await renewWallKey(db, event.name));
  });

  app.delete('/events/:bname/telao', ownerRoute, async (request) => {
    const event = await ownersEvent(db, team, request, request.params.bname);
    await revokeWallKey(db, event.name);
    return linkOf(event, null);
  });
}
