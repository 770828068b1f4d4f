import { api } from '../api/apiSlice';
import type { AppStartListening } from '../store/appListener';
import type { RootState } from '../store/rootReducer';

/** Who the server sees: a uid, or nobody (an unknown visitor asks without a token too). */
const caller = (state: RootState) => (state.auth.identity.status === 'signedIn' ? state.auth.identity.user.uid : null);

/**
 * Replies that depend on who asks (a private event's galleries, the events list, a booth's last
 * photo, the privacy summary) are asked again when the caller changes: a sign-in brings the
 * token, a session that ended takes it away. The queries' arguments say only what is asked.
 */
const IDENTITY_TAGS = ['Event', 'VisitedEvents', 'BoothMedia', 'DeviceLast', 'Privacy'] as const;

export function refetchOnIdentityChange(startListening: AppStartListening): void {
  startListening({
    predicate: (_action, current, previous) => caller(current) !== caller(previous),
    effect: (_action, listener) => {
      listener.dispatch(api.util.invalidateTags([...IDENTITY_TAGS]));
    },
  });
}
