import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { PartnerNameReply } from '../../../contract/wire';
import { ROUTES } from '../../../contract/routePaths';

/**
 * Authorizing a partner name (SPEC sections 4, 5 and 8) as a state machine. A name of 3
 * characters or more is checked 1000 ms after the last keystroke; the server's answer (taken,
 * wrong, owned, available) counts only for the name still typed. An available or owned name can
 * be authorized: the invitation hash is registered and the link is ready to share. Used with
 * useReducer by the screen.
 */
export type Verdict = Extract<PartnerNameReply, 'available' | 'owned'>;

export type PartnerNameState =
  | { status: 'empty'; name: '' }
  | { status: 'short'; name: string }
  | { status: 'waiting'; name: string }
  | { status: 'checking'; name: string }
  | { status: 'taken'; name: string }
  | { status: 'wrong'; name: string }
  | { status: 'owned'; name: string }
  | { status: 'available'; name: string }
  /** The check did not reach the server: it can be tried again. */
  | { status: 'failed'; name: string }
  | { status: 'authorizing'; name: string; verdict: Verdict; hash: string }
  | { status: 'linkReady'; name: string; hash: string; link: string }
  /** The hash was not registered: Authorize can be tried again. */
  | { status: 'authorizeFailed'; name: string; verdict: Verdict };

export const MIN_PARTNER_NAME_LENGTH = 3;
export const PARTNER_NAME_DEBOUNCE_MS = 1_000;

const REPLIES: readonly string[] = ['taken', 'wrong', 'owned', 'available'] satisfies PartnerNameReply[];

export const initialPartnerNameState = { status: 'empty', name: '' } as PartnerNameState;

/** The name can be authorized: SPEC section 4 says only when available or owned. */
export function canAuthorize(state: PartnerNameState): state is Extract<PartnerNameState, { status: Verdict | 'authorizeFailed' }> {
  return state.status === 'available' || state.status === 'owned' || state.status === 'authorizeFailed';
}

export const partnerNameSlice = createSlice({
  name: 'partnerName',
  initialState: initialPartnerNameState,
  reducers: {
    nameTyped: (state, action: PayloadAction<string>): PartnerNameState => {
      if (state.status === 'authorizing') return state;
      const name = action.payload;
      if (name === '') return { status: 'empty', name };
      return name.length < MIN_PARTNER_NAME_LENGTH ? { status: 'short', name } : { status: 'waiting', name };
    },
    /** The debounce timer of the name it was started for. */
    typingPaused: (state, action: PayloadAction<string>): PartnerNameState =>
      state.status === 'waiting' && state.name === action.payload ? { status: 'checking', name: state.name } : state,
    /** An answer other than the four of SPEC section 7 counts as a failed check. */
    nameChecked: (state, action: PayloadAction<{ name: string; answer: PartnerNameReply }>): PartnerNameState => {
      if (state.status !== 'checking' || state.name !== action.payload.name) return state;
      const { answer } = action.payload;
      return REPLIES.includes(answer) ? { status: answer, name: state.name } : { status: 'failed', name: state.name };
    },
    checkFailed: (state, action: PayloadAction<string>): PartnerNameState =>
      state.status === 'checking' && state.name === action.payload ? { status: 'failed', name: state.name } : state,
    retryRequested: (state): PartnerNameState => (state.status === 'failed' ? { status: 'checking', name: state.name } : state),
    /** Authorize, with the invitation hash made for it. */
    authorizeRequested: (state, action: PayloadAction<string>): PartnerNameState => {
      if (!canAuthorize(state)) return state;
      const verdict = state.status === 'authorizeFailed' ? state.verdict : state.status;
      return { status: 'authorizing', name: state.name, verdict, hash: action.payload };
    },
    linkGenerated: (state, action: PayloadAction<string>): PartnerNameState =>
      state.status === 'authorizing' ? { status: 'linkReady', name: state.name, hash: state.hash, link: action.payload } : state,
    authorizeFailed: (state): PartnerNameState =>
      state.status === 'authorizing' ? { status: 'authorizeFailed', name: state.name, verdict: state.verdict } : state,
  },
});

export const { nameTyped, typingPaused, nameChecked, checkFailed, retryRequested, authorizeRequested, linkGenerated, authorizeFailed } =
  partnerNameSlice.actions;

export const PARTNER_NAME_MESSAGES = {
  short: 'Name must be at least 3 characters',
  taken: 'Name already exists',
  wrong: 'Use only letters, numbers, hyphens (-), and underlines (_)',
  owned: 'Bucket is owned',
  available: 'Name available',
  failed: 'The name could not be checked.',
  checking: 'Checking...',
  authorizing: 'Generating the link...',
  authorizeFailed: 'Failed to generate the link',
} as const;

export const LINK_COPIED = 'Link generated and copied to clipboard';
export const LINK_NOT_COPIED = 'Failed to copy link. Please copy manually.';
export const LINK_FAILED = 'Failed to generate the link';

/** The invitation link a partner opens (SPEC section 2, "invitation"). */
export function invitationLink(origin: string, hash: string, partnerName: string): string {
  const query = new URLSearchParams({ hash, partnerName });
  return `${origin}${ROUTES.invitation}?${query.toString()}`;
}
