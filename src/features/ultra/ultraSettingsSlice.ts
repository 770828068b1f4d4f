import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { DEFAULT_ULTRA_SONG, DEFAULT_ULTRA_SPEED, isUltraSong, ULTRA_SPEEDS } from '../../../contract/ultra';

/**
 * The 360 settings screen (SPEC sections 2, 4 and 9) as a state machine: the guest chooses a
 * speed and a song, sends them, and the platform's `success` ends it (the screen then opens the
 * result). A failure keeps the choice and the server's message, and can be sent again. Only the
 * speeds and songs of SPEC section 9 are taken. Used with useReducer by the screen.
 */
export interface UltraChoice {
  speed: number;
  music: string;
}

export type UltraSettingsState =
  | ({ status: 'choosing' } & UltraChoice)
  | ({ status: 'sending' } & UltraChoice)
  | ({ status: 'sent' } & UltraChoice)
  | ({ status: 'failed'; message: string } & UltraChoice);

export const initialUltraSettingsState = {
  status: 'choosing',
  speed: DEFAULT_ULTRA_SPEED,
  music: DEFAULT_ULTRA_SONG,
} as UltraSettingsState;

function editable(state: UltraSettingsState): boolean {
  return state.status === 'choosing' || state.status === 'failed';
}

export const ultraSettingsSlice = createSlice({
  name: 'ultraSettings',
  initialState: initialUltraSettingsState,
  reducers: {
    speedChosen: (state, action: PayloadAction<number>): UltraSettingsState =>
      editable(state) && (ULTRA_SPEEDS as readonly number[]).includes(action.payload) ? { ...state, speed: action.payload } : state,
    songChosen: (state, action: PayloadAction<string>): UltraSettingsState =>
      editable(state) && isUltraSong(action.payload) ? { ...state, music: action.payload } : state,
    sendRequested: (state): UltraSettingsState =>
      editable(state) ? { status: 'sending', speed: state.speed, music: state.music } : state,
    sendSucceeded: (state): UltraSettingsState =>
      state.status === 'sending' ? { status: 'sent', speed: state.speed, music: state.music } : state,
    sendFailed: (state, action: PayloadAction<string>): UltraSettingsState =>
      state.status === 'sending' ? { status: 'failed', speed: state.speed, music: state.music, message: action.payload } : state,
  },
});

export const { speedChosen, songChosen, sendRequested, sendSucceeded, sendFailed } = ultraSettingsSlice.actions;
