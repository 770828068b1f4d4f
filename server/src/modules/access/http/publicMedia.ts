import type { FastifyInstance } from 'fastify';
import { notFound } from '../../../platform/errors';
import type { MediaStorage } from '../../media';
import type { Viewer } from '../eventAccess';
import { HIDDEN_HEADER, HIDDEN_MESSAGE, mediaTarget, type MediaAccess, type MediaPrefix } from './mediaGate';
import { sendMediaFile } from './mediaFiles';
import { PUBLIC_MEDIA_PATH } from './publicMediaAddress';

/**
 * Browsers keep a public file for a year (it never changes under its name); the CDN asks again
 * after 5 minutes (a 304 while the event is still public), so an event made private leaves it
 * within that time.
 */
export const CDN_MEDIA_CACHE = 'public, max-age=31536000, s-maxage=300';

/** The CDN asks as nobody: no cookie is read. */
const NOBODY: Viewer = { uid: null, agent: null, isTeam: async () => false };

/**
 * Public events' files for a CDN (MEDIA_PUBLIC_BASE). The CDN's origin is this app and
 * it asks for `/publico/{media|thumbs|display}/...`; each answer is the same for everyone (no
 * cookie is read), so a shared cache may keep it: a file of a public event, or a 404. A link-only
 * or private event's file never goes through here: its own address (`/media/...`) keeps the gate,
 * so the CDN cannot hold one. A bucket opened to the public could not tell them apart (a booth
 * names its files, and names can be guessed), which is why the CDN's origin is the app and not
 * the bucket. CORS lets the service worker and the SPA read what they fetch through the CDN.
 */
export async function registerPublicMedia(
  app: FastifyInstance,
  storage: MediaStorage,
  access: MediaAccess,
): Promise<void> {
  for (const prefix of ['/media/', '/thumbs/', '/display/'] as const satisfies readonly MediaPrefix[]) {
    await app.register(async (scope) => {
      scope.addHook('onSend', async (_request, reply, payload) => {
        const ok = reply.statusCode === 200 || reply.statusCode === 206 || reply.statusCode === 304;
        reply.header('Cache-Control', ok ? CDN_MEDIA_CACHE : 'no-store');
        // Anyone's file: readable by a page of any origin (the app's, fetching through the CDN).
        reply.header('Access-Control-Allow-Origin', '*');
        reply.header('Cross-Origin-Resource-Policy', 'cross-origin');
        return payload;
      });
      scope.route({
        method: ['GET', 'HEAD'],
        url: `${PUBLIC_MEDIA_PATH}${prefix}*`,
        handler: async (request, reply) => {
          const ref = mediaTarget(request.url.slice(PUBLIC_MEDIA_PATH.length), prefix);
          // Anyone's files only: not a suspended event's (its paid order refunded), even a public one's.
          if (!ref || !(await access.guard.openToAll(ref.eventName))) throw notFound('not_found', 'Não encontrado.');
          // Nor a file the event's host hid (docs/product.md#moderation): a CDN that kept it drops it within s-maxage.
          if ((await access.guard.moderation(ref, NOBODY)) !== 'shown') {
            void reply.header(HIDDEN_HEADER, '1');
            throw notFound('media_hidden', HIDDEN_MESSAGE);
          }
          return sendMediaFile(request, reply, storage, prefix, ref);
        },
      });
    });
  }
}
