import { MediaModeSchema } from '../../../contract/wire';
import { parseMediaPath, type MediaRef } from '../../../contract/mediaPath';
import { BOOTH_LABEL } from '../../../contract/boothLabels';
import type { AppContext } from '../context';
import { notFound, unauthenticated } from '../domain/errors';
import { LOGIN_FOR_PRIVATE } from '../domain/eventAccess';
import { findEvent } from '../domain/events';
import { listMedia } from '../domain/media';
import { eventMediaOpening } from '../http/mediaGate';
import { NAME, params, type Api } from '../http/schemas';
import { sendZip, zipEntries } from '../http/zipDownload';

/** 'Baixar todas': a gallery's files in one ZIP, streamed from the store (issue 27). */
export function downloadRoutes(app: Api, { db, storage, mediaAccess }: AppContext): void {
  // A link the browser follows to download (it sends cookies, not the login's token): who may
  // see the event's files, by the media cookie and the visitor's agent, as the gate decides.
  app.get('/baixar/:bname/:type', { schema: { params: params({ bname: NAME, type: MediaModeSchema }) }, config: { auth: 'none' } }, async (request, reply) => {
    const { bname, type } = request.params;
    const opening = await eventMediaOpening(request, bname, mediaAccess);
    if (opening === 'unknown') throw notFound('not_found', 'Evento não encontrado.');
    if (opening === 'refused') throw unauthenticated(LOGIN_FOR_PRIVATE, 'media_login_required');
    const event = await findEvent(db, bname);
    if (!event || !event.devices.includes(type)) throw notFound('not_found', 'Evento não encontrado.');
    const refs = (await listMedia(db, bname, type)).map(parseMediaPath).filter((ref): ref is MediaRef => ref !== null);
    // Newest first, as the gallery shows them.
    const title = `${event.title || bname} - ${BOOTH_LABEL[type]}`;
    return sendZip(reply, title, zipEntries(refs.reverse()), storage.objects, (message) => request.log.warn(message));
  });
}
