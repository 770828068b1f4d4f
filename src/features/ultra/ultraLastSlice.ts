import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { UltraLastReply } from '../../../contract/wire';
import { rootReducer } from '../../session';
import type { EventName } from '../../../contract/names';

/**
 * docs/product.md#constants-and-limits: the 360 result is asked every 5 s; the wording changes after 25 s of session.
 */
export const ULTRA_POLL_MS = 5_000;
export const ULTRA_PROCESSING_AFTER_MS = 25_000;

/** The platform and the event of the result screen's link. */
export interface UltraLink {
  device: string;
  eventName: EventName;
}

/**
 * The 360 result screen (docs/product.md#360-platform) as a state machine. It asks until the platform
 * stops answering `in_session`; `since` is when the first `in_session` came, so that the wording
 * turns to 'Processando vídeo' 25 s later, and a failed call tried again keeps counting from it.
 * Every state past `idle` carries the link it waits for.
 */
export type UltraLastState =
  | { status: 'idle' }
  | { status: 'asking'; link: UltraLink; since: number | null }
  | { status: 'inSession'; link: UltraLink; since: number }
  | { status: 'processing'; link: UltraLink; since: number }
  | { status: 'ready'; link: UltraLink; video: string }
  /** The platform has no session and no video of this visitor for this link. */
  | { status: 'noVideo'; link: UltraLink }
  | { status: 'failed'; link: UltraLink; message: string; since: number | null };

const initialUltraLastState = { status: 'idle' } as UltraLastState;

function sinceOf(state: UltraLastState): number | null {
  return 'since' in state ? state.since : null;
}

type Waiting = Extract<UltraLastState, { status: 'asking' | 'inSession' | 'processing' }>;

function waiting(state: UltraLastState): state is Waiting {
  return state.status === 'asking' || state.status === 'inSession' || state.status === 'processing';
}

export function sameUltraLink(a: UltraLink, b: UltraLink): boolean {
  return a.device === b.device && a.eventName === b.eventName;
}

const ultraLastMachine = createSlice({
  name: 'ultraLast',
  initialState: initialUltraLastState,
  reducers: {
    /** The screen opened on a platform's link: a new link is asked afresh; the same one goes on. */
    ultraLastOpened: (state, action: PayloadAction<UltraLink>): UltraLastState =>
      state.status !== 'idle' && sameUltraLink(state.link, action.payload)
        ? state
        : { status: 'asking', link: action.payload, since: null },
    /** A reply of `GET /ultraLast` for the link, and when it came. */
    replied: (state, action: PayloadAction<{ reply: UltraLastReply; at: number }>): UltraLastState => {
      if (!waiting(state)) return state;
      const { reply, at } = action.payload;
      const { link } = state;
      if (reply === 'in_session') {
        if (state.status !== 'asking') return state;
        const since = state.since ?? at;
        return at - since >= ULTRA_PROCESSING_AFTER_MS
          ? { status: 'processing', link, since }
          : { status: 'inSession', link, since };
      }
      const video = reply.product[0];
      return video ? { status: 'ready', link, video } : { status: 'noVideo', link };
    },
    /** The clock, read when the 25 s of the session may have passed. */
    clockTicked: (state, action: PayloadAction<number>): UltraLastState =>
      state.status === 'inSession' && action.payload - state.since >= ULTRA_PROCESSING_AFTER_MS
        ? { status: 'processing', link: state.link, since: state.since }
        : state,
    callFailed: (state, action: PayloadAction<string>): UltraLastState =>
      waiting(state) ? { status: 'failed', link: state.link, message: action.payload, since: sinceOf(state) } : state,
    retried: (state): UltraLastState => {
      if (state.status === 'failed') return { status: 'asking', link: state.link, since: state.since };
      if (state.status === 'noVideo') return { status: 'asking', link: state.link, since: null };
      return state;
    },
  },
  selectors: {
    selectUltraLast: (state) => state,
    /** The query's `pollingInterval`: every 5 s while waiting, stopped (0) otherwise. */
    selectUltraPollingInterval: (state) => (waiting(state) ? ULTRA_POLL_MS : 0),
  },
});

declare module '../../session' {
  interface LazyLoadedSlices extends WithSlice<typeof ultraLastMachine> {}
}

/** Injected into the store when this feature's code loads. */
export const ultraLastSlice = ultraLastMachine.injectInto(rootReducer);

export const { ultraLastOpened, replied, clockTicked, callFailed, retried } = ultraLastSlice.actions;
export const { selectUltraLast, selectUltraPollingInterval } = ultraLastSlice.selectors;
