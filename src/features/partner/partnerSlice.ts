import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { ROUTES, withQuery } from '../../../contract/routePaths';
import type { Contract, LaunchCouponRequest } from '../../../contract/wire';
import { rootReducer } from '../../session';

/**
 * Copying a contract's coupon link (docs/product.md#partner-page, 'Copiar Link do Cupom') as a state
 * machine, one per coupon: the link goes to the clipboard first (`copying`), and only a link that
 * was copied is registered with the server (`launching`, `POST /launch_coupon`); `launched` is
 * followed by 'Cupom copiado!' and a reload that shows the contract's next coupon. A copy that
 * failed (`failed`, with what to tell) can be tried again.
 */
type CouponCopyState =
  | { status: 'idle' }
  | { status: 'copying'; request: LaunchCouponRequest }
  | { status: 'launching'; request: LaunchCouponRequest }
  | { status: 'launched' }
  | { status: 'failed'; message: string };

/**
 * The partner whose page or deals are shown (the name of `?partner=`, once the screen opened), and
 * the copies of its coupons, by coupon (a coupon names its partner and contract, and is handed out
 * once). A coupon without an entry is `idle`.
 */
export interface PartnerState {
  name: string | null;
  copies: Record<string, CouponCopyState>;
}

export const initialPartnerState: PartnerState = { name: null, copies: {} };

const IDLE: CouponCopyState = { status: 'idle' };

/** The shop link that hands out `coupon`. */
export function couponLink(coupon: string): string {
  return `${window.location.origin}${withQuery(ROUTES.shop, { coupon })}`;
}

export const COUPON_COPIED = 'Cupom copiado!';
export const COPY_FAILED = 'Não foi possível copiar o link. O cupom não foi registrado: tente de novo.';
export const LAUNCH_FAILED = 'Não foi possível registrar o cupom. Tente de novo.';

function inFlight(copy: CouponCopyState): boolean {
  return copy.status === 'copying' || copy.status === 'launching';
}

/** A transition of one coupon's copy, as a case reducer of the partner's state. */
function onCopy<P extends { coupon: string }>(transition: (copy: CouponCopyState, payload: P) => CouponCopyState) {
  return (state: PartnerState, { payload }: PayloadAction<P>) => {
    const copy = state.copies[payload.coupon] ?? IDLE;
    const next = transition(copy, payload);
    if (next !== copy) state.copies[payload.coupon] = next;
  };
}

const coupon = (coupon: string) => ({ payload: { coupon } });

const partnerMachine = createSlice({
  name: 'partner',
  initialState: initialPartnerState,
  reducers: {
    /**
     * The partner's page or deals opened: their copies start afresh, but for the ones under way
     * (the clipboard or the server decides those).
     */
    partnerOpened(state, action: PayloadAction<string>) {
      state.name = action.payload;
      for (const [key, copy] of Object.entries(state.copies)) if (!inFlight(copy)) delete state.copies[key];
    },
    /** 'Copiar Link do Cupom' on a contract of the partner shown: its coupon, for that partner. */
    copyRequested(state, { payload: contract }: PayloadAction<Contract>) {
      const copy = state.copies[contract.last] ?? IDLE;
      if (state.name === null || (copy.status !== 'idle' && copy.status !== 'failed')) return;
      const { title: contractTitle, last: lastCoupon, discount, kit } = contract;
      state.copies[lastCoupon] = {
        status: 'copying',
        request: { partner: state.name, contractTitle, lastCoupon, discount, kit },
      };
    },
    linkCopied: {
      reducer: onCopy((copy) => (copy.status === 'copying' ? { status: 'launching', request: copy.request } : copy)),
      prepare: coupon,
    },
    /** Nothing was copied: registering a coupon nobody has would waste it. */
    copyFailed: {
      reducer: onCopy((copy) => (copy.status === 'copying' ? { status: 'failed', message: COPY_FAILED } : copy)),
      prepare: coupon,
    },
    launchSucceeded: {
      reducer: onCopy((copy) => (copy.status === 'launching' ? { status: 'launched' } : copy)),
      prepare: coupon,
    },
    /** The server's own words ('Os cupons deste contrato acabaram.', a coupon already used...), or LAUNCH_FAILED. */
    launchFailed: {
      reducer: onCopy<{ coupon: string; message: string }>((copy, { message }) =>
        copy.status === 'launching' ? { status: 'failed', message } : copy,
      ),
      prepare: (coupon: string, message: string) => ({ payload: { coupon, message } }),
    },
  },
  selectors: {
    selectCouponCopy: (state, coupon: string): CouponCopyState => state.copies[coupon] ?? IDLE,
  },
});

declare module '../../session' {
  interface LazyLoadedSlices extends WithSlice<typeof partnerMachine> {}
}

/** Injected into the store when this feature's code loads. */
export const partnerSlice = partnerMachine.injectInto(rootReducer);

export const { partnerOpened, copyRequested, linkCopied, copyFailed, launchSucceeded, launchFailed } =
  partnerSlice.actions;
export const { selectCouponCopy } = partnerSlice.selectors;
