import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '../../session';
import { faceClosed } from './faceSlice';

/** A photo a face search found: its media URL and its event. */
export interface FoundPhoto {
  url: string;
  event: string;
}

/**
 * What one 'Pegar todas' did: photos new to the collection, those already in it, those the server refused (gone since
 * the search).
 */
export interface CollectFoundOutcome {
  added: number;
  already: number;
  refused: number;
}

/**
 * 'Pegar todas' as a state machine: every photo found goes to 'Minha Coleção' in one
 * request (collecting), then the screen says how many were added (collected); without a
 * connection they wait in the offline queue as collect links do (queued); a refusal says why
 * (failed). Tapped again, it goes again: what is in the collection already stays once. The calls
 * are the flow's (collectFoundFlow.ts).
 */
export type CollectFoundState =
  | { status: 'idle' }
  | { status: 'collecting'; photos: FoundPhoto[] }
  | ({ status: 'collected' } & CollectFoundOutcome)
  | { status: 'queued'; count: number }
  | { status: 'failed'; message: string };

const initialCollectFoundState = { status: 'idle' } as CollectFoundState;

const collectFoundMachine = createSlice({
  name: 'collectFound',
  initialState: initialCollectFoundState,
  reducers: {
    /** 'Pegar todas', with the photos the screen shows. */
    collectAllRequested: (state, action: PayloadAction<FoundPhoto[]>): CollectFoundState =>
      state.status === 'collecting' || action.payload.length === 0
        ? state
        : { status: 'collecting', photos: action.payload },
    collectAllSucceeded: (state, action: PayloadAction<CollectFoundOutcome>): CollectFoundState =>
      state.status === 'collecting' ? { status: 'collected', ...action.payload } : state,
    /** No connection: each photo waits in the offline queue. */
    collectAllQueued: (state, action: PayloadAction<number>): CollectFoundState =>
      state.status === 'collecting' ? { status: 'queued', count: action.payload } : state,
    collectAllFailed: (state, action: PayloadAction<string>): CollectFoundState =>
      state.status === 'collecting' ? { status: 'failed', message: action.payload } : state,
  },
  extraReducers: (builder) => {
    // The screen closed: what was said this time is no news at the next visit.
    builder.addCase(faceClosed, (state): CollectFoundState =>
      state.status === 'collecting' ? state : { status: 'idle' },
    );
  },
  selectors: {
    selectCollectFound: (state) => state,
  },
});

declare module '../../session' {
  interface LazyLoadedSlices extends WithSlice<typeof collectFoundMachine> {}
}

/** Injected into the store when this feature's code loads. */
export const collectFoundSlice = collectFoundMachine.injectInto(rootReducer);

export const { collectAllRequested, collectAllSucceeded, collectAllQueued, collectAllFailed } =
  collectFoundSlice.actions;
export const { selectCollectFound } = collectFoundSlice.selectors;
