import { lazy } from 'react';

/** Checkout and payment (docs/product.md#checkout). */
export const CheckoutPage = lazy(() => import(/* webpackChunkName: "route-checkout" */ './CheckoutPage'));
