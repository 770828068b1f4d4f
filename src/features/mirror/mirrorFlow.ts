import { isAnyOf, type UnknownAction } from '@reduxjs/toolkit';
import { parseMediaPath } from '../../../contract/mediaPath';
import { MIRROR_CUSTOM_MODE } from '../../../contract/protocol';
import type { MirrorReply } from '../../../contract/wire';
import { refusedFormerAgent } from '../../api/agentRefusal';
import { apiErrorCode, errorMessage } from '../../api/apiError';
import { collectionMerged, entered, injectFlow, selectAgent, type Flow, type FlowApi } from '../../session';
import { mirrorApi, type MirrorSession } from './mirrorApi';
import {
  callFailed,
  customSubmitted,
  imagePolled,
  modeAccepted,
  modeChosen,
  mirrorOpened,
  pollFailed,
  promptAccepted,
  scenarioConfirmed,
  selectMirror,
  sessionExpired,
  sessionStarted,
  startRequested,
} from './mirrorSlice';

/**
 * The AI mirror's side effects (docs/product.md#ai-mirror). Each state that calls the mirror makes its
 * call when the machine enters it, and the reply goes back as the next event: the expected text
 * moves on, anything else (or a failure) goes back with the server's message. The last image's
 * replies (polled by the screen's query while the machine waits) feed the machine too, and the
 * end of the wait frees the mirror for the next guest with restart/0, once.
 */

const UNEXPECTED = 'O espelho respondeu algo inesperado. Tente novamente.';

type Call = PromiseLike<{ data: MirrorReply } | { error: unknown }>;

async function reply(
  api: FlowApi,
  session: MirrorSession,
  call: Call,
  expected: MirrorReply,
  onOk: UnknownAction,
): Promise<void> {
  const result = await call;
  if ('data' in result) api.dispatch(result.data === expected ? onOk : callFailed(UNEXPECTED));
  else if (apiErrorCode(result.error) === 'session_expired') api.dispatch(sessionExpired(errorMessage(result.error)));
  // Refused for an agent the server never signed, which gave the session another: the screen
  // opens the mirror's session again under that one (MirrorSteps), whose calls are the guest's.
  else if (!refusedFormerAgent(result.error, session.agent, selectAgent(api.getState())))
    api.dispatch(callFailed(errorMessage(result.error)));
}

function sameSession(a: MirrorSession, b: MirrorSession): boolean {
  return a.dh === b.dh && a.sh === b.sh && a.agent === b.agent;
}

const lastImage = mirrorApi.endpoints.mirrorLastImage;

const mirrorFlow: Flow = (startListening) => {
  // start/0: a new QR code opened, 'Tentar novamente' or 'Começar de novo'.
  startListening({
    matcher: isAnyOf(mirrorOpened, startRequested),
    effect: async (_action, api) => {
      const state = entered(api, selectMirror, 'starting');
      if (state)
        await reply(
          api,
          state.session,
          api.dispatch(mirrorApi.endpoints.mirrorStart.initiate(state.session)),
          'start_ok',
          sessionStarted(),
        );
    },
  });
  startListening({
    actionCreator: modeChosen,
    effect: async (_action, api) => {
      const state = entered(api, selectMirror, 'settingMode');
      if (!state) return;
      await reply(
        api,
        state.session,
        api.dispatch(mirrorApi.endpoints.mirrorSetMode.initiate({ ...state.session, mode: state.mode })),
        'mode_ok',
        modeAccepted(),
      );
    },
  });
  // 'Sim': the chosen scenario is the prompt.
  startListening({
    actionCreator: scenarioConfirmed,
    effect: async (_action, api) => {
      const state = entered(api, selectMirror, 'sendingScenario');
      if (!state) return;
      const call = api.dispatch(
        mirrorApi.endpoints.mirrorSendPrompt.initiate({ ...state.session, prompt: state.scenario }),
      );
      await reply(api, state.session, call, 'prompt_ok', promptAccepted());
    },
  });
  // 'Enviar': a prompt of the guest's own goes first as the custom mode, then as the prompt.
  startListening({
    matcher: isAnyOf(customSubmitted, modeAccepted),
    effect: async (_action, api) => {
      const state = entered(api, selectMirror, 'sendingCustom');
      if (!state) return;
      const { session, prompt } = state;
      if (state.step === 'mode') {
        await reply(
          api,
          session,
          api.dispatch(mirrorApi.endpoints.mirrorSetMode.initiate({ ...session, mode: MIRROR_CUSTOM_MODE })),
          'mode_ok',
          modeAccepted(),
        );
      } else {
        await reply(
          api,
          session,
          api.dispatch(mirrorApi.endpoints.mirrorSendPrompt.initiate({ ...session, prompt })),
          'prompt_ok',
          promptAccepted(),
        );
      }
    },
  });
  // Every reply of the last-image query, for this session only, is a look at the image.
  startListening({
    matcher: isAnyOf(lastImage.matchFulfilled, lastImage.matchRejected),
    effect: (action, api) => {
      const state = selectMirror(api.getState());
      if (state.status !== 'waiting') return;
      if (lastImage.matchFulfilled(action)) {
        if (sameSession(action.meta.arg.originalArgs, state.session)) api.dispatch(imagePolled(action.payload));
      } else if (lastImage.matchRejected(action)) {
        // A request RTK Query did not send (one already in flight) is no try.
        if (!action.meta.condition && sameSession(action.meta.arg.originalArgs, state.session))
          api.dispatch(pollFailed());
      }
    },
  });
  // The wait is over (the image came, or the 6th look found none): the mirror is free again. The
  // image is the guest's from now on: 'Galeria' shows it at once, tapped 'Coletar' or not.
  startListening({
    matcher: isAnyOf(imagePolled, pollFailed),
    effect: async (_action, api) => {
      const state = entered(api, selectMirror, 'finished') ?? entered(api, selectMirror, 'timedOut');
      if (!state) return;
      if (state.status === 'finished' && parseMediaPath(state.image)) api.dispatch(collectionMerged([state.image]));
      await api.dispatch(mirrorApi.endpoints.mirrorRestart.initiate(state.session));
    },
  });
};

injectFlow(mirrorFlow);
