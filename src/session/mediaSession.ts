import { api } from '../api/apiSlice';
import type { MediaSessionReply } from '../../contract/wire';
import type { AppStartListening } from '../store/appListener';
import { sessionStarted } from './sessionActions';
import type { RootState } from '../store/rootReducer';

/** Renewed this long before it expires, so an open gallery never meets an expired cookie. */
export const MEDIA_SESSION_RENEW_BEFORE_MS = 10 * 60 * 1000;
/** After a failed attempt (offline, the server away), tried again this much later. */
const MEDIA_SESSION_RETRY_MS = 60 * 1000;

/**
 * `<img>` and `<video>` send cookies, not the `idToken` header: a signed-in visitor's browser
 * trades its token for a short-lived HttpOnly cookie that lets a link-only or private event's
 * files through the server's media gate (server/src/modules/access/http/mediaGate.ts).
 */
const mediaSessionApi = api.injectEndpoints({
  endpoints: (build) => ({
    openMediaSession: build.mutation<MediaSessionReply, void>({
      query: () => ({ url: '/media-session', method: 'POST' }),
      extraOptions: { auth: 'required' },
      invalidatesTags: ['MediaAccess'],
    }),
    closeMediaSession: build.mutation<string, void>({
      query: () => ({ url: '/media-session', method: 'DELETE', responseHandler: 'text' }),
    }),
  }),
});

const signedInUid = (state: RootState) =>
  state.auth.identity.status === 'signedIn' ? state.auth.identity.user.uid : null;

/**
 * While someone is signed in, holds the media cookie for them (renewed before it expires); when
 * they sign out, clears it, so the next person on the phone cannot load what only they could.
 * A change of who is signed in cancels the loop of the one before. Like the session's other
 * calls, it waits for the app to have started (sessionStarted).
 */
export function keepMediaSession(startListening: AppStartListening): void {
  let started = false;
  startListening({
    predicate: (action, current, previous) =>
      sessionStarted.match(action) ||
      current.auth.identity.status !== previous.auth.identity.status ||
      signedInUid(current) !== signedInUid(previous),
    effect: async (action, listener) => {
      if (sessionStarted.match(action)) started = true;
      if (!started) return;
      listener.cancelActiveListeners();
      const uid = signedInUid(listener.getState());
      if (uid === null) {
        // Only a real sign-out clears it: an anonymous visit costs no request.
        if (
          signedInUid(listener.getOriginalState()) !== null &&
          listener.getState().auth.identity.status === 'signedOut'
        ) {
          await listener.dispatch(mediaSessionApi.endpoints.closeMediaSession.initiate(undefined, { track: false }));
        }
        return;
      }
      for (;;) {
        const result = await listener.dispatch(
          mediaSessionApi.endpoints.openMediaSession.initiate(undefined, { track: false }),
        );
        const wait =
          'data' in result && result.data
            ? Math.max(MEDIA_SESSION_RETRY_MS, result.data.expiresAt - Date.now() - MEDIA_SESSION_RENEW_BEFORE_MS)
            : MEDIA_SESSION_RETRY_MS;
        // Resolves after `wait`, or throws (ending the loop) once a later change cancels this one.
        await listener.delay(wait);
      }
    },
  });
}
