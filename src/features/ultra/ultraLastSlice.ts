import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { UltraLastReply } from '../../../contract/wire';

/** SPEC section 9: the 360 result is asked every 5 s; the wording changes after 25 s of session. */
export const ULTRA_POLL_MS = 5_000;
export const ULTRA_PROCESSING_AFTER_MS = 25_000;

/**
 * The 360 result screen (SPEC sections 2 and 4) as a state machine. It asks until the platform
 * stops answering `in_session`; `since` is when the first `in_session` came, so that the wording
 * turns to 'Processando vídeo' 25 s later, and a failed call tried again keeps counting from it.
 * Used with useReducer by the screen.
 */
export type UltraLastState =
  | { status: 'asking'; since: number | null }
  | { status: 'inSession'; since: number }
  | { status: 'processing'; since: number }
  | { status: 'ready'; video: string }
  /** The platform has no session and no video for this link. */
  | { status: 'noVideo' }
  | { status: 'failed'; message: string; since: number | null };

export const initialUltraLastState = { status: 'asking', since: null } as UltraLastState;

function sinceOf(state: UltraLastState): number | null {
  return 'since' in state ? state.since : null;
}

function waiting(state: UltraLastState): boolean {
  return state.status === 'asking' || state.status === 'inSession' || state.status === 'processing';
}

export const ultraLastSlice = createSlice({
  name: 'ultraLast',
  initialState: initialUltraLastState,
  reducers: {
    /** A reply of `GET /ultraLast`, and when it came. */
    replied: (state, action: PayloadAction<{ reply: UltraLastReply; at: number }>): UltraLastState => {
      if (!waiting(state)) return state;
      const { reply, at } = action.payload;
      if (reply === 'in_session') {
        if (state.status !== 'asking') return state;
        const since = state.since ?? at;
        return at - since >= ULTRA_PROCESSING_AFTER_MS ? { status: 'processing', since } : { status: 'inSession', since };
      }
      const video = reply.product[0];
      return video ? { status: 'ready', video } : { status: 'noVideo' };
    },
    /** The clock, read when the 25 s of the session may have passed. */
    clockTicked: (state, action: PayloadAction<number>): UltraLastState =>
      state.status === 'inSession' && action.payload - state.since >= ULTRA_PROCESSING_AFTER_MS
        ? { status: 'processing', since: state.since }
        : state,
    callFailed: (state, action: PayloadAction<string>): UltraLastState =>
      waiting(state) ? { status: 'failed', message: action.payload, since: sinceOf(state) } : state,
    retried: (state): UltraLastState =>
      state.status === 'failed' ? { status: 'asking', since: state.since } : state.status === 'noVideo' ? initialUltraLastState : state,
  },
});

export const { replied, clockTicked, callFailed, retried } = ultraLastSlice.actions;

/** The query's `pollingInterval`: every 5 s while waiting, stopped (0) once ready or failed. */
export function ultraPollingInterval(state: UltraLastState): number {
  return waiting(state) ? ULTRA_POLL_MS : 0;
}
