import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { addToList, mergeLists } from '../../lib/cookieLists';

/** The print-pack hashes the visitor holds (cookie packs); copies live on the server. */
export interface PacksState {
  hashes: string[];
}

export const initialPacksState: PacksState = { hashes: [] };

export const packsSlice = createSlice({
  name: 'packs',
  initialState: initialPacksState,
  reducers: {
    packAdded(state, action: PayloadAction<string>) {
      state.hashes = [...addToList(state.hashes, action.payload)];
    },
    packsMerged(state, action: PayloadAction<readonly string[]>) {
      state.hashes = mergeLists(state.hashes, action.payload);
    },
    packsReplaced(state, action: PayloadAction<readonly string[]>) {
      state.hashes = mergeLists([], action.payload);
    },
  },
  selectors: {
    selectPackHashes: (state) => state.hashes,
  },
});

export const { packAdded, packsMerged, packsReplaced } = packsSlice.actions;
export const { selectPackHashes } = packsSlice.selectors;
