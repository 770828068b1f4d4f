import { configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { api, type ApiExtra } from '../api/apiSlice';
import { sendQueuedCollect } from '../features/collect';
import { sendQueuedLead } from '../features/landing';
import {
  attachFlows,
  createAppListener,
  defaultOutboxStore,
  offlineQueueStarted,
  registerOfflineQueue,
  registerSessionListeners,
  rootReducer,
  selectAuthStatus,
  type OutboxStore,
  type RootState,
  type SessionServices,
} from '../session';

export interface StoreOptions extends SessionServices {
  preloadedState?: Partial<RootState>;
  /** Where collects, prints and leads made offline wait: IndexedDB unless given. */
  outbox?: OutboxStore;
}

/**
 * The composition root's store: the session's reducer with the features' slices injected as
 * their code loads, one listener middleware on which the session and the features register
 * their side effects, and the api slice.
 */
export function makeStore({
  preloadedState,
  cookies,
  storage = null,
  identity,
  outbox = defaultOutboxStore(),
}: StoreOptions = {}) {
  const listener = createAppListener();
  const extra: ApiExtra = {
    // Asked only while someone is signed in, so anonymous visitors never load the identity SDK.
    getIdToken: async () => (selectAuthStatus(store.getState()) === 'signedIn' && identity ? identity.idToken() : null),
    identity: identity ?? null,
  };
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) =>
      getDefault({ thunk: { extraArgument: extra } })
        .prepend(listener.middleware)
        .concat(api.middleware),
  });
  registerSessionListeners(listener.startAppListening, { cookies, storage, identity });
  // The features' flows, as their code loads (docs/architecture.md#machines-and-flows).
  attachFlows(listener.startAppListening);
  registerOfflineQueue(listener.startAppListening, outbox, {
    collect: sendQueuedCollect,
    // The print widget's code loads when a print waits: the landing page carries none of it.
    print: async (item, api) => (await import('../features/print')).sendQueuedPrint(item, api),
    lead: sendQueuedLead,
  });
  setupListeners(store.dispatch);
  // What a closed page left waiting is read back and sent, whatever page this visit opens.
  store.dispatch(offlineQueueStarted());
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
