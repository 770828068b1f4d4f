import { Readable } from 'node:stream';
import { FILE_PATTERN, mediaKind, mediaUrl, type MediaRef } from '../../../../../contract/mediaPath';
import type { MediaMode } from '../../../../../contract/modes';
import { IDENTIFIER_SOURCE } from '../../../../../contract/names';
import { DEVICE_ROUTES } from '../../../../../contract/devicePaths';
import { ROUTES, withQuery } from '../../../../../contract/routePaths';
import {
  DeviceInfo,
  DeviceSessionReply,
  DeviceUploadQuery,
  DeviceUploadReply,
  LastPhotoLinkReply,
  MirrorJob,
  MirrorSessionRequest,
  NothingYet,
  UltraSessionRequest,
  UltraSettings,
} from '../../../../../contract/wire';
import type { AppContext } from '../../../platform/context';
import {
  authenticateDevice,
  boothCode,
  boothCodeKey,
  countDeviceAuthFailure,
  type DeviceRow,
  mirrorFinish,
  mirrorOpenSession,
  mirrorTakeJob,
  ultraFinish,
  ultraOpenSession,
  ultraTakeSettings,
} from '../../booths';
import { invalid, unauthenticated } from '../../../platform/errors';
import { eventVisibility } from '../../events';
import { enqueueDerivatives, findBySourceName, insertMediaWith, MEDIA_DERIVATIVES, storageName } from '../../media';
import { countedAddress } from '../../../platform/http/clientAddress';
import type { Api } from '../../../platform/http/schemas';
import { readAtMost, TOO_LARGE } from '../../../platform/storage/uploadStream';
import { enqueueFaceIndex, FACE_INDEX, photoJoinsFaceIndex } from '../../faces';
import { photoLanded } from '../../delivery';
import { replies, requireKind } from './deviceRequest';
import { printJobRoutes } from './printJobRoutes';

const MAX_UPLOAD = 80 * 1024 * 1024;
const RAW_TYPES = [
  'application/octet-stream',
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'video/mp4',
  'video/webm',
];
const NOT_A_DEVICE = 'Dispositivo não autenticado.';
/** A device id as the devices table takes it: anything else names no device. */
const DEVICE_ID = new RegExp(IDENTIFIER_SOURCE);

/**
 * The booths' own API (docs/devices.md#authentication): each device sends `x-device-id` and
 * `x-device-key`. Cameras upload media, printers take print jobs, the mirror and the 360
 * platform pick up what guests asked for and post the result.
 */
export function deviceRoutes(app: Api, context: AppContext): void {
  const { db, storage, jobs, limitScale, devicePepper } = context;
  // A device's file is the body as it arrives, never read whole here: a photo is read (bounded)
  // by its upload, a video goes on to the object store chunk by chunk (storeUpload).
  app.addContentTypeParser(RAW_TYPES, (request, body, done) => {
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared > MAX_UPLOAD) done(TOO_LARGE(), undefined);
    else done(null, body);
  });
  app.decorateRequest('device', null);
  // An answer given before the body was read whole (a video past its limit, a refused device) ends
  // the connection: Node would otherwise read, and throw away, the rest of it first.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.raw.complete === false) reply.header('Connection', 'close');
    return payload;
  });
  const codeKey = boothCodeKey(devicePepper);
  // onRequest: a keyless upload is refused before its body is read or its schema checked.
  app.addHook('onRequest', async (request) => {
    const id = request.headers['x-device-id'];
    const key = request.headers['x-device-key'];
    const named = typeof id === 'string' && DEVICE_ID.test(id) ? id : null;
    request.device =
      named && typeof key === 'string' && key.length <= 256
        ? await authenticateDevice(db, devicePepper, named, key)
        : null;
    if (request.device) return;
    // A failure: past the limits (by address, by the device id named) it is a 429, otherwise
    // counted and a 401 (modules/booths/deviceAuth.ts). The right key always passes: device ids are
    // public, and booths share a venue's address, so no flood may switch a booth off.
    await countDeviceAuthFailure(db, countedAddress(request.ip), named, limitScale);
    throw unauthenticated(NOT_A_DEVICE, 'device_unauthenticated');
  });

  /**
   * Stores what a device sent. A guest's result (`result`: the mirror's image, a 360 video) is
   * theirs: always under a random name, and in no gallery (modules/media/media.ts, role 'result').
   */
  async function storeUpload(device: DeviceRow, mode: MediaMode, file: string, body: unknown, result = false) {
    if (!device.event_name) throw invalid('no_event', 'Este dispositivo não está ligado a um evento.');
    if (!(body instanceof Readable)) throw invalid('no_body', 'Envie o arquivo no corpo da requisição.');
    if (!FILE_PATTERN.test(file) || !mediaKind(file)) throw invalid('invalid_media_name', 'Nome de arquivo inválido.');
    // A link-only or private event's files get random names (docs/api.md#who-may-see-an-event).
    const eventName = device.event_name;
    const visibility = await eventVisibility(db, eventName);
    const guessable = visibility === 'public' && !result;
    // A second booth upload of a name is the same item (a retry); a device may name every result
    // alike, and each is another guest's: never the same file.
    const existing = guessable || result ? null : await findBySourceName(db, eventName, mode, file);
    const name = storageName(file, guessable, existing?.file ?? null);
    const ref: MediaRef = { eventName, mode, file: name.file };
    // The original is stored, then indexed with the job that makes its thumbnail and rendition in
    // one transaction: an acknowledged upload always gets them, from whichever server is free.
    const stored =
      mediaKind(ref.file) === 'video'
        ? await storage.storeStream(ref, body, MAX_UPLOAD)
        : await storage.store(ref, await readAtMost(body, MAX_UPLOAD));
    // Out of the galleries until its job has made its tile: a phone that sees it then finds its thumbnail there.
    await insertMediaWith(
      db,
      {
        ...ref,
        ...stored,
        deviceId: device.id,
        unguessable: name.unguessable,
        sourceName: name.sourceName,
        result,
        awaitingTile: true,
      },
      async (client) => {
        await enqueueDerivatives(jobs, client, ref);
        // A photo of an event with face search on waits for its faces to be indexed.
        if (!result) await photoJoinsFaceIndex(client, ref, () => enqueueFaceIndex(jobs, client, ref.eventName));
        // The guests who collected it before it landed get it now (docs/product.md#photos-delivered).
        if (!result) await photoLanded(client, jobs, ref);
      },
    );
    jobs.nudge(MEDIA_DERIVATIVES);
    jobs.nudge(FACE_INDEX);
    return mediaUrl(ref);
  }

  app.get(DEVICE_ROUTES.me, { schema: { response: replies({ 200: DeviceInfo }) } }, async (request) => {
    const device = requireKind(request, 'booth', 'printer', 'mirror', 'ultra');
    return { id: device.id, kind: device.kind, event: device.event_name, mode: device.mode };
  });

  const upload = { querystring: DeviceUploadQuery, response: replies({ 200: DeviceUploadReply }) };
  app.post(DEVICE_ROUTES.media, { schema: upload }, async (request) => {
    const device = requireKind(request, 'booth');
    if (!device.mode) throw invalid('no_mode', 'Este dispositivo não tem um modo.');
    return { url: await storeUpload(device, device.mode as MediaMode, request.query.file, request.body) };
  });

  /**
   * What the booth's screen shows as its QR code for "my last photo": the deviceLast page with a
   * code signed for this booth and the next minutes (modules/booths/boothCodes.ts), so that whoever scans
   * it may see the photo even when the event is not public. The booth asks again every minute.
   */
  app.get(
    DEVICE_ROUTES.lastPhotoLink,
    { schema: { response: replies({ 200: LastPhotoLinkReply }) } },
    async (request) => {
      const device = requireKind(request, 'booth');
      if (!device.event_name) throw invalid('no_event', 'Este dispositivo não está ligado a um evento.');
      const { code, validUntil } = boothCode(codeKey, device.event_name, device.id);
      return {
        path: withQuery(ROUTES.deviceLast, { bname: device.event_name, device: device.id, code }),
        validUntil: validUntil.toISOString(),
      };
    },
  );

  // In this scope, so that the hooks above authenticate the printers too.
  printJobRoutes(app, context);

  const mirrorSession = { body: MirrorSessionRequest, response: replies({ 200: DeviceSessionReply }) };
  app.post(DEVICE_ROUTES.mirrorSession, { schema: mirrorSession }, async (request) => {
    const device = requireKind(request, 'mirror');
    await mirrorOpenSession(db, device.id, request.body.sessionHash);
    return { status: 'idle' as const };
  });

  const mirrorJob = { response: replies({ 200: MirrorJob, 204: NothingYet }) };
  app.get(DEVICE_ROUTES.mirrorJob, { schema: mirrorJob }, async (request, reply) => {
    const job = await mirrorTakeJob(db, requireKind(request, 'mirror').id);
    return job ?? reply.code(204).send();
  });

  app.post(DEVICE_ROUTES.mirrorImage, { schema: upload }, async (request) => {
    const device = requireKind(request, 'mirror');
    const url = await storeUpload(device, (device.mode ?? 'feed') as MediaMode, request.query.file, request.body, true);
    await mirrorFinish(db, device.id, url);
    return { url };
  });

  const ultraSession = { body: UltraSessionRequest, response: replies({ 200: DeviceSessionReply }) };
  app.post(DEVICE_ROUTES.ultraSession, { schema: ultraSession }, async (request) => {
    const device = requireKind(request, 'ultra');
    await ultraOpenSession(db, device.id, request.body.qrid);
    return { status: 'idle' as const };
  });

  const ultraSettings = { response: replies({ 200: UltraSettings, 204: NothingYet }) };
  app.get(DEVICE_ROUTES.ultraSettings, { schema: ultraSettings }, async (request, reply) => {
    const settings = await ultraTakeSettings(db, requireKind(request, 'ultra').id);
    return settings ?? reply.code(204).send();
  });

  app.post(DEVICE_ROUTES.ultraVideo, { schema: upload }, async (request) => {
    const device = requireKind(request, 'ultra');
    const url = await storeUpload(device, '360', request.query.file, request.body, true);
    await ultraFinish(db, device.id, url);
    return { url };
  });
}
