import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { PartnerNameReply } from '../../../contract/wire';
import { ROUTES } from '../../../contract/routePaths';
import { rootReducer } from '../../session';
// Its own entry: the landing page's code does not carry it (.dependency-cruiser.cjs).
import { nameCheck, type NameCheckState } from '../../session/nameCheck';

/**
 * Authorizing a partner name (docs/product.md#team) as a state machine. A name of 3
 * characters or more is checked 1000 ms after the last keystroke; the server's answer (taken,
 * wrong, owned, available) counts only for the name still typed. An available or owned name can
 * be authorized: a new invitation hash is registered and the link is ready to share.
 */
export type Verdict = Extract<PartnerNameReply, 'available' | 'owned'>;

export type PartnerNameState =
  | NameCheckState<PartnerNameReply>
  | { status: 'authorizing'; name: string; verdict: Verdict }
  | { status: 'linkReady'; name: string; hash: string; link: string }
  /** The hash was not registered: Authorize can be tried again. */
  | { status: 'authorizeFailed'; name: string; verdict: Verdict };

const REPLIES: readonly string[] = ['taken', 'wrong', 'owned', 'available'] satisfies PartnerNameReply[];

/** An answer other than the four of docs/api.md#partners-and-the-team counts as a failed check. */
export const partnerNameCheck = nameCheck<PartnerNameReply, PartnerNameReply>({
  minLength: 3,
  debounceMs: 1_000,
  verdictOf: (reply) => (REPLIES.includes(reply) ? reply : null),
});

const initialPartnerNameState = partnerNameCheck.initial as PartnerNameState;

/** The name can be authorized: docs/product.md#team says only when available or owned. */
export function canAuthorize(
  state: PartnerNameState,
): state is Extract<PartnerNameState, { status: Verdict | 'authorizeFailed' }> {
  return state.status === 'available' || state.status === 'owned' || state.status === 'authorizeFailed';
}

const partnerNameMachine = createSlice({
  name: 'partnerName',
  initialState: initialPartnerNameState,
  reducers: {
    /** The screen opened: it starts afresh, unless a name is being authorized (the call decides). */
    partnerNameOpened: (state): PartnerNameState => (state.status === 'authorizing' ? state : initialPartnerNameState),
    nameTyped: (state, action: PayloadAction<string>): PartnerNameState =>
      state.status === 'authorizing' ? state : partnerNameCheck.typed(action.payload),
    /** The debounce of the name it was started for. */
    typingPaused: (state, action: PayloadAction<string>): PartnerNameState =>
      partnerNameCheck.paused(state, action.payload),
    nameChecked: {
      reducer: (state, { payload }: PayloadAction<{ name: string; reply: PartnerNameReply }>): PartnerNameState =>
        partnerNameCheck.answered(state, payload.name, payload.reply),
      prepare: (name: string, reply: PartnerNameReply) => ({ payload: { name, reply } }),
    },
    checkFailed: (state, action: PayloadAction<string>): PartnerNameState =>
      partnerNameCheck.checkFailed(state, action.payload),
    retryRequested: (state): PartnerNameState => partnerNameCheck.retried(state),
    authorizeRequested: (state): PartnerNameState => {
      if (!canAuthorize(state)) return state;
      const verdict = state.status === 'authorizeFailed' ? state.verdict : state.status;
      return { status: 'authorizing', name: state.name, verdict };
    },
    /** The hash made for the name was registered: its link. */
    linkGenerated: (state, action: PayloadAction<{ hash: string; link: string }>): PartnerNameState =>
      state.status === 'authorizing' ? { status: 'linkReady', name: state.name, ...action.payload } : state,
    authorizeFailed: (state): PartnerNameState =>
      state.status === 'authorizing' ? { status: 'authorizeFailed', name: state.name, verdict: state.verdict } : state,
  },
  selectors: {
    selectPartnerName: (state) => state,
  },
});

declare module '../../session' {
  interface LazyLoadedSlices extends WithSlice<typeof partnerNameMachine> {}
}

/** Injected into the store when this feature's code loads. */
export const partnerNameSlice = partnerNameMachine.injectInto(rootReducer);

export const {
  partnerNameOpened,
  nameTyped,
  typingPaused,
  nameChecked,
  checkFailed,
  retryRequested,
  authorizeRequested,
  linkGenerated,
  authorizeFailed,
} = partnerNameSlice.actions;
export const { selectPartnerName } = partnerNameSlice.selectors;

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

/** The invitation link a partner opens (docs/product.md#invitation). */
export function invitationLink(origin: string, hash: string, partnerName: string): string {
  const query = new URLSearchParams({ hash, partnerName });
  return `${origin}${ROUTES.invitation}?${query.toString()}`;
}
