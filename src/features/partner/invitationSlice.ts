import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '../../session';

/** The invitation a link carries (docs/product.md#invitation). */
interface InvitationLink {
  hash: string;
  partnerName: string;
}

/**
 * Accepting a partner invitation (docs/product.md#invitation) as a state machine: a signed-out
 * visitor is asked to log in and, 7.5 s later, sent there (`goingToLogin`); a signed-in one
 * confirms, and the answer decides (`authorized` leaves for /account). Every state past `idle`
 * carries the link's invitation.
 */
export type InvitationState =
  | { status: 'idle' }
  | { status: 'unknown'; link: InvitationLink }
  | { status: 'mustLogin'; link: InvitationLink }
  | { status: 'goingToLogin'; link: InvitationLink }
  | { status: 'ready'; link: InvitationLink }
  | { status: 'confirming'; link: InvitationLink }
  | { status: 'authorized'; link: InvitationLink }
  | { status: 'failed'; link: InvitationLink };

const initialInvitationState = { status: 'idle' } as InvitationState;

function sameLink(a: InvitationLink, b: InvitationLink): boolean {
  return a.hash === b.hash && a.partnerName === b.partnerName;
}

const invitationMachine = createSlice({
  name: 'invitation',
  initialState: initialInvitationState,
  reducers: {
    /** The screen opened on a link: it starts afresh, unless that invitation is being confirmed (the call decides). */
    invitationOpened: (state, action: PayloadAction<InvitationLink>): InvitationState =>
      state.status === 'confirming' && sameLink(state.link, action.payload)
        ? state
        : { status: 'unknown', link: action.payload },
    /** The screen is gone: nothing of it stays to be followed, a redirect least of all. */
    invitationClosed: (): InvitationState => initialInvitationState,
    signedOutSeen: (state): InvitationState =>
      state.status === 'unknown' || state.status === 'ready' ? { status: 'mustLogin', link: state.link } : state,
    signedInSeen: (state): InvitationState =>
      state.status === 'unknown' || state.status === 'mustLogin' ? { status: 'ready', link: state.link } : state,
    /** 7.5 s after 'Faça Login primeiro'. */
    loginDelayPassed: (state): InvitationState =>
      state.status === 'mustLogin' ? { status: 'goingToLogin', link: state.link } : state,
    confirmed: (state): InvitationState =>
      state.status === 'ready' || state.status === 'failed' ? { status: 'confirming', link: state.link } : state,
    authorized: (state): InvitationState =>
      state.status === 'confirming' ? { status: 'authorized', link: state.link } : state,
    refused: (state): InvitationState =>
      state.status === 'confirming' ? { status: 'failed', link: state.link } : state,
  },
  selectors: {
    selectInvitation: (state) => state,
  },
});

declare module '../../session' {
  interface LazyLoadedSlices extends WithSlice<typeof invitationMachine> {}
}

/** Injected into the store when this feature's code loads. */
export const invitationSlice = invitationMachine.injectInto(rootReducer);

export const {
  invitationOpened,
  invitationClosed,
  signedOutSeen,
  signedInSeen,
  loginDelayPassed,
  confirmed,
  authorized,
  refused,
} = invitationSlice.actions;
export const { selectInvitation } = invitationSlice.selectors;

export const LOGIN_FIRST = 'Faça Login primeiro';
export const LOGIN_REDIRECT_MS = 7_500;
export const AUTHORIZED = 'Successfully authorized!';
export const NOT_AUTHORIZED = 'Failed to authorize';
export const INVALID_LINK = 'Este link de convite é inválido. Peça um novo link à equipe.';
