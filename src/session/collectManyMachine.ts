import { createSlice, type ActionCreatorWithoutPayload, type PayloadAction, type Slice } from '@reduxjs/toolkit';

/**
 * The machine of many photos collected in one tap (collectMany.ts does its work): idle, collecting, then collected,
 * queued (offline) or failed. Free of the store's types, so that a slice made from it can be injected into the
 * store's lazily loaded slices.
 */

/** A photo to collect: its media URL and its event. */
export interface PhotoToCollect {
  url: string;
  event: string;
}

/** Photos new to the collection, those already in it, those the server refused (gone, hidden, not theirs). */
export interface CollectManyOutcome {
  added: number;
  already: number;
  refused: number;
}

export type CollectManyState =
  | { status: 'idle' }
  | { status: 'collecting'; photos: PhotoToCollect[] }
  | ({ status: 'collected' } & CollectManyOutcome)
  | { status: 'queued'; count: number }
  | { status: 'failed'; message: string };

const reducers = {
  /** The tap, with the photos the screen shows. */
  collectAllRequested: (state: CollectManyState, action: PayloadAction<PhotoToCollect[]>): CollectManyState =>
    state.status === 'collecting' || action.payload.length === 0
      ? state
      : { status: 'collecting', photos: action.payload },
  collectAllSucceeded: (state: CollectManyState, action: PayloadAction<CollectManyOutcome>): CollectManyState =>
    state.status === 'collecting' ? { status: 'collected', ...action.payload } : state,
  /** No connection: each photo waits in the offline queue. */
  collectAllQueued: (state: CollectManyState, action: PayloadAction<number>): CollectManyState =>
    state.status === 'collecting' ? { status: 'queued', count: action.payload } : state,
  collectAllFailed: (state: CollectManyState, action: PayloadAction<string>): CollectManyState =>
    state.status === 'collecting' ? { status: 'failed', message: action.payload } : state,
};

const selectors = { selectCollectMany: (state: CollectManyState) => state };

export type CollectManySlice<Name extends string> = Slice<
  CollectManyState,
  typeof reducers,
  Name,
  Name,
  typeof selectors
>;

/**
 * The machine, named for its screen; `closed`: the screen's event after which what was said is no news. Tapped again
 * once it answered, it goes again: what is in the collection already stays once.
 */
export function collectManyMachine<Name extends string>(
  name: Name,
  closed: ActionCreatorWithoutPayload,
): CollectManySlice<Name> {
  return createSlice({
    name,
    initialState: { status: 'idle' } as CollectManyState,
    reducers,
    extraReducers: (builder) => {
      builder.addCase(closed, (state): CollectManyState =>
        state.status === 'collecting' ? state : { status: 'idle' },
      );
    },
    selectors,
  });
}
