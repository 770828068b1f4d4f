/**
 * The session, shared by every feature (docs/architecture.md#layers): who is signed in, the visitor's
 * agent and events, the collection and the packs, with the store's core (root reducer, typed
 * hooks and listener) they live in. Everything outside src/session imports it from here.
 */
export { createAppListener, type AppStartListening } from './appListener';
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
} from './events';
export { attachFlows, entered, injectFlow, type Flow, type FlowApi } from './flows';
export { lazyFirebaseGateway } from './firebase/lazyFirebaseGateway';
export { useAppDispatch, useAppSelector } from './hooks';
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
export { rootReducer, type AppDispatch, type LazyLoadedSlices, type RootState } from './rootReducer';
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
