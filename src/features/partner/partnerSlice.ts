import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** The partner whose page and deals are open, and the coupon links copied in this visit. */
export interface PartnerState {
  name: string | null;
  copiedCoupons: string[];
}

export const initialPartnerState: PartnerState = { name: null, copiedCoupons: [] };

export const partnerSlice = createSlice({
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

export const { partnerOpened, couponCopied } = partnerSlice.actions;
export const { selectPartnerName, selectCopiedCoupons } = partnerSlice.selectors;
