import { lazy } from 'react';

/** The shop and its cart (SPEC section 2, "Shop"). */
export const ShopPage = lazy(() => import(/* webpackChunkName: "route-shop" */ './ShopPage'));
export { cartCleared, selectCart, selectCartTotals, selectPricedLines, type PricedLine } from './cartSlice';
export { useGetShopQuery } from './shopApi';
