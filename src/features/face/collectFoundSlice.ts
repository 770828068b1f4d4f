import type { WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '../../session';
import {
  collectManyMachine,
  type CollectManySlice,
  type CollectManyOutcome,
  type CollectManyState,
  type PhotoToCollect,
} from '../../session/collectManyMachine';
import { faceClosed } from './faceSlice';

/** A photo a face search found: its media URL and its event. */
export type FoundPhoto = PhotoToCollect;

/** What one 'Pegar todas' did: photos new to the collection, those already in it, those refused (gone since). */
export type CollectFoundOutcome = CollectManyOutcome;

/**
 * 'Pegar todas' as a state machine, the shared one of many photos collected in one tap (src/session/collectMany.ts):
 * every photo found goes to 'Minha Coleção' in one request (collecting), then the screen says how many were added
 * (collected); without a connection they wait in the offline queue as collect links do (queued); a refusal says why
 * (failed). The screen closed, what was said is no news at the next visit. The calls are the flow's
 * (collectFoundFlow.ts).
 */
export type CollectFoundState = CollectManyState;

const collectFoundMachine: CollectManySlice<'collectFound'> = collectManyMachine('collectFound', faceClosed);

declare module '../../session' {
  interface LazyLoadedSlices extends WithSlice<typeof collectFoundMachine> {}
}

/** Injected into the store when this feature's code loads. */
export const collectFoundSlice = collectFoundMachine.injectInto(rootReducer);

export const { collectAllRequested, collectAllSucceeded, collectAllQueued, collectAllFailed } =
  collectFoundSlice.actions;
export const { selectCollectMany: selectCollectFound } = collectFoundSlice.selectors;
