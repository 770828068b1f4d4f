import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** The signed-in user as the identity service describes them (serialisable fields only). */
export interface AuthUser {
  uid: string;
  email: string;
  displayName: string;
  photoURL: string;
}

export interface AuthState {
  /** 'unknown' until the identity service has said whether someone is signed in. */
  status: 'unknown' | 'signedOut' | 'signedIn';
  user: AuthUser | null;
  /** From `check_team`: true only when the server answered ok. */
  isTeam: boolean;
  /** Cookie loginRequired: an order was placed signed out and waits for a sign-in. */
  loginRequired: boolean;
  /** Cookie transaction: that order's id. */
  pendingTransaction: string | null;
}

export const initialAuthState: AuthState = {
  status: 'unknown',
  user: null,
  isTeam: false,
  loginRequired: false,
  pendingTransaction: null,
};

export const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    /** A screen that depends on who is signed in asks for the identity service to be watched. */
    authWatchRequested() {},
    signedIn(state, action: PayloadAction<AuthUser>) {
      state.status = 'signedIn';
      state.user = action.payload;
    },
    signedOut(state) {
      state.status = 'signedOut';
      state.user = null;
      state.isTeam = false;
    },
    teamChecked(state, action: PayloadAction<boolean>) {
      state.isTeam = state.status === 'signedIn' && action.payload;
    },
    /** An order was registered while signed out: remember it until someone signs in. */
    orderAwaitsLogin(state, action: PayloadAction<string>) {
      state.loginRequired = true;
      state.pendingTransaction = action.payload;
    },
    /** The pending order is now tied to the account. */
    orderLinked(state) {
      state.loginRequired = false;
      state.pendingTransaction = null;
    },
  },
  selectors: {
    selectAuthStatus: (state) => state.status,
    selectUser: (state) => state.user,
    selectIsSignedIn: (state) => state.status === 'signedIn',
    selectIsTeam: (state) => state.isTeam,
    selectLoginRequired: (state) => state.loginRequired,
    selectPendingTransaction: (state) => state.pendingTransaction,
  },
});

export const { authWatchRequested, signedIn, signedOut, teamChecked, orderAwaitsLogin, orderLinked } = authSlice.actions;
export const {
  selectAuthStatus,
  selectUser,
  selectIsSignedIn,
  selectIsTeam,
  selectLoginRequired,
  selectPendingTransaction,
} = authSlice.selectors;
