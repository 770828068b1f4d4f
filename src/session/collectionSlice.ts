import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { addToList, mergeLists } from '../../contract/cookieLists';
import {
  accountListsAdopted,
  accountListsMerged,
  collectLinkOpened,
  guestDataErased,
  loggedOut,
} from './sessionActions';

/** What the visitor collected ('Minha Coleção'; cookie collection, whole in local storage). */
export interface CollectionState {
  /** Collected media paths, oldest first. */
  items: string[];
  /**
   * What is known of what the booths made for this agent (the AI mirror's images, 360 videos):
   * not asked yet since the app started, asked and not answered yet, or answered. Only an answer
   * with no question out since lets an empty collection call itself empty: a question out may
   * bring a result made after the last answer.
   */
  agentResults: 'unknown' | 'asking' | 'known';
}

export const initialCollectionState: CollectionState = { items: [], agentResults: 'unknown' };

export const collectionSlice = createSlice({
  name: 'collection',
  initialState: initialCollectionState,
  reducers: {
    itemCollected(state, action: PayloadAction<string>) {
      state.items = [...addToList(state.items, action.payload)];
    },
    /** Items that are the visitor's join the collection (a booth's result its screen just showed, say). */
    collectionMerged(state, action: PayloadAction<readonly string[]>) {
      state.items = mergeLists(state.items, action.payload);
    },
    /** The agent's results are asked of the server (at the start, on focus, when the collection opens). */
    agentResultsAsked(state) {
      state.agentResults = 'asking';
    },
    /** The server answered for the agent's results (or could not): what it holds joins the collection. */
    agentResultsSettled(state, action: PayloadAction<readonly string[]>) {
      state.items = mergeLists(state.items, action.payload);
      state.agentResults = 'known';
    },
  },
  extraReducers: (builder) => {
    const empty = (state: CollectionState) => {
      state.items = [];
    };
    builder
      // Opening a collect link collects the item (docs/product.md#collect).
      .addCase(collectLinkOpened, (state, action) => {
        state.items = [...addToList(state.items, action.payload.url)];
      })
      .addCase(loggedOut, empty)
      .addCase(guestDataErased, empty)
      .addCase(accountListsMerged, (state, action) => {
        if (action.payload.collection?.length) state.items = mergeLists(state.items, action.payload.collection);
      })
      .addCase(accountListsAdopted, (state, action) => {
        state.items = mergeLists([], action.payload.collection);
      });
  },
  selectors: {
    selectCollection: (state) => state.items,
    selectAgentResultsKnown: (state) => state.agentResults === 'known',
  },
});

export const { itemCollected, collectionMerged, agentResultsAsked, agentResultsSettled } = collectionSlice.actions;
export const { selectCollection, selectAgentResultsKnown } = collectionSlice.selectors;
