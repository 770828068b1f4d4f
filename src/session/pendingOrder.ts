import type { AppStartListening } from '../store/appListener';
import { accountSyncApi } from './accountSyncApi';
import type { RootState } from '../store/rootReducer';
import { apiErrorStatus } from '../api/apiError';
import { orderLinked, selectPendingOrder } from './authSlice';

/** Someone is signed in, no sign-in is still tying lists to the account, and an order waits. */
function readyToLink(state: RootState): boolean {
  const { identity, signingIn, pendingOrder } = state.auth;
  return identity.status === 'signedIn' && !signingIn && pendingOrder !== null;
}

/**
 * docs/product.md#account: an order placed while signed out waits (cookies transaction and loginRequired);
 * the moment someone is signed in (a restored session, or a sign-in once its account is linked,
 * so the two never race to create the account), the order is tied to the account and the flag
 * cleared. This is the one place that does it.
 */
export function linkPendingOrder(startListening: AppStartListening): void {
  startListening({
    predicate: (_action, current, previous) => readyToLink(current) && !readyToLink(previous),
    effect: async (_action, api) => {
      const pending = selectPendingOrder(api.getState());
      // An order without its claim secret (a cookie from before claims) can never be tied: let go.
      if (pending === null || pending.claim === null) {
        api.dispatch(orderLinked());
        return;
      }
      try {
        await api
          .dispatch(
            accountSyncApi.endpoints.setTransaction.initiate({ transaction: pending.orderId, claim: pending.claim }),
          )
          .unwrap();
        api.dispatch(orderLinked());
      } catch (error) {
        // An order that is not found or belongs to someone else can never be tied: let go of it.
        // Anything else (the network) leaves it waiting for the next sign-in or visit.
        const status = apiErrorStatus(error);
        if (status === 403 || status === 404) api.dispatch(orderLinked());
      }
    },
  });
}
