import { createAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '../../session';
import { collectManyMachine, type CollectManySlice, type PhotoToCollect } from '../../session/collectManyMachine';

/** The guest's own photos page closed: what 'Adicionar à minha coleção' said is no news at the next visit. */
export const guestCollectionClosed = createAction('guestCollection/closed');

/** 'Adicionar à minha coleção' tapped: the flow moves the machine, and calls under the page's token. */
export const addAllTapped = createAction<{ token: string; photos: PhotoToCollect[] }>('guestCollection/addAllTapped');

/**
 * 'Adicionar à minha coleção' on the guest's own photos page: the machine 'Pegar todas' of the face screen shares
 * (src/session/collectMany.ts); the calls are guestCollectionFlow.ts's.
 */
const guestCollectionMachine: CollectManySlice<'guestCollection'> = collectManyMachine(
  'guestCollection',
  guestCollectionClosed,
);

declare module '../../session' {
  interface LazyLoadedSlices extends WithSlice<typeof guestCollectionMachine> {}
}

/** Injected into the store when this page's code loads. */
export const guestCollectionSlice = guestCollectionMachine.injectInto(rootReducer);

export const {
  collectAllRequested: addAllRequested,
  collectAllSucceeded: addAllSucceeded,
  collectAllQueued: addAllQueued,
  collectAllFailed: addAllFailed,
} = guestCollectionSlice.actions;
export const { selectCollectMany: selectGuestCollection } = guestCollectionSlice.selectors;
