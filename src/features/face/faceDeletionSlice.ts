import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '../../session';
import { faceClosed, sendSucceeded } from './faceSlice';

/**
 * 'Apagar minhas fotos', the way out the consent text promises, as a state machine: a
 * second look (confirming), then the server deletes the visitor's selfie (deleting)
 * and says so (deleted), or why not (failed). The call is the flow's (faceFlow.ts).
 */
export type FaceDeletionState =
  | { status: 'idle' }
  | { status: 'confirming' }
  | { status: 'deleting' }
  | { status: 'deleted' }
  | { status: 'failed'; message: string };

const initialFaceDeletionState = { status: 'idle' } as FaceDeletionState;

const faceDeletionMachine = createSlice({
  name: 'faceDeletion',
  initialState: initialFaceDeletionState,
  reducers: {
    /** 'Apagar minhas fotos' */
    deletionAsked: (state): FaceDeletionState =>
      state.status === 'deleting' || state.status === 'confirming' ? state : { status: 'confirming' },
    /** 'Cancelar' */
    deletionCancelled: (state): FaceDeletionState => (state.status === 'confirming' ? { status: 'idle' } : state),
    /** 'Sim, apagar' */
    deletionConfirmed: (state): FaceDeletionState => (state.status === 'confirming' ? { status: 'deleting' } : state),
    facesDeleted: (state): FaceDeletionState => (state.status === 'deleting' ? { status: 'deleted' } : state),
    deletionFailed: (state, action: PayloadAction<string>): FaceDeletionState =>
      state.status === 'deleting' ? { status: 'failed', message: action.payload } : state,
  },
  extraReducers: (builder) => {
    // The screen closed: what was said this time is no news at the next visit.
    builder.addCase(faceClosed, (state): FaceDeletionState =>
      state.status === 'deleting' ? state : { status: 'idle' },
    );
    // A new selfie is kept: 'Sua selfie foi apagada' is no longer true.
    builder.addCase(sendSucceeded, (state): FaceDeletionState =>
      state.status === 'deleted' || state.status === 'failed' ? { status: 'idle' } : state,
    );
  },
  selectors: {
    selectFaceDeletion: (state) => state,
  },
});

declare module '../../session' {
  interface LazyLoadedSlices extends WithSlice<typeof faceDeletionMachine> {}
}

/** Injected into the store when this feature's code loads. */
export const faceDeletionSlice = faceDeletionMachine.injectInto(rootReducer);

export const { deletionAsked, deletionCancelled, deletionConfirmed, facesDeleted, deletionFailed } =
  faceDeletionSlice.actions;
export const { selectFaceDeletion } = faceDeletionSlice.selectors;
