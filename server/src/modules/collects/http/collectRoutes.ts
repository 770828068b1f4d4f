import { parseMediaPath } from '../../../../../contract/mediaPath';
import { CollectRequest, OkReply } from '../../../../../contract/wire';
import type { AppContext } from '../../../platform/context';
import { forbidden, invalid, notFound, unauthenticated } from '../../../platform/errors';
import type { Api } from '../../../platform/http/schemas';
import { AGENT_NOT_VOUCHED_MESSAGE, HIDDEN_MESSAGE, LOGIN_FOR_PRIVATE } from '../../access';
import { collectForVisitor } from './visitorCollect';

const NOT_FOUND_MESSAGE = 'Foto não encontrada.';

/**
 * `POST /coletado` (docs/api.md#collects-in-the-app): a photo the SPA collected without a page load (a link inside
 * the app, the offline queue's collect sent once the connection is back), told to the server, which does what the
 * collect page's serving does for its visitor. A refusal says why as the media gate would (the offline queue shows
 * it): a guest who must sign in 401, a hidden photo 404 `media_hidden`, anything else 404, and nothing changes.
 */
export function collectRoutes(app: Api, { db, mediaAccess, jobs, rateLimit }: AppContext): void {
  app.post(
    '/coletado',
    {
      schema: { body: CollectRequest, response: { 200: OkReply } },
      config: { auth: 'optional', rateLimit: rateLimit('collect') },
    },
    async (request) => {
      const ref = parseMediaPath(request.body.url);
      if (!ref) throw invalid('invalid_value', 'Foto inválida.');
      // The collect is the visitor's: their browser's signed agent, never one named in the request.
      if (!request.visitorAgent) throw forbidden('agent_not_vouched', AGENT_NOT_VOUCHED_MESSAGE);
      const services = { db, access: mediaAccess, queue: jobs };
      switch (await collectForVisitor(services, request, ref, { beforeUpload: 'refuse' })) {
        case 'collected':
        case 'awaited':
          return 'ok' as const;
        case 'locked':
          throw unauthenticated(LOGIN_FOR_PRIVATE, 'media_login_required');
        case 'hidden':
          throw notFound('media_hidden', HIDDEN_MESSAGE);
        case 'missing':
          throw notFound('media_not_found', NOT_FOUND_MESSAGE);
        case 'unknown':
          throw notFound('not_found', NOT_FOUND_MESSAGE);
      }
    },
  );
}
