import { lazy } from 'react';

/** The signed-in user's area: home, orders, the event dashboard, and the team's tools (docs/product.md#account). */
export const AccountPage = lazy(() => import(/* webpackChunkName: "route-account" */ './AccountPage'));
/** An order followed by its buyer until its payment settles (the checkout's registered order, too). */
export { OrderProgress, type KnownOrder } from './OrderProgress';
