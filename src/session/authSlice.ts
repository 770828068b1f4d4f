import { createSlice, isAnyOf, type PayloadAction } from '@reduxjs/toolkit';
import type { AuthUser } from '../api/identityGateway';
import { loggedOut } from './sessionActions';
import { identityApi } from './identityApi';

/** Who is signed in: unknown until the identity service has answered. A signed-in session has its user. */
export type Identity = { status: 'unknown' } | { status: 'signedOut' } | { status: 'signedIn'; user: AuthUser };

/**
 * An order registered while signed out (cookies transaction, transactionClaim, loginRequired):
 * its number, the secret that proves this browser placed it (null for a cookie from before
 * claims), and whether every page now leads to the account until someone signs in.
 */
export interface PendingOrder {
  orderId: string;
  claim: string | null;
  loginRequired: boolean;
}

export interface AuthState {
  identity: Identity;
  /**
   * A sign-in is under way: from the identity call until the visitor's lists are tied to the
   * account. Nothing else may write the account meanwhile (pendingOrder.ts waits for it).
   */
  signingIn: boolean;
  pendingOrder: PendingOrder | null;
}

export const initialAuthState: AuthState = { identity: { status: 'unknown' }, signingIn: false, pendingOrder: null };

const signInCalls = [
  identityApi.endpoints.signInWithPassword,
  identityApi.endpoints.signUpWithPassword,
  identityApi.endpoints.signInWithGoogle,
];

/** Who is signed in, a sign-in under way, and an order waiting for one. */
export const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    signedIn(state, action: PayloadAction<AuthUser>) {
      state.identity = { status: 'signedIn', user: action.payload };
    },
    signedOut(state) {
      state.identity = { status: 'signedOut' };
      state.signingIn = false;
    },
    /** The sign-in is complete: the account holds the visitor's lists (or linking them failed). */
    accountLinked(state) {
      state.signingIn = false;
    },
    /**
     * An order was registered while signed out: kept at once (so that closing the page during the
     * success message loses nothing), then again with loginRequired before the account opens.
     * The one place the pending order is set; the next sign-in ties it to the account.
     */
    pendingOrderRecorded(state, action: PayloadAction<PendingOrder>) {
      state.pendingOrder = action.payload;
    },
    /** The pending order is now tied to the account (or can never be). */
    orderLinked(state) {
      state.pendingOrder = null;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(loggedOut, (state) => {
        state.identity = { status: 'signedOut' };
        state.signingIn = false;
      })
      .addMatcher(isAnyOf(...signInCalls.map((call) => call.matchPending)), (state) => {
        state.signingIn = true;
      })
      .addMatcher(isAnyOf(...signInCalls.map((call) => call.matchRejected)), (state) => {
        state.signingIn = false;
      });
  },
  selectors: {
    selectIdentity: (state) => state.identity,
    selectAuthStatus: (state) => state.identity.status,
    selectPendingOrder: (state) => state.pendingOrder,
    selectLoginRequired: (state) => state.pendingOrder?.loginRequired === true,
  },
});

export const { signedIn, signedOut, accountLinked, pendingOrderRecorded, orderLinked } = authSlice.actions;
export const { selectIdentity, selectAuthStatus, selectPendingOrder, selectLoginRequired } = authSlice.selectors;
