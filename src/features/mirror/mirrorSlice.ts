import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { MIRROR_NO_IMAGE, MIRROR_PROMPT_MAX_LENGTH } from '../../../contract/protocol';
import { rootReducer } from '../../session';
import type { MirrorSession } from './mirrorApi';

/**
 * The AI mirror session (docs/product.md#ai-mirror) as a state machine, driven by the mirror's replies:
 * start_ok -> the mode picker; mode_ok -> the scenario picker (or, for a custom prompt, the
 * prompt itself); prompt_ok -> waiting, when the last image is polled every 5 s at most 6 times.
 * `no_image` keeps waiting; any other reply is the finished image. An event that makes no sense
 * in the current state leaves it unchanged. Every state past `idle` carries the mirror's session
 * (the QR code's dh and sh, and the visitor's agent).
 */
export type MirrorState =
  | { status: 'idle' }
  | { status: 'starting'; session: MirrorSession }
  | { status: 'notStarted'; session: MirrorSession; error: string }
  | { status: 'choosingMode'; session: MirrorSession; error: string | null }
  | { status: 'settingMode'; session: MirrorSession; mode: string }
  | { status: 'choosingScenario'; session: MirrorSession; mode: string; error: string | null }
  | { status: 'confirming'; session: MirrorSession; mode: string; scenario: string }
  | { status: 'sendingScenario'; session: MirrorSession; mode: string; scenario: string }
  | { status: 'typingPrompt'; session: MirrorSession; draft: string; error: string | null }
  | { status: 'sendingCustom'; session: MirrorSession; prompt: string; step: 'mode' | 'prompt' }
  | { status: 'waiting'; session: MirrorSession; tries: number }
  | { status: 'finished'; session: MirrorSession; image: string }
  | { status: 'timedOut'; session: MirrorSession }
  | { status: 'expired'; session: MirrorSession; error: string };

const MIRROR_POLL_MS = 5_000;
const MIRROR_MAX_TRIES = 6;

export const initialMirrorState = { status: 'idle' } as MirrorState;

/** A prompt as the server takes it: one line (no control characters), trimmed. */
export function promptText(text: string): string {
  return text.replace(/\s+/g, ' ').trim().slice(0, MIRROR_PROMPT_MAX_LENGTH);
}

function sameSession(a: MirrorSession, b: MirrorSession): boolean {
  return a.dh === b.dh && a.sh === b.sh && a.agent === b.agent;
}

/** One more look at the last image that found none. */
function triedOnce(state: Extract<MirrorState, { status: 'waiting' }>): MirrorState {
  const tries = state.tries + 1;
  return tries >= MIRROR_MAX_TRIES ? { status: 'timedOut', session: state.session } : { ...state, tries };
}

const mirrorMachine = createSlice({
  name: 'mirror',
  initialState: initialMirrorState,
  reducers: {
    /** The page opened on a QR code's link: a new session starts; the same one goes on as it was. */
    mirrorOpened: (state, action: PayloadAction<MirrorSession>): MirrorState =>
      state.status !== 'idle' && sameSession(state.session, action.payload)
        ? state
        : { status: 'starting', session: action.payload },
    /** 'Tentar novamente' after a failed start, or 'Começar de novo' after the image did not come. */
    startRequested: (state): MirrorState =>
      state.status === 'notStarted' || state.status === 'timedOut'
        ? { status: 'starting', session: state.session }
        : state,
    /** start_ok */
    sessionStarted: (state): MirrorState =>
      state.status === 'starting' ? { status: 'choosingMode', session: state.session, error: null } : state,
    modeChosen: (state, action: PayloadAction<string>): MirrorState =>
      state.status === 'choosingMode' ? { status: 'settingMode', session: state.session, mode: action.payload } : state,
    customChosen: (state): MirrorState =>
      state.status === 'choosingMode'
        ? { status: 'typingPrompt', session: state.session, draft: '', error: null }
        : state,
    /** Back from the scenarios or the custom prompt to the modes. */
    modesReopened: (state): MirrorState =>
      state.status === 'choosingScenario' || state.status === 'typingPrompt'
        ? { status: 'choosingMode', session: state.session, error: null }
        : state,
    /** mode_ok: the scenarios of that mode, or, for a custom prompt, the prompt goes next. */
    modeAccepted: (state): MirrorState => {
      if (state.status === 'settingMode')
        return { status: 'choosingScenario', session: state.session, mode: state.mode, error: null };
      if (state.status === 'sendingCustom' && state.step === 'mode') return { ...state, step: 'prompt' };
      return state;
    },
    scenarioChosen: (state, action: PayloadAction<string>): MirrorState =>
      state.status === 'choosingScenario'
        ? { status: 'confirming', session: state.session, mode: state.mode, scenario: action.payload }
        : state,
    /** 'Não' */
    scenarioDeclined: (state): MirrorState =>
      state.status === 'confirming'
        ? { status: 'choosingScenario', session: state.session, mode: state.mode, error: null }
        : state,
    /** 'Sim' */
    scenarioConfirmed: (state): MirrorState =>
      state.status === 'confirming' ? { ...state, status: 'sendingScenario' } : state,
    /** 'Enviar': an empty prompt is not sent. */
    customSubmitted: (state, action: PayloadAction<string>): MirrorState => {
      const prompt = promptText(action.payload);
      return state.status === 'typingPrompt' && prompt !== ''
        ? { status: 'sendingCustom', session: state.session, prompt, step: 'mode' }
        : state;
    },
    /** prompt_ok: the mirror works, the last image is polled. */
    promptAccepted: (state): MirrorState =>
      state.status === 'sendingScenario' || (state.status === 'sendingCustom' && state.step === 'prompt')
        ? { status: 'waiting', session: state.session, tries: 0 }
        : state,
    /** A call failed (its server message): back to where the guest can try again. */
    callFailed: (state, action: PayloadAction<string>): MirrorState => {
      const error = action.payload;
      switch (state.status) {
        case 'starting':
          return { status: 'notStarted', session: state.session, error };
        case 'settingMode':
          return { status: 'choosingMode', session: state.session, error };
        case 'sendingScenario':
          return { status: 'choosingScenario', session: state.session, mode: state.mode, error };
        case 'sendingCustom':
          return { status: 'typingPrompt', session: state.session, draft: state.prompt, error };
        default:
          return state;
      }
    },
    /** The QR code expired (409 session_expired): nothing more to do with this one. */
    sessionExpired: (state, action: PayloadAction<string>): MirrorState =>
      state.status === 'starting' ||
      state.status === 'settingMode' ||
      state.status === 'sendingScenario' ||
      state.status === 'sendingCustom'
        ? { status: 'expired', session: state.session, error: action.payload }
        : state,
    /** A reply of get_last_image: `no_image` (or nothing) is one more try; anything else is the image. */
    imagePolled: (state, action: PayloadAction<string>): MirrorState => {
      if (state.status !== 'waiting') return state;
      const reply = action.payload.trim();
      return reply === MIRROR_NO_IMAGE || reply === ''
        ? triedOnce(state)
        : { status: 'finished', session: state.session, image: reply };
    },
    /** A look at the last image that failed (the network): it counts as a try. */
    pollFailed: (state): MirrorState => (state.status === 'waiting' ? triedOnce(state) : state),
  },
  selectors: {
    selectMirror: (state) => state,
    /** The last image's polling interval: every 5 s while waiting, never otherwise (0 stops it). */
    selectMirrorPollingInterval: (state) => (state.status === 'waiting' ? MIRROR_POLL_MS : 0),
  },
});

declare module '../../session' {
  interface LazyLoadedSlices extends WithSlice<typeof mirrorMachine> {}
}

/** Injected into the store when this feature's code loads. */
export const mirrorSlice = mirrorMachine.injectInto(rootReducer);

export const {
  mirrorOpened,
  startRequested,
  sessionStarted,
  modeChosen,
  customChosen,
  modesReopened,
  modeAccepted,
  scenarioChosen,
  scenarioDeclined,
  scenarioConfirmed,
  customSubmitted,
  promptAccepted,
  callFailed,
  sessionExpired,
  imagePolled,
  pollFailed,
} = mirrorSlice.actions;
export const { selectMirror, selectMirrorPollingInterval } = mirrorSlice.selectors;
