import {
  combineSlices,
  configureStore,
  createListenerMiddleware,
  type TypedStartListening,
} from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { api, type ApiExtra } from '../api/apiSlice';
import { authSlice } from '../features/auth/authSlice';
import type { IdentityGateway } from '../features/auth/identityGateway';
import { watchIdentity } from '../features/auth/watchIdentity';
import { sendLeadsFromOutbox } from '../features/landing/leadOutboxListener';
import { collectionSlice } from '../features/collection/collectionSlice';
import { packsSlice } from '../features/packs/packsSlice';
import { printSlice } from '../features/print/printSlice';
import { partnerSlice } from '../features/partner/partnerSlice';
import { cartSlice } from '../features/shop/cartSlice';
import { visitorSlice } from '../features/visitor/visitorSlice';
import type { CookieJar } from './cookieJar';
import { mirrorStateToCookies, type ListStore } from './persistence';

export const rootReducer = combineSlices(api, authSlice, visitorSlice, collectionSlice, packsSlice, cartSlice, partnerSlice, printSlice);

export type RootState = ReturnType<typeof rootReducer>;

export interface StoreOptions {
  preloadedState?: Partial<RootState>;
  /** Where guest state persists; omitted, nothing is written (tests that don't care). */
  cookies?: CookieJar;
  /** Local storage for lists too long for a cookie. */
  storage?: ListStore | null;
  /** The identity service; without one nobody can sign in (tests that don't care). */
  identity?: IdentityGateway;
}

export function makeStore({ preloadedState, cookies, storage = null, identity }: StoreOptions = {}) {
  const listeners = createListenerMiddleware();
  const extra: ApiExtra = {
    // Asked only while someone is signed in, so anonymous visitors never load the identity SDK.
    getIdToken: async () => (store.getState().auth.status === 'signedIn' && identity ? identity.idToken() : null),
    identity: identity ?? null,
  };
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) =>
      getDefault({ thunk: { extraArgument: extra } })
        .prepend(listeners.middleware)
        .concat(api.middleware),
  });
  if (cookies) mirrorStateToCookies(listeners.startListening as AppStartListening, cookies, storage);
  if (identity) watchIdentity(listeners.startListening as AppStartListening, identity);
  sendLeadsFromOutbox(listeners.startListening as AppStartListening, storage);
  setupListeners(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
export type AppStartListening = TypedStartListening<RootState, AppDispatch>;
