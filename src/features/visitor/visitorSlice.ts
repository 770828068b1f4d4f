import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { addToList, mergeLists } from '../../lib/cookieLists';

/** Who the anonymous visitor is and which events they attended (cookies agent, events, bname). */
export interface VisitorState {
  /** Random id given on the first visit; '' until the bootstrap has one. */
  agent: string;
  events: string[];
  /** The event the visitor came from last, as the booth's link named it. */
  bname: string;
}

export const initialVisitorState: VisitorState = { agent: '', events: [], bname: '' };

export const visitorSlice = createSlice({
  name: 'visitor',
  initialState: initialVisitorState,
  reducers: {
    agentAssigned(state, action: PayloadAction<string>) {
      state.agent = action.payload;
    },
    eventVisited(state, action: PayloadAction<string>) {
      state.events = [...addToList(state.events, action.payload)];
      state.bname = action.payload;
    },
    eventsMerged(state, action: PayloadAction<readonly string[]>) {
      state.events = mergeLists(state.events, action.payload);
    },
    eventsReplaced(state, action: PayloadAction<readonly string[]>) {
      state.events = mergeLists([], action.payload);
    },
  },
  selectors: {
    selectAgent: (state) => state.agent,
    selectVisitedEvents: (state) => state.events,
    selectCurrentBname: (state) => state.bname,
  },
});

export const { agentAssigned, eventVisited, eventsMerged, eventsReplaced } = visitorSlice.actions;
export const { selectAgent, selectVisitedEvents, selectCurrentBname } = visitorSlice.selectors;
