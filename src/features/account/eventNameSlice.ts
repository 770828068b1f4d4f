import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { NameCheckReply } from '../../../contract/wire';

/**
 * Choosing the name of a new event (SPEC sections 4 and 5) as a state machine. A name is checked
 * only when longer than 3 characters, 1 second after the last keystroke; only an available name
 * can be created. Used per order with useReducer.
 */
export type EventNameState =
  | { status: 'short'; name: string }
  | { status: 'waiting'; name: string }
  | { status: 'checking'; name: string }
  | { status: 'taken'; name: string }
  | { status: 'available'; name: string; error: string | null }
  | { status: 'invalid'; name: string }
  | { status: 'creating'; name: string }
  | { status: 'created'; name: string };

export const MIN_CHECKED_LENGTH = 4;
export const NAME_CHECK_DEBOUNCE_MS = 1_000;

export const initialEventNameState = { status: 'short', name: '' } as EventNameState;

export const eventNameSlice = createSlice({
  name: 'eventName',
  initialState: initialEventNameState,
  reducers: {
    nameTyped: (state, action: PayloadAction<string>): EventNameState => {
      if (state.status === 'creating' || state.status === 'created') return state;
      const name = action.payload;
      return name.length >= MIN_CHECKED_LENGTH ? { status: 'waiting', name } : { status: 'short', name };
    },
    /** The debounce timer of the name it was started for. */
    typingPaused: (state, action: PayloadAction<string>): EventNameState =>
      state.status === 'waiting' && state.name === action.payload ? { status: 'checking', name: state.name } : state,
    nameChecked: (state, action: PayloadAction<{ name: string; answer: NameCheckReply }>): EventNameState => {
      if (state.status !== 'checking' || state.name !== action.payload.name) return state;
      switch (action.payload.answer) {
        case 'yes':
          return { status: 'taken', name: state.name };
        case 'no':
          return { status: 'available', name: state.name, error: null };
        default:
          return { status: 'invalid', name: state.name };
      }
    },
    /** The check failed (network): wait for the next keystroke or a retry. */
    checkFailed: (state, action: PayloadAction<string>): EventNameState =>
      state.status === 'checking' && state.name === action.payload ? { status: 'waiting', name: state.name } : state,
    createRequested: (state): EventNameState => (state.status === 'available' ? { status: 'creating', name: state.name } : state),
    createSucceeded: (state): EventNameState => (state.status === 'creating' ? { status: 'created', name: state.name } : state),
    createFailed: (state, action: PayloadAction<{ error: string; taken: boolean }>): EventNameState => {
      if (state.status !== 'creating') return state;
      return action.payload.taken ? { status: 'taken', name: state.name } : { status: 'available', name: state.name, error: action.payload.error };
    },
  },
});

export const { nameTyped, typingPaused, nameChecked, checkFailed, createRequested, createSucceeded, createFailed } = eventNameSlice.actions;

export const NAME_TAKEN = 'Nome já existe';
export const NAME_INVALID = 'Use somente letras, números, hífens (-), e underlines (_)';
