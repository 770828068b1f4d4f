import { entered, identityWatchRequested, injectFlow, selectAuthStatus, type Flow } from '../../session';
import { notify } from '../../ui/notify';
import {
  authorized,
  AUTHORIZED,
  confirmed,
  invitationOpened,
  LOGIN_REDIRECT_MS,
  loginDelayPassed,
  NOT_AUTHORIZED,
  refused,
  selectInvitation,
  signedInSeen,
  signedOutSeen,
} from './invitationSlice';
import { partnerApi } from './partnerApi';

/**
 * The invitation's side effects: who is signed in, told to the machine when the screen opens and
 * whenever it changes; the 7.5 s before a signed-out visitor is sent to log in; and Confirmar's
 * `POST /authorize_partner`, with the notices of docs/product.md#invitation.
 */
const invitationFlow: Flow = (startListening) => {
  startListening({
    actionCreator: invitationOpened,
    effect: (_action, api) => {
      api.dispatch(identityWatchRequested());
    },
  });
  startListening({
    predicate: (action, state, original) =>
      invitationOpened.match(action) || selectAuthStatus(state) !== selectAuthStatus(original),
    effect: (_action, api) => {
      if (selectInvitation(api.getState()).status === 'idle') return;
      const status = selectAuthStatus(api.getState());
      if (status === 'signedOut') api.dispatch(signedOutSeen());
      if (status === 'signedIn') api.dispatch(signedInSeen());
    },
  });
  startListening({
    actionCreator: signedOutSeen,
    effect: async (_action, api) => {
      const state = entered(api, selectInvitation, 'mustLogin');
      if (!state) return;
      await api.delay(LOGIN_REDIRECT_MS);
      // Signed in meanwhile, or the screen closed: that wait is over.
      if (selectInvitation(api.getState()) === state) api.dispatch(loginDelayPassed());
    },
  });
  startListening({
    actionCreator: confirmed,
    effect: async (_action, api) => {
      const state = entered(api, selectInvitation, 'confirming');
      if (!state) return;
      const result = await api.dispatch(partnerApi.endpoints.authorizePartner.initiate(state.link));
      if (result.data === 'ok') {
        api.dispatch(authorized());
        notify(AUTHORIZED);
      } else {
        api.dispatch(refused());
        notify(NOT_AUTHORIZED);
      }
    },
  });
};

injectFlow(invitationFlow);
