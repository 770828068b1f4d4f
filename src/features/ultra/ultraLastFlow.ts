import { refusedFormerAgent } from '../../api/agentRefusal';
import { apiErrorStatus, errorMessage } from '../../api/apiError';
import { parseMediaPath } from '../../../contract/mediaPath';
import { collectionMerged, entered, injectFlow, selectAgent, selectAuthStatus, type Flow } from '../../session';
import { ultraApi } from './ultraApi';
import {
  callFailed,
  clockTicked,
  replied,
  retried,
  sameUltraLink,
  selectUltraLast,
  ULTRA_PROCESSING_AFTER_MS,
} from './ultraLastSlice';

const ultraLast = ultraApi.endpoints.getUltraLast;

/**
 * The 360 result's side effects: every reply of the result query (polled by the screen while the
 * machine waits) for the machine's link goes to it; 25 s after the first `in_session` the clock
 * wakes it (the wording turns to 'Processando vídeo'); 'Tentar novamente' asks at once.
 */
const ultraLastFlow: Flow = (startListening) => {
  startListening({
    matcher: ultraLast.matchFulfilled,
    effect: (action, api) => {
      const state = selectUltraLast(api.getState());
      if (state.status !== 'idle' && sameUltraLink(action.meta.arg.originalArgs, state.link)) {
        api.dispatch(replied({ reply: action.payload, at: Date.now() }));
      }
    },
  });
  // The video is the guest's from now on (the server recorded it for the agent): 'Galeria' shows it at once.
  startListening({
    actionCreator: replied,
    effect: (_action, api) => {
      const state = entered(api, selectUltraLast, 'ready');
      if (state && parseMediaPath(state.video)) api.dispatch(collectionMerged([state.video]));
    },
  });
  startListening({
    matcher: ultraLast.matchRejected,
    effect: (action, api) => {
      const state = selectUltraLast(api.getState());
      // A request RTK Query did not send (one already in flight) is no failure.
      if (action.meta.condition || state.status === 'idle' || !sameUltraLink(action.meta.arg.originalArgs, state.link))
        return;
      // Asked before the identity service said who is here: the login a private event asks for
      // may be one there is. The next poll goes with the token, or fails for good once signed out.
      if (apiErrorStatus(action.payload) === 401 && selectAuthStatus(api.getState()) === 'unknown') return;
      // Refused for an agent the server never signed, which gave the session another: the screen
      // asks again under that one (its query's agent changed), and that answer is the guest's.
      if (refusedFormerAgent(action.payload, action.meta.arg.originalArgs.agent, selectAgent(api.getState()))) return;
      api.dispatch(callFailed(errorMessage(action.payload ?? action.error)));
    },
  });
  startListening({
    actionCreator: replied,
    effect: async (_action, api) => {
      const state = entered(api, selectUltraLast, 'inSession');
      if (!state) return;
      await api.delay(Math.max(0, state.since + ULTRA_PROCESSING_AFTER_MS - Date.now()));
      api.dispatch(clockTicked(Date.now()));
    },
  });
  startListening({
    actionCreator: retried,
    effect: async (_action, api) => {
      const state = entered(api, selectUltraLast, 'asking');
      if (state)
        await api.dispatch(
          ultraLast.initiate(
            { ...state.link, agent: selectAgent(api.getState()) },
            { subscribe: false, forceRefetch: true },
          ),
        );
    },
  });
};

injectFlow(ultraLastFlow);
