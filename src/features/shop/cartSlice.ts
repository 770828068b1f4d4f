import { createSelector, createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { ShopProduct } from '../../../contract/wire';
import {
  clampHours,
  clampQuantity,
  discountedTotal,
  lineTotal,
  normaliseDiscount,
  roundCents,
  unitPrice,
} from '../../../contract/pricing';
import { rootReducer } from '../../session';
import { browserStorage, readStoredCart } from './cartStorage';
import { fitLine, type CartLine, type CartState } from './cartState';

export { initialCartState, type CartLine, type CartState } from './cartState';

function findLine(state: CartState, productId: string): CartLine | undefined {
  return state.lines.find((line) => line.product.id === productId);
}

const cartMachine = createSlice({
  name: 'cart',
  // Made when a store first holds the cart: the cart of the last visit, as stored (cartStorage.ts).
  initialState: () => readStoredCart(browserStorage()),
  reducers: {
    /**
     * A new coupon starts a new cart; the same coupon keeps the lines chosen so far. With the
     * catalogue (`products`), the lines take its current product data, and a product it no
     * longer has leaves the cart.
     */
    shopOpened(state, action: PayloadAction<{ coupon: string; discount: number; products?: readonly ShopProduct[] }>) {
      const { coupon, discount, products } = action.payload;
      if (state.coupon !== coupon) state.lines = [];
      else if (products) {
        state.lines = state.lines.flatMap((line) => {
          const product = products.find((p) => p.id === line.product.id);
          return product ? [fitLine(product, line.hours, line.quantity, line.accessoryIds)] : [];
        });
      }
      state.coupon = coupon;
      state.discount = normaliseDiscount(discount);
    },
    productAdded(state, action: PayloadAction<ShopProduct>) {
      const product = action.payload;
      if (findLine(state, product.id)) return;
      state.lines.push({ product, hours: product.minHours, quantity: 1, accessoryIds: [] });
    },
    productRemoved(state, action: PayloadAction<string>) {
      state.lines = state.lines.filter((line) => line.product.id !== action.payload);
    },
    hoursChanged(state, action: PayloadAction<{ productId: string; hours: number }>) {
      const line = findLine(state, action.payload.productId);
      if (line) line.hours = clampHours(line.product, action.payload.hours);
    },
    quantityChanged(state, action: PayloadAction<{ productId: string; quantity: number }>) {
      const line = findLine(state, action.payload.productId);
      if (line) line.quantity = clampQuantity(line.product, action.payload.quantity);
    },
    accessoryToggled(state, action: PayloadAction<{ productId: string; accessoryId: string }>) {
      const line = findLine(state, action.payload.productId);
      const { accessoryId } = action.payload;
      if (!line || !line.product.accessories.some((a) => a.id === accessoryId)) return;
      line.accessoryIds = line.accessoryIds.includes(accessoryId)
        ? line.accessoryIds.filter((id) => id !== accessoryId)
        : [...line.accessoryIds, accessoryId];
    },
    cartCleared(state) {
      state.lines = [];
    },
  },
  selectors: {
    selectCart: (state) => state,
  },
});

declare module '../../session' {
  interface LazyLoadedSlices extends WithSlice<typeof cartMachine> {}
}

/** Injected into the store when this feature's code loads. */
const cartSlice = cartMachine.injectInto(rootReducer);

export const {
  shopOpened,
  productAdded,
  productRemoved,
  hoursChanged,
  quantityChanged,
  accessoryToggled,
  cartCleared,
} = cartSlice.actions;

export interface PricedLine extends CartLine {
  selectedAccessories: { name: string; price: number }[];
  unitPrice: number;
  totalPrice: number;
}

function priceLine(line: CartLine): PricedLine {
  const selectedAccessories = line.product.accessories
    .filter((a) => line.accessoryIds.includes(a.id))
    .map((a) => ({ name: a.name, price: a.price }));
  const choice = {
    hours: line.hours,
    quantity: line.quantity,
    accessoryPrices: selectedAccessories.map((a) => a.price),
  };
  return {
    ...line,
    selectedAccessories,
    unitPrice: unitPrice(line.product, choice),
    totalPrice: lineTotal(line.product, choice),
  };
}

export const { selectCart } = cartSlice.selectors;

export const selectPricedLines = createSelector([selectCart], (cart) => cart.lines.map(priceLine));

export const selectCartTotals = createSelector([selectPricedLines, selectCart], (lines, cart) => {
  const total = roundCents(lines.reduce((sum, line) => sum + line.totalPrice, 0));
  return { total, discount: cart.discount, discounted: discountedTotal(total, cart.discount) };
});

/** The priced line of one product, or undefined while it is not in the cart. */
export const selectPricedLineOf = createSelector(
  [selectPricedLines, (_state: unknown, productId: string) => productId],
  (lines, productId) => lines.find((line) => line.product.id === productId),
);
