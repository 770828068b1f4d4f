import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '../../session';

/** The partner whose page and deals are open, and the coupon links copied in this visit. */
export interface PartnerState {
  name: string | null;
  copiedCoupons: string[];
}

export const initialPartnerState: PartnerState = { name: null, copiedCoupons: [] };

const partnerState = createSlice({
  name: 'partner',
  initialState: initialPartnerState,
  reducers: {
    partnerOpened(state, action: PayloadAction<string>) {
      if (state.name !== action.payload) state.copiedCoupons = [];
      state.name = action.payload;
    },
    couponCopied(state, action: PayloadAction<string>) {
      if (!state.copiedCoupons.includes(action.payload)) state.copiedCoupons.push(action.payload);
    },
  },
  selectors: {
    selectPartnerName: (state) => state.name,
    selectCopiedCoupons: (state) => state.copiedCoupons,
  },
});

declare module '../../session' {
  interface LazyLoadedSlices extends WithSlice<typeof partnerState> {}
}

/** Injected into the store when this feature's code loads. */
export const partnerSlice = partnerState.injectInto(rootReducer);

export const { partnerOpened, couponCopied } = partnerSlice.actions;
export const { selectPartnerName, selectCopiedCoupons } = partnerSlice.selectors;
