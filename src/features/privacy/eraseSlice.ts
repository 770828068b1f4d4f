import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '../../session';

/**
 * 'Apagar minhas fotos' (LGPD) as a state machine: the button asks, the dialog confirms, the
 * server erases and then the device forgets; a refusal shows in the dialog and changes nothing.
 * `erasing` lasts until the device has forgotten too, so a screen watching the collection knows
 * why it empties.
 */
export type EraseState =
  | { status: 'idle' }
  | { status: 'confirming' }
  | { status: 'erasing' }
  | { status: 'failed'; message: string }
  | { status: 'erased' };

export const initialEraseState = { status: 'idle' } as EraseState;

const eraseMachine = createSlice({
  name: 'eraseMyData',
  initialState: initialEraseState,
  reducers: {
    /** A screen with the button opened: an erasure of another screen is not this one's to tell. */
    eraseOpened: (state): EraseState => (state.status === 'erasing' ? state : { status: 'idle' }),
    /** 'Apagar minhas fotos' */
    eraseAsked: (state): EraseState =>
      state.status === 'idle' || state.status === 'erased' ? { status: 'confirming' } : state,
    /** 'Cancelar', Escape: nothing happened; once the server works, there is no going back. */
    eraseCancelled: (state): EraseState =>
      state.status === 'confirming' || state.status === 'failed' ? { status: 'idle' } : state,
    /** 'Sim, apagar tudo', the first time or after a refusal. */
    eraseConfirmed: (state): EraseState =>
      state.status === 'confirming' || state.status === 'failed' ? { status: 'erasing' } : state,
    /** The server did not erase (why, in its words): the device keeps everything. */
    eraseRefused: (state, action: PayloadAction<string>): EraseState =>
      state.status === 'erasing' ? { status: 'failed', message: action.payload } : state,
    /** The server erased, and the device forgot its lists and cached media after it. */
    dataErased: (state): EraseState => (state.status === 'erasing' ? { status: 'erased' } : state),
  },
  selectors: {
    selectEraseMyData: (state) => state,
    /** The guest's collection is empty, or emptying, because they erased it here. */
    selectCollectionErased: (state) => state.status === 'erasing' || state.status === 'erased',
  },
});

declare module '../../session' {
  interface LazyLoadedSlices extends WithSlice<typeof eraseMachine> {}
}

/** Injected into the store when this feature's code loads. */
export const eraseSlice = eraseMachine.injectInto(rootReducer);

export const { eraseOpened, eraseAsked, eraseCancelled, eraseConfirmed, eraseRefused, dataErased } = eraseSlice.actions;
export const { selectEraseMyData, selectCollectionErased } = eraseSlice.selectors;
