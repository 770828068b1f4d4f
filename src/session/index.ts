/**
 * The session, shared by every feature (ARCHITECTURE section 1): who is signed in, the visitor's
 * agent and events, the collection and the packs, with the store's core (root reducer, typed
 * hooks and listener) they live in. Everything outside src/session imports it from here.
 */
export { createAppListener, type AppStartListening } from './appListener';
export { accountSyncApi, useAddToAccountMutation, useGetAccountQuery } from './accountSyncApi';
export { ensureAgent, applyReloadCookie, type BootstrapEnv, type BootstrapResult } from './agentBootstrap';
export { browserCookieJar, memoryCookieJar, type CookieJar } from './cookieJar';
export { collectLinkOpened, collectionShown, identityWatchRequested, packsScreenOpened, sessionStarted } from './events';
export { attachFlows, entered, injectFlow, type Flow, type FlowApi } from './flows';
export { lazyFirebaseGateway } from './firebase/lazyFirebaseGateway';
export { useAppDispatch, useAppSelector } from './hooks';
export { nameCheck, type NameCheck, type NameCheckState } from './nameCheck';
export { identityErrorOf, useSignInWithGoogleMutation, useSignInWithPasswordMutation, useSignUpWithPasswordMutation } from './identityApi';
export { logOut } from './logOut';
export { registerSessionListeners, type SessionServices } from './listeners';
export { PACK_LINK, packsToValidate, useValidatePacksQuery } from './packsApi';
export { COLLECTION_KEY, readPersistedState, type ListStore } from './persistence';
export { rootReducer, type AppDispatch, type GetState, type LazyLoadedSlices, type RootState } from './rootReducer';
export {
  eventVisited,
  guestDataErased,
  initialSessionState,
  orderAwaitsLogin,
  pendingOrderRecorded,
  selectAgent,
  selectAgentResultsKnown,
  selectAuthStatus,
  selectCollection,
  selectLoginRequired,
  selectPackHashes,
  selectUser,
  selectVisitedEvents,
  type Identity,
  type SessionState,
} from './sessionSlice';
export { completeSignIn, type Profile, type SignInOutcome } from './signIn';
export { useSession } from './useSession';
