import type { IdentityGateway } from '../api/identityGateway';
import type { AppStartListening } from '../store/appListener';
import { identityWatchRequested } from './sessionActions';
import { signedIn, signedOut } from './authSlice';

/**
 * Follows the identity service once a screen asks (identityWatchRequested): the first request
 * loads the SDK and subscribes; later ones do nothing.
 */
export function watchIdentity(startListening: AppStartListening, identity: IdentityGateway): void {
  let started = false;
  startListening({
    actionCreator: identityWatchRequested,
    effect: async (_action, api) => {
      if (started) return;
      started = true;
      try {
        await identity.watch((user) => api.dispatch(user ? signedIn(user) : signedOut()));
      } catch (error) {
        // Without the identity service the visitor goes on as anonymous.
        console.warn('identity service unavailable', error);
        api.dispatch(signedOut());
      }
    },
  });
}
