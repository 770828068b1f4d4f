/**
 * The session, shared by every feature (ARCHITECTURE section 1): who is signed in, the visitor's
 * agent and events, the collection and the packs, with the store's core (root reducer, typed
 * hooks and listener) they live in. Everything outside src/session imports it from here.
 */
export { createAppListener, type AppStartListening } from './appListener';
export { accountSyncApi, useAddToAccountMutation, useGetAccountQuery } from './accountSyncApi';
export { ensureAgent, applyReloadCookie, type BootstrapEnv, type BootstrapResult } from './agentBootstrap';
export { browserCookieJar, memoryCookieJar, type CookieJar } from './cookieJar';
export { collectLinkOpened, collectionShown, guestDataErased, identityWatchRequested, loggedOut, packsScreenOpened, sessionStarted } from './events';
export { attachFlows, entered, injectFlow, type Flow, type FlowApi } from './flows';
export { lazyFirebaseGateway } from './firebase/lazyFirebaseGateway';
export { useAppDispatch, useAppSelector } from './hooks';
export { nameCheck, type NameCheck, type NameCheckState } from './nameCheck';
export { identityErrorOf, useSignInWithGoogleMutation, useSignInWithPasswordMutation, useSignUpWithPasswordMutation } from './identityApi';
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
  selectPendingLeads,
  selectPendingPrints,
  selectTrackedPrints,
  type OutboxSenders,
  type OutboxStore,
  type SendOutcome,
  type SenderApi,
} from './outbox';
export { COLLECTION_KEY, readPersistedState, type ListStore, type PersistedState } from './persistence';
export { rootReducer, type AppDispatch, type GetState, type LazyLoadedSlices, type RootState } from './rootReducer';
export { pendingOrderRecorded, selectAuthStatus, selectLoginRequired, selectPendingOrder, selectUser, type Identity, type PendingOrder } from './authSlice';
export { selectAgentResultsKnown, selectCollection } from './collectionSlice';
export { selectPackHashes } from './packsSlice';
export { selectSession, type SessionView } from './sessionView';
export { eventVisited, selectAgent, selectVisitedEvents } from './visitorSlice';
export { completeSignIn, type Profile, type SignInOutcome } from './signIn';
export { useSession } from './useSession';
