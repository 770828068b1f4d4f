import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { MediaModeSchema } from '../../../../../contract/wire';
import { mediaUrl, parseMediaPath, type MediaRef } from '../../../../../contract/mediaPath';
import type { AppContext } from '../../../platform/context';
import { siteOrigin } from '../../../platform/config';
import { invalid, notFound, unauthenticated } from '../../../platform/errors';
import { LOGIN_FOR_PRIVATE } from '../../access';
import { countedAgent, recordEventAction } from '../../insights';
import { collectionZip, galleryZip } from '../zipContents';
import { eventMediaOpening } from '../../access';
import { NAME, params, type Api } from '../../../platform/http/schemas';
import { sendZip, zipEntries } from '../../media';
import { refusalPagesForNavigations } from './downloadRefusalPage';
import { ROUTES } from '../../../../../contract/routePaths';

/** The most items a collection's ZIP takes in one go (a collection of a whole party is a few hundred). */
export const MAX_COLLECTION_ZIP = 2_000;
/** What a form of MAX_COLLECTION_ZIP media URLs weighs at most. */
const FORM_LIMIT_BYTES = 512 * 1024;

const CollectionForm = Type.Object({
  itens: Type.Array(Type.String({ maxLength: 1024 }), { maxItems: MAX_COLLECTION_ZIP }),
});

/** 'Baixar todas': a gallery's or a collection's files in one ZIP, streamed from the store. */
export function downloadRoutes(app: Api, { config, db, storage, mediaAccess, rateLimit }: AppContext): void {
  const log = (request: { log: { warn: (message: string) => void } }) => (message: string) => request.log.warn(message);

  // Both are followed by the browser itself, so a refusal is a page it can show.
  void app.register(async (scope: FastifyInstance) => {
    // Back to 'Minha Coleção', or to the events a gallery is reached from.
    refusalPagesForNavigations(scope, siteOrigin(config), (request) =>
      request.method === 'POST' ? ROUTES.collection : ROUTES.events,
    );
    // A link the browser follows to download (it sends cookies, not the login's token): who may
    // see the event's files, by the media cookie and the visitor's agent, as the gate decides.
    (scope as unknown as Api).get(
      '/baixar/:bname/:type',
      {
        schema: { params: params({ bname: NAME, type: MediaModeSchema }) },
        config: { auth: 'none', rateLimit: rateLimit('downloadGallery') },
      },
      async (request, reply) => {
        const { bname: eventName, type } = request.params;
        const opening = await eventMediaOpening(request, eventName, mediaAccess);
        if (opening === 'unknown') throw notFound('not_found', 'Evento não encontrado.');
        if (opening === 'refused') throw unauthenticated(LOGIN_FOR_PRIVATE, 'media_login_required');
        const zip = await galleryZip(db, eventName, type);
        if (!zip) throw notFound('not_found', 'Evento não encontrado.');
        // 'A festa em números': once per visitor and gallery (docs/product.md#the-party-in-numbers).
        await recordEventAction(db, 'download', eventName, { agent: countedAgent(request), subject: [type] });
        return sendZip(reply, zip.title, zipEntries(zip.refs), storage.objects, log(request));
      },
    );

    // 'Minha Coleção' is the visitor's own list (their cookie, their account), which the server
    // does not keep: the page posts it as a plain form, and the browser downloads the answer as it
    // comes. Each file goes in only if the visitor may open it (the media gate's own rule, file by
    // file: a collect link's file is theirs); the others, and files erased since, are left out.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_LIMIT_BYTES },
      (_request, body, done) => {
        done(null, { itens: new URLSearchParams(String(body)).getAll('itens') });
      },
    );
    (scope as unknown as Api).post(
      '/baixar/colecao',
      { schema: { body: CollectionForm }, config: { auth: 'none', rateLimit: rateLimit('downloadCollection') } },
      async (request, reply) => {
        const asked = request.body.itens.map(parseMediaPath).filter((ref): ref is MediaRef => ref !== null);
        // The gate's rule for each file (its collect link included), but never a wall's cookie: a ZIP is no screen.
        const zip = await collectionZip(db, asked, async (ref) => {
          const opening = await eventMediaOpening(request, ref.eventName, mediaAccess, { byCollectLink: ref });
          return opening === 'public' || opening === 'gated';
        });
        if (!zip) throw invalid('nothing_to_download', 'Nenhuma foto da sua coleção pode ser baixada agora.');
        // A download for each event it holds photos of, once per visitor and the same photos.
        for (const eventName of new Set(zip.refs.map((ref) => ref.eventName))) {
          const urls = zip.refs.filter((ref) => ref.eventName === eventName).map((ref) => mediaUrl(ref));
          await recordEventAction(db, 'download', eventName, {
            agent: countedAgent(request),
            subject: ['colecao', ...urls.sort()],
          });
        }
        return sendZip(reply, zip.title, zipEntries(zip.refs, { byEvent: zip.byEvent }), storage.objects, log(request));
      },
    );
  });
}
