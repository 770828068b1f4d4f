import { lazy } from 'react';

/** The packs screen (docs/product.md#packs). */
export const PacksPage = lazy(() => import(/* webpackChunkName: "route-packs" */ './PacksPage'));
