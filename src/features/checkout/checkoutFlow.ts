import { isAnyOf } from '@reduxjs/toolkit';
import { errorMessage } from '../../api/apiError';
import { customerProblem } from '../../lib/checkoutValidation';
import { entered, injectFlow, pendingOrderRecorded, selectAuthStatus, type Flow } from '../../session';
import { notify } from '../../ui/notify';
import { cartCleared } from '../shop';
import { payByCard } from './cardPayment';
import { checkoutApi } from './checkoutApi';
import { finishProblem, orderPayload } from './checkoutDraft';
import {
  methodChosen,
  orderRegistered,
  paymentRequested,
  pixCodeFailed,
  pixCodeReceived,
  pixRetried,
  redirectDue,
  REDIRECT_AFTER_ORDER_MS,
  selectCheckout,
  submitted,
} from './checkoutSlice';

function alertProblem(problem: string | null): void {
  if (problem) notify(problem);
}

/**
 * The checkout's side effects (docs/product.md#checkout): the alerts of a form or a card the checks
 * refuse; the Pix order placed once, as its panel opens, for the code to pay; the card's order,
 * token and charge; and, once an order is registered, what keeps it (the claim, for a sign-in
 * later), the emptied cart and, 2 s on, the account.
 */
const checkoutFlow: Flow = (startListening) => {
  // A refused event leaves the machine where it was: the alert tells why (a second tap while paying is no refusal).
  startListening({
    actionCreator: paymentRequested,
    effect: (action, api) => {
      if (selectCheckout(api.getOriginalState()).status === 'form' && !entered(api, selectCheckout, 'method')) {
        alertProblem(customerProblem(action.payload.draft.customer));
      }
    },
  });
  startListening({
    actionCreator: submitted,
    effect: async (action, api) => {
      const before = selectCheckout(api.getOriginalState());
      const state = entered(api, selectCheckout, 'submitting');
      if (state && action.payload) api.dispatch(await payByCard(api, state, action.payload));
      else if (before.status === 'card' && selectCheckout(api.getState()) === before)
        alertProblem(finishProblem(before.draft, action.payload));
    },
  });
  startListening({
    matcher: isAnyOf(methodChosen, pixRetried),
    effect: async (_action, api) => {
      const state = entered(api, selectCheckout, 'pixLoading');
      if (!state) return;
      // Only the latest ask answers: one made before the panel was left and opened again tells nothing more.
      api.cancelActiveListeners();
      const call = api.dispatch(
        checkoutApi.endpoints.placeOrder.initiate({
          coupon: state.draft.coupon,
          order: orderPayload(state.draft, state.order, 'pix'),
        }),
      );
      const placed = await api.pause(call);
      if (placed.data)
        api.dispatch(
          pixCodeReceived({
            code: placed.data.pixCode ?? '',
            amount: placed.data.amount,
            orderStatus: placed.data.status,
          }),
        );
      else api.dispatch(pixCodeFailed(errorMessage(placed.error)));
    },
  });
  startListening({
    matcher: isAnyOf(submitted, orderRegistered),
    effect: async (_action, api) => {
      const state = entered(api, selectCheckout, 'registered');
      if (!state) return;
      // Signed out, the order's number and claim are kept at once: closing the page now loses nothing.
      if (selectAuthStatus(api.getState()) !== 'signedIn')
        api.dispatch(pendingOrderRecorded({ ...state.order, loginRequired: false }));
      api.dispatch(cartCleared());
      await api.delay(REDIRECT_AFTER_ORDER_MS);
      api.dispatch(redirectDue());
    },
  });
  startListening({
    actionCreator: redirectDue,
    effect: (_action, api) => {
      const state = entered(api, selectCheckout, 'finished');
      // docs/product.md#checkout: signed out, the transaction and loginRequired are in the cookies before /account.
      if (state && selectAuthStatus(api.getState()) !== 'signedIn')
        api.dispatch(pendingOrderRecorded({ ...state.order, loginRequired: true }));
    },
  });
};

injectFlow(checkoutFlow);
