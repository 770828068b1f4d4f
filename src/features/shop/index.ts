import { lazy } from 'react';

/** The shop and its cart (SPEC section 2, "Shop"). */
export const ShopPage = lazy(() => import(/* webpackChunkName: "route-shop" */ './ShopPage'));
