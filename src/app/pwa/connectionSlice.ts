import { createSlice, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '../../session';

/**
 * The connection banner as a state machine: while offline, that the saved photos are
 * still here; once back, a short 'Conexão restabelecida.' that then goes away (its timer is the
 * flow's, connectionFlow.ts). The browser's online and offline events are its events.
 */

const OFFLINE_MESSAGE = 'Você está sem conexão. Suas fotos salvas continuam aqui.';
const BACK_ONLINE_MESSAGE = 'Conexão restabelecida.';

/** How long the 'back online' message stays before it hides itself. */
export const BACK_ONLINE_VISIBLE_MS = 4000;

export type ConnectionState = { status: 'none' } | { status: 'offline' } | { status: 'backOnline' };

const initialConnectionState = { status: 'none' } as ConnectionState;

const connectionMachine = createSlice({
  name: 'connection',
  initialState: initialConnectionState,
  reducers: {
    /** The banner appeared and read the browser's state: a page opened offline says so at once. */
    connectionChecked: (state, action: { payload: boolean }): ConnectionState =>
      action.payload ? state : { status: 'offline' },
    wentOffline: (): ConnectionState => ({ status: 'offline' }),
    /** Only a return from offline is news; a spurious 'online' while online says nothing. */
    wentOnline: (state): ConnectionState => (state.status === 'offline' ? { status: 'backOnline' } : state),
    backOnlineExpired: (state): ConnectionState => (state.status === 'backOnline' ? { status: 'none' } : state),
  },
  selectors: {
    selectConnectionMessage: (state): string | null =>
      state.status === 'offline' ? OFFLINE_MESSAGE : state.status === 'backOnline' ? BACK_ONLINE_MESSAGE : null,
    selectConnection: (state) => state,
  },
});

declare module '../../session' {
  interface LazyLoadedSlices extends WithSlice<typeof connectionMachine> {}
}

/** Injected into the store when the offline support's code loads. */
export const connectionSlice = connectionMachine.injectInto(rootReducer);

export const { connectionChecked, wentOffline, wentOnline, backOnlineExpired } = connectionSlice.actions;
export const { selectConnection, selectConnectionMessage } = connectionSlice.selectors;
