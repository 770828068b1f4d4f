import { lazy } from 'react';

/** Checkout and payment (SPEC section 2, "Checkout"). */
export const CheckoutPage = lazy(() => import(/* webpackChunkName: "route-checkout" */ './CheckoutPage'));
