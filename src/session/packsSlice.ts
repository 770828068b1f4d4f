import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { addToList, mergeLists } from '../../contract/cookieLists';
import { accountListsAdopted, accountListsMerged, guestDataErased, loggedOut } from './sessionActions';

/** The print-pack hashes the visitor holds (cookie packs); their copies live on the server. */
export interface PacksState {
  hashes: string[];
}

const initialPacksState: PacksState = { hashes: [] };

export const packsSlice = createSlice({
  name: 'packs',
  initialState: initialPacksState,
  reducers: {
    packAdded(state, action: PayloadAction<string>) {
      state.hashes = [...addToList(state.hashes, action.payload)];
    },
  },
  extraReducers: (builder) => {
    const empty = (state: PacksState) => {
      state.hashes = [];
    };
    builder
      .addCase(loggedOut, empty)
      .addCase(guestDataErased, empty)
      .addCase(accountListsMerged, (state, action) => {
        if (action.payload.packs?.length) state.hashes = mergeLists(state.hashes, action.payload.packs);
      })
      .addCase(accountListsAdopted, (state, action) => {
        state.hashes = mergeLists([], action.payload.packs);
      });
  },
  selectors: {
    selectPackHashes: (state) => state.hashes,
  },
});

export const { packAdded } = packsSlice.actions;
export const { selectPackHashes } = packsSlice.selectors;
