import type { UnknownAction } from '@reduxjs/toolkit';
import { errorMessage, isApiErrorBody } from '../../api/apiSlice';
import type { MirrorReply } from '../../../contract/wire';
import type { AppDispatch, GetState } from '../../session';
import { mirrorApi, type MirrorSession } from './mirrorApi';
import {
  callFailed,
  customSubmitted,
  modeAccepted,
  modeChosen,
  mirrorOpened,
  promptAccepted,
  scenarioConfirmed,
  selectMirror,
  sessionExpired,
  sessionStarted,
  startRequested,
  CUSTOM_MODE,
  type MirrorState,
} from './mirrorSlice';

/**
 * The guest's steps that call the mirror (SPEC sections 4 and 7): each sends its event to the
 * machine and, when the machine took it, makes the call and hands the reply back as the next
 * event. A reply other than the expected text, or a failure, goes back with the server's message.
 */

const UNEXPECTED = 'O espelho respondeu algo inesperado. Tente novamente.';

type Call = PromiseLike<{ data: MirrorReply } | { error: unknown }>;

/** Sends `call` and tells the machine: `onOk` for the expected reply, otherwise why not. */
async function reply(dispatch: AppDispatch, call: Call, expected: MirrorReply, onOk: UnknownAction): Promise<boolean> {
  const result = await call;
  if ('data' in result) {
    dispatch(result.data === expected ? onOk : callFailed(UNEXPECTED));
    return result.data === expected;
  }
  const { error } = result;
  const data = typeof error === 'object' && error !== null && 'data' in error ? error.data : null;
  dispatch(isApiErrorBody(data) && data.error === 'session_expired' ? sessionExpired(errorMessage(error)) : callFailed(errorMessage(error)));
  return false;
}

/** Dispatches `event` and returns the new state when the machine moved to `status`. */
function moved<S extends MirrorState['status']>(dispatch: AppDispatch, getState: GetState, event: UnknownAction, status: S) {
  const before = selectMirror(getState());
  dispatch(event);
  const after = selectMirror(getState());
  return after !== before && after.status === status ? (after as Extract<MirrorState, { status: S }>) : null;
}

function start(dispatch: AppDispatch, state: { session: MirrorSession }) {
  return reply(dispatch, dispatch(mirrorApi.endpoints.mirrorStart.initiate(state.session)), 'start_ok', sessionStarted());
}

/** The page opened on a QR code's link: start/0, unless this session is already under way. */
export function openMirror(session: MirrorSession) {
  return async (dispatch: AppDispatch, getState: GetState): Promise<void> => {
    const state = moved(dispatch, getState, mirrorOpened(session), 'starting');
    if (state) await start(dispatch, state);
  };
}

/** 'Tentar novamente' after a failed start; 'Começar de novo' after the image did not come. */
export function startAgain() {
  return async (dispatch: AppDispatch, getState: GetState): Promise<void> => {
    const state = moved(dispatch, getState, startRequested(), 'starting');
    if (state) await start(dispatch, state);
  };
}

export function chooseMode(mode: string) {
  return async (dispatch: AppDispatch, getState: GetState): Promise<void> => {
    const state = moved(dispatch, getState, modeChosen(mode), 'settingMode');
    if (!state) return;
    await reply(dispatch, dispatch(mirrorApi.endpoints.mirrorSetMode.initiate({ ...state.session, mode })), 'mode_ok', modeAccepted());
  };
}

/** 'Sim': the chosen scenario is the prompt. */
export function confirmScenario() {
  return async (dispatch: AppDispatch, getState: GetState): Promise<void> => {
    const state = moved(dispatch, getState, scenarioConfirmed(), 'sendingScenario');
    if (!state) return;
    const call = dispatch(mirrorApi.endpoints.mirrorSendPrompt.initiate({ ...state.session, prompt: state.scenario }));
    await reply(dispatch, call, 'prompt_ok', promptAccepted());
  };
}

/** 'Enviar': a prompt of the guest's own goes first as the custom mode, then as the prompt. */
export function sendCustomPrompt(text: string) {
  return async (dispatch: AppDispatch, getState: GetState): Promise<void> => {
    const state = moved(dispatch, getState, customSubmitted(text), 'sendingCustom');
    if (!state) return;
    const { session, prompt } = state;
    const modeCall = dispatch(mirrorApi.endpoints.mirrorSetMode.initiate({ ...session, mode: CUSTOM_MODE }));
    if (!(await reply(dispatch, modeCall, 'mode_ok', modeAccepted()))) return;
    const now = selectMirror(getState());
    if (now.status !== 'sendingCustom' || now.step !== 'prompt') return;
    await reply(dispatch, dispatch(mirrorApi.endpoints.mirrorSendPrompt.initiate({ ...session, prompt })), 'prompt_ok', promptAccepted());
  };
}
