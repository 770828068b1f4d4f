import { createSlice } from '@reduxjs/toolkit';

/**
 * Accepting a partner invitation (SPEC section 2, "invitation") as a state machine: a signed-out
 * visitor is sent to log in; a signed-in one confirms, and the answer decides.
 */
export type InvitationState =
  | { status: 'unknown' }
  | { status: 'mustLogin' }
  | { status: 'ready' }
  | { status: 'confirming' }
  | { status: 'authorized' }
  | { status: 'failed' };

export const initialInvitationState = { status: 'unknown' } as InvitationState;

export const invitationSlice = createSlice({
  name: 'invitation',
  initialState: initialInvitationState,
  reducers: {
    signedOutSeen: (state): InvitationState => (state.status === 'unknown' || state.status === 'ready' ? { status: 'mustLogin' } : state),
    signedInSeen: (state): InvitationState => (state.status === 'unknown' || state.status === 'mustLogin' ? { status: 'ready' } : state),
    confirmed: (state): InvitationState => (state.status === 'ready' || state.status === 'failed' ? { status: 'confirming' } : state),
    authorized: (state): InvitationState => (state.status === 'confirming' ? { status: 'authorized' } : state),
    refused: (state): InvitationState => (state.status === 'confirming' ? { status: 'failed' } : state),
  },
});

export const { signedOutSeen, signedInSeen, confirmed, authorized, refused } = invitationSlice.actions;

export const LOGIN_FIRST = 'Faça Login primeiro';
export const LOGIN_REDIRECT_MS = 7_500;
export const AUTHORIZED = 'Successfully authorized!';
export const NOT_AUTHORIZED = 'Failed to authorize';
export const INVALID_LINK = 'Este link de convite é inválido. Peça um novo link à equipe.';
