import { combineSlices, type ThunkDispatch, type UnknownAction } from '@reduxjs/toolkit';
import { api, type ApiExtra } from '../api/apiSlice';
import { authSlice } from '../session/authSlice';
import { collectionSlice } from '../session/collectionSlice';
import { outboxSlice } from '../session/outbox/outboxSlice';
import { packsSlice } from '../session/packsSlice';
import { visitorSlice } from '../session/visitorSlice';

/**
 * The slices features inject: each adds its own here by declaration merging, next to its slice
 * (`declare module '../../session' { interface LazyLoadedSlices extends WithSlice<...> {} }`).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the features
export interface LazyLoadedSlices {}

/**
 * The store's reducer: the api cache and the session's slices (auth, visitor, collection, packs,
 * outbox),
 * always; a feature's own slice is injected
 * when its code loads (`slice.injectInto(rootReducer)`), so the landing page carries none of
 * them and nothing below the features needs to know them.
 */
export const rootReducer = combineSlices(
  api,
  authSlice,
  visitorSlice,
  collectionSlice,
  packsSlice,
  outboxSlice,
).withLazyLoadedSlices<LazyLoadedSlices>();

export type RootState = ReturnType<typeof rootReducer>;
export type AppDispatch = ThunkDispatch<RootState, ApiExtra, UnknownAction>;
/** A thunk's view of the store. */
export type GetState = () => RootState;
