import { createSelector, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import {
  afterFailure,
  enqueue,
  trackPrint,
  withoutItem,
  type NewQueuedItem,
  type QueuedCollect,
  type QueuedItem,
  type QueuedPrint,
  type TrackedPrint,
} from '../../lib/offlineQueue';
import { guestDataErased } from '../sessionActions';

/**
 * What waits to be sent (collects and prints made offline, contact leads), and the prints the
 * guest follows, as the screens read them. One outbox for the whole app: the session's.
 */
export interface OutboxState {
  items: QueuedItem[];
  prints: TrackedPrint[];
  /** Storage was read: until then, an empty queue may only mean it is not known yet. */
  loaded: boolean;
}

const initialState: OutboxState = { items: [], prints: [], loaded: false };

export const outboxSlice = createSlice({
  name: 'outbox',
  initialState,
  reducers: {
    /** What storage held at start joins what this visit queued meanwhile. */
    outboxLoaded(state, action: PayloadAction<Pick<OutboxState, 'items' | 'prints'>>) {
      state.loaded = true;
      let items: readonly QueuedItem[] = state.items;
      for (const item of action.payload.items) {
        const { attempts, nextAttemptAt, ...fresh } = item;
        const added = enqueue(items, fresh);
        items = added === items ? items : added.map((i) => (i.id === item.id ? { ...i, attempts, nextAttemptAt } : i));
      }
      state.items = [...items];
      let prints = state.prints;
      for (const print of action.payload.prints) prints = trackPrint(prints, print);
      state.prints = prints;
    },
    itemQueued(state, action: PayloadAction<NewQueuedItem>) {
      state.items = [...enqueue(state.items, action.payload)];
    },
    itemFailed(state, action: PayloadAction<{ id: string; at: number }>) {
      state.items = afterFailure(state.items, action.payload.id, action.payload.at);
    },
    /** Sent, or refused for good: either way it no longer waits. */
    itemDone(state, action: PayloadAction<string>) {
      state.items = withoutItem(state.items, action.payload);
    },
    printTracked(state, action: PayloadAction<TrackedPrint>) {
      state.prints = trackPrint(state.prints, action.payload);
    },
  },
  extraReducers: (builder) => {
    // 'Apagar minhas fotos': what waited to be collected, printed or sent was the guest's too.
    builder.addCase(guestDataErased, (state) => {
      state.items = [];
      state.prints = [];
    });
  },
  selectors: {
    selectQueuedItems: (state) => state.items,
    selectTrackedPrints: (state) => state.prints,
    selectOutboxLoaded: (state) => state.loaded,
  },
});

export const { outboxLoaded, itemQueued, itemFailed, itemDone, printTracked } = outboxSlice.actions;
export const { selectQueuedItems, selectTrackedPrints, selectOutboxLoaded } = outboxSlice.selectors;

/** The collects waiting, oldest first. */
export const selectPendingCollects = createSelector([selectQueuedItems], (items) =>
  items.filter((i): i is QueuedCollect => i.kind === 'collect'),
);
/** The prints waiting, oldest first. */
export const selectPendingPrints = createSelector([selectQueuedItems], (items) =>
  items.filter((i): i is QueuedPrint => i.kind === 'print'),
);
