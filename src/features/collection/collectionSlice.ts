import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { addToList, mergeLists } from '../../lib/cookieLists';

/** The media paths the visitor collected, oldest first (cookie collection). */
export interface CollectionState {
  items: string[];
}

export const initialCollectionState: CollectionState = { items: [] };

export const collectionSlice = createSlice({
  name: 'collection',
  initialState: initialCollectionState,
  reducers: {
    itemCollected(state, action: PayloadAction<string>) {
      state.items = [...addToList(state.items, action.payload)];
    },
    collectionMerged(state, action: PayloadAction<readonly string[]>) {
      state.items = mergeLists(state.items, action.payload);
    },
    /** The account's list wins (SPEC section 4: cookies replaced by the server's lists). */
    collectionReplaced(state, action: PayloadAction<readonly string[]>) {
      state.items = mergeLists([], action.payload);
    },
  },
  selectors: {
    selectCollection: (state) => state.items,
  },
});

export const { itemCollected, collectionMerged, collectionReplaced } = collectionSlice.actions;
export const { selectCollection } = collectionSlice.selectors;
