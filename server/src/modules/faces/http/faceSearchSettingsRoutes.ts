import { FaceSearchSetting, FaceSearchStatusReply } from '../../../../../contract/wire';
import type { AppContext } from '../../../platform/context';
import { faceSearchStatus, setFaceSearch } from '../faceIndexRows';
import { ownersEvent } from '../../events';
import { NAME, params, type Api } from '../../../platform/http/schemas';
import { enqueueFaceIndex, FACE_INDEX } from '../jobs/faceIndexJob';

/**
 * An event's face search, in its owner's and the team's hands: off by default; turned
 * on, its booth photos are indexed by jobs; turned off, every face kept of them is deleted.
 */
export function faceSearchSettingsRoutes(app: Api, { db, team, jobs }: AppContext): void {
  const config = { auth: 'required' as const, checkRevoked: true };
  const schema = { params: params({ bname: NAME }), response: { 200: FaceSearchStatusReply } };

  app.get('/events/:bname/rostos', { schema, config }, async (request, reply) => {
    const event = await ownersEvent(db, team, request, request.params.bname);
    void reply.header('cache-control', 'no-store');
    return faceSearchStatus(db, event.name);
  });

  app.put('/events/:bname/rostos', { schema: { ...schema, body: FaceSearchSetting }, config }, async (request) => {
    const event = await ownersEvent(db, team, request, request.params.bname);
    await setFaceSearch(db, event.name, request.body.enabled, (client) => enqueueFaceIndex(jobs, client, event.name));
    jobs.nudge(FACE_INDEX);
    return faceSearchStatus(db, event.name);
  });
}
