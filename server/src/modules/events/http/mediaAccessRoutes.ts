import crypto from 'node:crypto';
import {
  AccessRevokedReply,
  EventAccessReply,
  MediaSessionReply,
  OkReply,
  VisibilityChange,
  VisibilityReply,
} from '../../../../../contract/wire';
import { caller, isTeamMember } from '../../identity';
import type { AppContext } from '../../../platform/context';
import { clearMediaSessionCookie, grantCounts, revokeGrants, setMediaSessionCookie } from '../../access';
import { setEventVisibility } from '../events';
import { ownersEvent } from './ownersEvent';
import { NAME, params, type Api } from '../../../platform/http/schemas';

/** Who sees an event's media: the owner's choice, and the cookie that lets a signed-in browser load gated files. */
export function mediaAccessRoutes(app: Api, { db, team, mediaAccess }: AppContext): void {
  // The SPA trades its fresh ID token for the media cookie when someone signs in, and again
  // before the cookie expires (src/session/mediaSession.ts).
  // The cookie outlives the token it was traded for: a revoked session or a disabled account gets none.
  app.post(
    '/media-session',
    { schema: { response: { 200: MediaSessionReply } }, config: { auth: 'required', checkRevoked: true } },
    async (request, reply) => {
      const identity = caller(request);
      // The team sees every event: the cookie says so, as the media gate cannot ask the e-mail.
      return {
        expiresAt: setMediaSessionCookie(reply, mediaAccess.keys, {
          uid: identity.uid,
          team: await isTeamMember(identity, team),
        }),
      };
    },
  );

  // Logging out clears it; nothing to prove, since it only removes what the browser holds.
  app.delete(
    '/media-session',
    { schema: { response: { 200: OkReply } }, config: { auth: 'none' } },
    async (_request, reply) => {
      clearMediaSessionCookie(reply, mediaAccess.keys);
      return 'ok' as const;
    },
  );

  app.put(
    '/events/:bname/visibility',
    {
      schema: { params: params({ bname: NAME }), body: VisibilityChange, response: { 200: VisibilityReply } },
      // It hands the team a power over any event: a revoked token is refused, as on team routes.
      config: { auth: 'required', checkRevoked: true },
    },
    async (request) => {
      const identity = caller(request);
      const event = await setEventVisibility(
        db,
        identity,
        await isTeamMember(identity, team),
        request.params.bname,
        request.body.visibility,
      );
      return { bname: event.name, visibility: event.visibility };
    },
  );

  // Who has access to the event besides its owner and the team: counts, never identities.
  app.get(
    '/events/:bname/access',
    {
      schema: { params: params({ bname: NAME }), response: { 200: EventAccessReply } },
      config: { auth: 'required', checkRevoked: true },
    },
    async (request, reply) => {
      const event = await ownersEvent(db, team, request, request.params.bname);
      void reply.header('cache-control', 'no-store');
      return grantCounts(db, event.name);
    },
  );

  // Every guest's access at once: their grants go, the event's link changes, and collect links of
  // what is stored until now no longer grant it (docs/api.md#who-may-see-an-event).
  app.post(
    '/events/:bname/access/revoke',
    {
      schema: { params: params({ bname: NAME }), response: { 200: AccessRevokedReply } },
      config: { auth: 'required', checkRevoked: true },
    },
    async (request) => {
      const event = await ownersEvent(db, team, request, request.params.bname);
      return { publicId: await revokeGrants(db, event.name, crypto.randomBytes(9).toString('base64url')) };
    },
  );
}
