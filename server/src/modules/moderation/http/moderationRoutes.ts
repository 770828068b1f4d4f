import { parseMediaPath } from '../../../../../contract/mediaPath';
import {
  ModeratedMedium,
  ModerationChange,
  ModerationQuery,
  ModerationReply,
  ModerationSettingsChange,
  ModerationSettingsReply,
} from '../../../../../contract/wire';
import type { AppContext } from '../../../platform/context';
import { notFound } from '../../../platform/errors';
import { NAME, params, type Api } from '../../../platform/http/schemas';
import { ownersEvent } from '../../events';
import { moderate, moderationPage, moderationState, setApproval } from '../moderation';

const mediaNotFound = () => notFound('media_not_found', 'Esta foto não é deste evento.');

/**
 * The owner's and the team's moderation of an event (docs/api.md#moderation): its media with
 * whether each is hidden or waits for approval, one medium hidden, shown or approved, and the
 * approval settings. 404 for an unknown event, 403 `not_event_owner` to anyone else.
 */
export function moderationRoutes(app: Api, { db, team }: AppContext): void {
  const config = { auth: 'required' as const, checkRevoked: true };
  const bnameParams = params({ bname: NAME });

  app.get(
    '/events/:bname/moderacao',
    { schema: { params: bnameParams, querystring: ModerationQuery, response: { 200: ModerationReply } }, config },
    async (request, reply) => {
      const event = await ownersEvent(db, team, request, request.params.bname);
      const { filtro = 'todas', antes = null } = request.query;
      void reply.header('cache-control', 'no-store');
      return { ...(await moderationState(db, event.name)), ...(await moderationPage(db, event.name, filtro, antes)) };
    },
  );

  app.post(
    '/events/:bname/moderacao',
    { schema: { params: bnameParams, body: ModerationChange, response: { 200: ModeratedMedium } }, config },
    async (request) => {
      const event = await ownersEvent(db, team, request, request.params.bname);
      const ref = parseMediaPath(request.body.url);
      if (!ref || ref.eventName !== event.name) throw mediaNotFound();
      const medium = await moderate(db, event.name, ref, request.body.action);
      if (!medium) throw mediaNotFound();
      return medium;
    },
  );

  app.put(
    '/events/:bname/moderacao/ajustes',
    {
      schema: { params: bnameParams, body: ModerationSettingsChange, response: { 200: ModerationSettingsReply } },
      config,
    },
    async (request) => {
      const event = await ownersEvent(db, team, request, request.params.bname);
      await setApproval(db, event.name, request.body);
      return moderationState(db, event.name);
    },
  );
}
