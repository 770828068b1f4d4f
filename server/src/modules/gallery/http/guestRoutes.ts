import { Type } from '@sinclair/typebox';
import {
  ContactLead,
  DeviceLastReply,
  EventCard,
  EventDetails,
  MediaModeSchema,
  OkReply,
  ProductList,
} from '../../../../../contract/wire';
import { galleryEtag } from '../../../../../contract/galleryVersion';
import type { MediaMode } from '../../../../../contract/modes';
import { isName, type EventName } from '../../../../../contract/names';
import type { AppContext } from '../../../platform/context';
import { boothCodeKey, isBoothCode } from '../../booths';
import { deviceLastOfEvent } from '../../booths';
import { notFound, unavailable } from '../../../platform/errors';
import { cardsForViewer, eventDetails, findEventByPublicId } from '../../events';
import { openingKey, refusal, unknownEvent, type Viewer } from '../../access';
import { openEvent } from '../../events';
import { apiViewer } from '../../access';
import { guestReads } from '../guestReads';
import { saveLead } from '../../leads';
import { listMedia, type GalleryState } from '../../media';
import { eventStreams } from '../../../platform/http/eventStream';
import { liveVersions } from '../../../platform/http/liveVersions';
import { etagMatches, notModified, splitList } from '../../../platform/http/reply';
import { replyCache, sendEncoded } from '../../../platform/http/replyCache';
import { AGENT, DEVICE, LIST_SEGMENT, NAME, params, type Api } from '../../../platform/http/schemas';
import { packAndPrintRoutes } from './packPrintRoutes';

/**
 * Events, booth galleries, packs and printing: what a guest at an event uses (packs and prints: routes/packPrints.ts).
 */
const BOOTH_CODE_EXPIRED = 'Este QR code já expirou. Escaneie de novo o QR code na tela da cabine.';

export function guestRoutes(
  app: Api,
  { db, changes, jobs, rateLimit, team, devicePepper, mediaAccess: { guard }, liveStreams }: AppContext,
): void {
  const galleries = replyCache();
  const boothCodes = boothCodeKey(devicePepper);
  const reads = guestReads(db, changes);
  app.addHook('onClose', async () => reads.close());

  app.get(
    '/eventos/:events/:agent',
    {
      schema: { params: params({ events: LIST_SEGMENT, agent: AGENT }), response: { 200: Type.Array(EventCard) } },
      config: { auth: 'optional' },
    },
    async (request) => {
      const names = splitList(request.params.events, 100).filter(isName);
      const rows = await reads.eventCardRows(names);
      const viewer = apiViewer(request, team);
      const opens = new Set<string>();
      // A guest who was there but is signed out sees a private event's card: its gallery asks for the login.
      for (const [name, row] of rows)
        if (row && (await guard.openingOf(name, row, viewer)) !== 'hidden') opens.add(name);
      return cardsForViewer(names, rows, opens);
    },
  );

  app.get(
    '/evento/:id',
    { schema: { params: params({ id: NAME }), response: { 200: EventDetails } }, config: { auth: 'required' } },
    async (request) => {
      const event = await findEventByPublicId(db, request.params.id);
      if (!event) throw unknownEvent();
      const viewer = apiViewer(request, team);
      const opening = await guard.openingOf(event.name, event, viewer);
      if (opening === 'open') return eventDetails(event);
      // A link-only event's own link is an invitation: whoever opens it was invited. A private
      // event's is not (its guests are the people who were there), and a stranger learns nothing.
      // A suspended event (its paid order refunded) invites nobody.
      if (event.visibility !== 'link' || event.suspended_at !== null) throw refusal(opening);
      await guard.grant(event.name, viewer, 'link');
      return eventDetails(event);
    },
  );

  app.get(
    '/all/:bname/:type',
    {
      schema: { params: params({ bname: NAME, type: MediaModeSchema }), response: { 200: ProductList } },
      config: { auth: 'optional' },
    },
    async (request, reply) => {
      const { bname: eventName, type } = request.params;
      // An open gallery asks again every few seconds: the browser revalidates its copy (no-cache)
      // and, while nothing changed, gets 304 without a body, decided before the list is built. An
      // upload between the two reads only makes the next poll answer the list again.
      const state = await reads.galleryState(eventName, type);
      if (!state) throw unknownEvent();
      const opening = await guard.openingOf(eventName, state, apiViewer(request, team));
      if (opening !== 'open') throw refusal(opening);
      const { version } = state;
      const etag = galleryEtag(version);
      reply.header('ETag', etag).header('Cache-Control', 'private, no-cache').header('Vary', 'Accept-Encoding');
      if (etagMatches(request.headers['if-none-match'], etag)) return notModified(reply);
      // Everyone opening the gallery gets the same bytes until it changes: built once per version.
      const body = await galleries.get(`${eventName}/${type}`, version, async () => ({
        product: await listMedia(db, eventName, type),
      }));
      // A Buffer is sent as it is, past the schema's serialiser: it is the serialised ProductList.
      return sendEncoded(request, reply.type('application/json; charset=utf-8'), body);
    },
  );

  // An open gallery hears of its changes as they happen (docs/api.md#live-galleries): a stream
  // of its list's version, sent again whenever the database says the event changed (from any
  // server: the change feed), the phone then asks for the list as its poll would. The poll stays:
  // slower while the stream is open, the fallback when it is not.
  const streams = eventStreams(app);
  // Every stream of one booth gallery shares one read per change (platform/http/liveVersions.ts).
  const live = liveVersions<{ eventName: EventName; type: MediaMode }, GalleryState, Viewer>(
    changes,
    {
      read: ({ eventName, type }) => reads.galleryState(eventName, type),
      version: (state) => state.version,
      access: openingKey,
      // Made private, suspended, its guests' access revoked: the stream ends, and the phone's next ask is refused.
      opens: async ({ eventName }, state, viewers) =>
        (await guard.openingsOf(eventName, state, viewers)).map((opening) => opening === 'open'),
      accessFeedKey: (eventName) => `grant:${eventName}`,
    },
    (message) => app.log.warn(message),
  );
  app.addHook('onClose', async () => live.close());
  app.get(
    '/live/:bname/:type',
    { schema: { params: params({ bname: NAME, type: MediaModeSchema }) }, config: { auth: 'optional' } },
    async (request, reply) => {
      const { bname: eventName, type } = request.params;
      const viewer = apiViewer(request, team);
      const state = await reads.galleryState(eventName, type);
      if (!state) throw unknownEvent();
      const opening = await guard.openingOf(eventName, state, viewer);
      if (opening !== 'open') throw refusal(opening);
      // Nothing to stream while the change feed is down or the server stops: the phone polls.
      if (!changes.live || !streams.accepting)
        throw unavailable('live_unavailable', 'A atualização ao vivo está indisponível agora.');
      // Past a cap (per visitor, per address, in all): 503 with Retry-After, and the phone polls.
      const stream = liveStreams.open(streams, request, reply);
      if (stream)
        live.follow(stream, {
          key: `${eventName}/${type}`,
          subject: { eventName, type },
          event: eventName,
          first: state.version,
          viewer,
        });
      return reply;
    },
  );

  app.get(
    '/deviceLast/:bname/:device',
    {
      schema: {
        params: params({ bname: NAME, device: DEVICE }),
        // Beyond the spec: the code the booth's screen signs into its QR code (modules/booths/boothCodes.ts).
        querystring: Type.Object({ code: Type.Optional(Type.String({ maxLength: 64 })) }),
        response: { 200: DeviceLastReply },
      },
      config: { auth: 'optional' },
    },
    async (request) => {
      const { bname: eventName, device } = request.params;
      const { code } = request.query;
      const viewer = apiViewer(request, team);
      // The booth's own QR code is presence: whoever scanned it was there. Its address alone is
      // guessable, so without a code in time a link-only or private event stays closed.
      if (code !== undefined) {
        const opening = await guard.opening(eventName, viewer);
        // An unknown event is answered as a hidden one: a made-up code tells nobody which events exist.
        if (opening === 'hidden' || opening === 'unknown') {
          if (opening === 'unknown' || !isBoothCode(boothCodes, eventName, device, code))
            throw notFound('booth_code_expired', BOOTH_CODE_EXPIRED);
          await guard.grant(eventName, viewer, 'booth');
        }
      }
      const event = await openEvent(db, guard, eventName, viewer);
      return deviceLastOfEvent(db, event, device);
    },
  );

  packAndPrintRoutes(app, { db, jobs, rateLimit, team, guard }, reads);

  app.post(
    '/landingForm',
    { schema: { body: ContactLead, response: { 200: OkReply } }, config: { rateLimit: rateLimit('landingForm') } },
    async (request) => {
      await saveLead(db, request.body);
      return 'ok' as const;
    },
  );
}
