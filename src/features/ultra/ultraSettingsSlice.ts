import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { DEFAULT_ULTRA_SONG, DEFAULT_ULTRA_SPEED, isUltraSong, ULTRA_SPEEDS } from '../../../contract/ultra';
import { rootReducer } from '../../session';
import type { EventName } from '../../../contract/names';

/**
 * The 360 settings screen (docs/product.md#360-platform) as a state machine: the guest chooses a
 * speed and a song, sends them, and the platform's `success` ends it (the screen then opens the
 * result). A failure keeps the choice and the server's message, and can be sent again. Only the
 * speeds and songs of docs/product.md#constants-and-limits are taken. Every state past `idle` carries the platform's
 * link (its QR code) and the choice.
 */
export interface UltraChoice {
  speed: number;
  music: string;
}

/** The platform, the QR code and the event of the settings link. */
interface UltraSettingsLink {
  device: string;
  qrid: string;
  eventName: EventName;
}

type Choosing = { link: UltraSettingsLink } & UltraChoice;

export type UltraSettingsState =
  | { status: 'idle' }
  | ({ status: 'choosing' } & Choosing)
  | ({ status: 'sending' } & Choosing)
  | ({ status: 'sent' } & Choosing)
  | ({ status: 'failed'; message: string } & Choosing);

export const initialUltraSettingsState = { status: 'idle' } as UltraSettingsState;

/** What a newly opened QR code proposes (docs/product.md#constants-and-limits). */
export const DEFAULT_ULTRA_CHOICE: UltraChoice = { speed: DEFAULT_ULTRA_SPEED, music: DEFAULT_ULTRA_SONG };

function editable(state: UltraSettingsState): state is Extract<UltraSettingsState, { status: 'choosing' | 'failed' }> {
  return state.status === 'choosing' || state.status === 'failed';
}

function sameLink(a: UltraSettingsLink, b: UltraSettingsLink): boolean {
  return a.device === b.device && a.qrid === b.qrid && a.eventName === b.eventName;
}

const ultraSettingsMachine = createSlice({
  name: 'ultraSettings',
  initialState: initialUltraSettingsState,
  reducers: {
    /** The screen opened on a QR code: a new one starts from the defaults; the same one goes on as it was. */
    ultraSettingsOpened: (state, action: PayloadAction<UltraSettingsLink>): UltraSettingsState =>
      state.status !== 'idle' && state.status !== 'sent' && sameLink(state.link, action.payload)
        ? state
        : { status: 'choosing', link: action.payload, ...DEFAULT_ULTRA_CHOICE },
    speedChosen: (state, action: PayloadAction<number>): UltraSettingsState =>
      editable(state) && (ULTRA_SPEEDS as readonly number[]).includes(action.payload)
        ? { ...state, speed: action.payload }
        : state,
    songChosen: (state, action: PayloadAction<string>): UltraSettingsState =>
      editable(state) && isUltraSong(action.payload) ? { ...state, music: action.payload } : state,
    sendRequested: (state): UltraSettingsState =>
      editable(state) ? { status: 'sending', link: state.link, speed: state.speed, music: state.music } : state,
    sendSucceeded: (state): UltraSettingsState =>
      state.status === 'sending' ? { status: 'sent', link: state.link, speed: state.speed, music: state.music } : state,
    sendFailed: (state, action: PayloadAction<string>): UltraSettingsState =>
      state.status === 'sending'
        ? { status: 'failed', link: state.link, speed: state.speed, music: state.music, message: action.payload }
        : state,
  },
  selectors: {
    selectUltraSettings: (state) => state,
  },
});

declare module '../../session' {
  interface LazyLoadedSlices extends WithSlice<typeof ultraSettingsMachine> {}
}

/** Injected into the store when this feature's code loads. */
export const ultraSettingsSlice = ultraSettingsMachine.injectInto(rootReducer);

export const { ultraSettingsOpened, speedChosen, songChosen, sendRequested, sendSucceeded, sendFailed } =
  ultraSettingsSlice.actions;
export const { selectUltraSettings } = ultraSettingsSlice.selectors;
