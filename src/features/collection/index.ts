import { lazy } from 'react';

/** The visitor's collection (loaded lazily, SPEC section 2). */
export const CollectionPage = lazy(() => import(/* webpackChunkName: "route-collection" */ './CollectionPage'));
