import { createSlice, isAnyOf, type PayloadAction } from '@reduxjs/toolkit';
import type { AuthUser } from '../api/identity';
import { addToList, mergeLists } from '../../contract/cookieLists';
import { collectLinkOpened } from './events';
import { identityApi } from './identityApi';

/** Who is signed in: unknown until the identity service has answered. A signed-in session has its user. */
export type Identity = { status: 'unknown' } | { status: 'signedOut' } | { status: 'signedIn'; user: AuthUser };

/**
 * The session shared by every feature (ARCHITECTURE section 2): who is signed in, the visitor
 * (agent, attended events), what they collected and the packs they hold, and an order placed
 * while signed out. The guest's part persists in cookies (persistence.ts).
 */
export interface SessionState {
  identity: Identity;
  /**
   * A sign-in is under way: from the identity call until the visitor's lists are tied to the
   * account. Nothing else may write the account meanwhile (pendingOrder.ts waits for it).
   */
  signingIn: boolean;
  /** Random id given on the first visit; '' until the bootstrap has one (cookie agent). */
  agent: string;
  /** The events the visitor attended (cookie events). */
  events: string[];
  /** The event the visitor came from last, as the booth's link named it (cookie bname). */
  bname: string;
  /** Collected media paths, oldest first (cookie collection, whole in local storage). */
  collection: string[];
  /**
   * Whether what the booths made for this agent (the AI mirror's images, 360 videos) has been
   * asked of the server since the app started: until then an empty collection may not be empty.
   */
  agentResults: 'unknown' | 'known';
  /** The print-pack hashes the visitor holds (cookie packs); copies live on the server. */
  packs: string[];
  /** Cookie loginRequired: an order was placed signed out and waits for a sign-in. */
  loginRequired: boolean;
  /** Cookie transaction: that order's id. */
  pendingTransaction: string | null;
  /** Cookie transactionClaim: the secret that proves this browser placed that order. */
  pendingClaim: string | null;
}

export const initialSessionState: SessionState = {
  identity: { status: 'unknown' },
  signingIn: false,
  agent: '',
  events: [],
  bname: '',
  collection: [],
  agentResults: 'unknown',
  packs: [],
  loginRequired: false,
  pendingTransaction: null,
  pendingClaim: null,
};

const signInCalls = [identityApi.endpoints.signInWithPassword, identityApi.endpoints.signUpWithPassword, identityApi.endpoints.signInWithGoogle];

function visit(state: SessionState, bname: string) {
  state.events = [...addToList(state.events, bname)];
  state.bname = bname;
}

export const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState,
  reducers: {
    signedIn(state, action: PayloadAction<AuthUser>) {
      state.identity = { status: 'signedIn', user: action.payload };
    },
    signedOut(state) {
      state.identity = { status: 'signedOut' };
      state.signingIn = false;
    },
    /**
     * The user logged out on purpose: what the account brought to this device (its collection,
     * packs and events, merged in at the sign-in) leaves with them, so the next person on the
     * phone sees none of it. The device's agent and an order still waiting for a login stay.
     */
    loggedOut(state) {
      state.identity = { status: 'signedOut' };
      state.signingIn = false;
      state.collection = [];
      state.packs = [];
      state.events = [];
      state.bname = '';
    },
    /**
     * 'Apagar minhas fotos' succeeded on the server: this device forgets what the visitor gathered
     * too (its cookies and stored collection follow, persistence.ts). Who is signed in, the
     * device's agent and an order waiting for a login stay.
     */
    guestDataErased(state) {
      state.collection = [];
      state.packs = [];
      state.events = [];
      state.bname = '';
    },
    /** The sign-in is complete: the account holds the visitor's lists (or linking them failed). */
    accountLinked(state) {
      state.signingIn = false;
    },
    agentAssigned(state, action: PayloadAction<string>) {
      state.agent = action.payload;
    },
    eventVisited(state, action: PayloadAction<string>) {
      visit(state, action.payload);
    },
    eventsMerged(state, action: PayloadAction<readonly string[]>) {
      state.events = mergeLists(state.events, action.payload);
    },
    itemCollected(state, action: PayloadAction<string>) {
      state.collection = [...addToList(state.collection, action.payload)];
    },
    collectionMerged(state, action: PayloadAction<readonly string[]>) {
      state.collection = mergeLists(state.collection, action.payload);
    },
    /** The server answered for the agent's results (or could not): what it holds joins the collection. */
    agentResultsSettled(state, action: PayloadAction<readonly string[]>) {
      state.collection = mergeLists(state.collection, action.payload);
      state.agentResults = 'known';
    },
    packAdded(state, action: PayloadAction<string>) {
      state.packs = [...addToList(state.packs, action.payload)];
    },
    /** What the account holds (collected, bought or created on another device) joins this device's lists. */
    accountListsMerged(state, action: PayloadAction<{ collection?: readonly string[]; packs?: readonly string[]; events?: readonly string[] }>) {
      const { collection = [], packs = [], events = [] } = action.payload;
      if (collection.length > 0) state.collection = mergeLists(state.collection, collection);
      if (packs.length > 0) state.packs = mergeLists(state.packs, packs);
      if (events.length > 0) state.events = mergeLists(state.events, events);
    },
    /** The account's lists win (SPEC section 4: cookies replaced by the server's lists). */
    accountListsAdopted(state, action: PayloadAction<{ collection: readonly string[]; packs: readonly string[]; events: readonly string[] }>) {
      state.collection = mergeLists([], action.payload.collection);
      state.packs = mergeLists([], action.payload.packs);
      state.events = mergeLists([], action.payload.events);
    },
    /**
     * An order was registered while signed out: its number and claim are kept at once (cookies
     * transaction and transactionClaim), so that closing the page during the success message
     * loses nothing; the next sign-in ties it to the account.
     */
    pendingOrderRecorded(state, action: PayloadAction<{ orderId: string; claim: string }>) {
      state.pendingTransaction = action.payload.orderId;
      state.pendingClaim = action.payload.claim;
    },
    /** An order was registered while signed out: remember it until someone signs in. */
    orderAwaitsLogin(state, action: PayloadAction<{ orderId: string; claim: string }>) {
      state.loginRequired = true;
      state.pendingTransaction = action.payload.orderId;
      state.pendingClaim = action.payload.claim;
    },
    /** The pending order is now tied to the account (or can never be). */
    orderLinked(state) {
      state.loginRequired = false;
      state.pendingTransaction = null;
      state.pendingClaim = null;
    },
  },
  extraReducers: (builder) => {
    builder
      // Opening a collect link collects the item and marks its event as attended (SPEC section 2).
      .addCase(collectLinkOpened, (state, action) => {
        state.collection = [...addToList(state.collection, action.payload.url)];
        visit(state, action.payload.bname);
      })
      .addMatcher(isAnyOf(...signInCalls.map((call) => call.matchPending)), (state) => {
        state.signingIn = true;
      })
      .addMatcher(isAnyOf(...signInCalls.map((call) => call.matchRejected)), (state) => {
        state.signingIn = false;
      });
  },
  selectors: {
    selectSession: (state) => state,
    selectIdentity: (state) => state.identity,
    selectAuthStatus: (state) => state.identity.status,
    selectUser: (state) => (state.identity.status === 'signedIn' ? state.identity.user : null),
    selectAgent: (state) => state.agent,
    selectVisitedEvents: (state) => state.events,
    selectCollection: (state) => state.collection,
    selectAgentResultsKnown: (state) => state.agentResults === 'known',
    selectPackHashes: (state) => state.packs,
    selectLoginRequired: (state) => state.loginRequired,
    selectPendingTransaction: (state) =>
      state.pendingTransaction !== null && state.pendingClaim !== null ? { orderId: state.pendingTransaction, claim: state.pendingClaim } : null,
  },
});

export const {
  signedIn,
  signedOut,
  loggedOut,
  guestDataErased,
  accountLinked,
  agentAssigned,
  eventVisited,
  eventsMerged,
  itemCollected,
  collectionMerged,
  agentResultsSettled,
  packAdded,
  accountListsAdopted,
  accountListsMerged,
  pendingOrderRecorded,
  orderAwaitsLogin,
  orderLinked,
} = sessionSlice.actions;

export const {
  selectSession,
  selectIdentity,
  selectAuthStatus,
  selectUser,
  selectAgent,
  selectVisitedEvents,
  selectCollection,
  selectAgentResultsKnown,
  selectPackHashes,
  selectLoginRequired,
  selectPendingTransaction,
} = sessionSlice.selectors;
