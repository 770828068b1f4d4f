/**
 * The session, shared by every feature (docs/architecture.md#layers): who is signed in, the visitor's
 * agent and events, the collection and the packs, their actions, listeners and cookies. It is also
 * the door to the store's core they live in (src/store: root reducer, typed hooks, listener
 * middleware, flows): one door for the state the features share, so that webpack keeps the two in
 * one module of the entry chunk (two doors, each imported by the features' chunks, cost the
 * landing's first visit 600 B gzip). Everything outside src/session and src/store imports them
 * from here.
 */
export { createAppListener, type AppStartListening } from '../store/appListener';
export { useGetAccountQuery } from './accountSyncApi';
export { ensureAgent, applyReloadCookie } from './agentBootstrap';
export { browserCookieJar, memoryCookieJar } from './cookieJar';
export {
  collectLinkOpened,
  collectionShown,
  guestDataErased,
  identityWatchRequested,
  packsScreenOpened,
  sessionStarted,
} from './sessionActions';
export { attachFlows, entered, injectFlow, type Flow, type FlowApi } from '../store/flows';
export { lazyFirebaseGateway } from './firebase/lazyFirebaseGateway';
export { useAppDispatch, useAppSelector } from '../store/hooks';
export {
  identityErrorOf,
  useSignInWithGoogleMutation,
  useSignInWithPasswordMutation,
  useSignUpWithPasswordMutation,
} from './identityApi';
export { logOut } from './logOut';
export { registerSessionListeners, type SessionServices } from './listeners';
export { PACK_LINK, packsToValidate, useValidatePacksQuery } from './packsApi';
export {
  collectQueued,
  defaultOutboxStore,
  leadQueued,
  memoryOutboxStore,
  offlineQueueFlushRequested,
  offlineQueueStarted,
  PENDING_TEXT,
  printQueued,
  printTracked,
  registerOfflineQueue,
  selectOutboxLoaded,
  selectPendingCollects,
  selectPendingPrints,
  selectTrackedPrints,
  warmOutboxStorage,
  type OutboxSenders,
  type OutboxStore,
  type SendOutcome,
  type SenderApi,
} from './outbox';
export { readPersistedState } from './persistence';
export { rootReducer, type AppDispatch, type LazyLoadedSlices, type RootState } from '../store/rootReducer';
export {
  pendingOrderRecorded,
  selectAuthStatus,
  selectLoginRequired,
  selectPendingOrder,
  type Identity,
} from './authSlice';
export { collectionMerged, selectAgentResultsKnown } from './collectionSlice';
export { selectSession } from './sessionView';
export { eventVisited, eventsMerged, selectAgent } from './visitorSlice';
export { completeSignIn, type Profile } from './signIn';
export { useSession } from './useSession';
