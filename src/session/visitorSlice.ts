import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { addToList, mergeLists } from '../../contract/cookieLists';
import {
  accountListsAdopted,
  accountListsMerged,
  collectLinkOpened,
  guestDataErased,
  loggedOut,
} from './sessionActions';
import type { EventName } from '../../contract/names';

/** The visitor on this device (cookies agent, events, bname). */
export interface VisitorState {
  /** Random id given on the first visit; '' until the bootstrap has one (cookie agent). */
  agent: string;
  /** The events the visitor attended (cookie events). */
  events: string[];
  /** The event the visitor came from last, as the booth's link named it (cookie bname). */
  eventName: EventName;
}

const initialVisitorState: VisitorState = { agent: '', events: [], eventName: '' };

function visit(state: VisitorState, eventName: EventName) {
  state.events = [...addToList(state.events, eventName)];
  state.eventName = eventName;
}

function forget(state: VisitorState) {
  state.events = [];
  state.eventName = '';
}

export const visitorSlice = createSlice({
  name: 'visitor',
  initialState: initialVisitorState,
  reducers: {
    agentAssigned(state, action: PayloadAction<string>) {
      state.agent = action.payload;
    },
    eventVisited(state, action: PayloadAction<string>) {
      visit(state, action.payload);
    },
    eventsMerged(state, action: PayloadAction<readonly string[]>) {
      state.events = mergeLists(state.events, action.payload);
    },
  },
  extraReducers: (builder) => {
    builder
      // Opening a collect link marks its event as attended (docs/product.md#collect).
      .addCase(collectLinkOpened, (state, action) => visit(state, action.payload.eventName))
      .addCase(loggedOut, forget)
      .addCase(guestDataErased, forget)
      .addCase(accountListsMerged, (state, action) => {
        if (action.payload.events?.length) state.events = mergeLists(state.events, action.payload.events);
      })
      .addCase(accountListsAdopted, (state, action) => {
        state.events = mergeLists([], action.payload.events);
      });
  },
  selectors: {
    selectVisitor: (state) => state,
    selectAgent: (state) => state.agent,
  },
});

export const { agentAssigned, eventVisited, eventsMerged } = visitorSlice.actions;
export const { selectVisitor, selectAgent } = visitorSlice.selectors;
