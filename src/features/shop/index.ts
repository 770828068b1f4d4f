import { lazy } from 'react';

/**
 * The shop and its cart (docs/product.md#shop). The screen is its own chunk; the cart (slice,
 * selectors, persistence), the catalogue query and the money format are small and shared with
 * the checkout, so they are exported as they are: none of them imports the screen.
 */
export const ShopPage = lazy(() => import(/* webpackChunkName: "route-shop" */ './ShopPage'));

export {
  cartCleared,
  initialCartState,
  selectCart,
  selectCartTotals,
  selectPricedLines,
  shopOpened,
  type CartState,
  type PricedLine,
} from './cartSlice';
export { CART_STORAGE_KEY, parseStoredCart } from './cartStorage';
export { registerCartPersistence, useCartPersistence } from './cartPersistence';
export { useGetShopQuery } from './shopApi';
