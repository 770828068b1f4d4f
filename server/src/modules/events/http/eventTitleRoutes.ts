import { TitleChange, TitleReply } from '../../../../../contract/wire';
import { isEventTitle } from '../../../../../contract/eventTitle';
import { caller, isTeamMember } from '../../identity';
import type { AppContext } from '../../../platform/context';
import { invalid } from '../../../platform/errors';
import { setEventTitle } from '../events';
import { NAME, params, type Api } from '../../../platform/http/schemas';

/** An event's title: what people read of it, its owner's (or the team's) to change. */
export function eventTitleRoutes(app: Api, { db, team }: AppContext): void {
  app.put(
    '/events/:bname/title',
    {
      schema: { params: params({ bname: NAME }), body: TitleChange, response: { 200: TitleReply } },
      config: { auth: 'required', checkRevoked: true },
    },
    async (request) => {
      if (!isEventTitle(request.body.title)) throw invalid('invalid_title', 'Escreva o nome do evento.');
      const identity = caller(request);
      const event = await setEventTitle(
        db,
        identity,
        await isTeamMember(identity, team),
        request.params.bname,
        request.body.title,
      );
      return { bname: event.name, title: event.title };
    },
  );
}
