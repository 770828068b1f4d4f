import { lazy } from 'react';

/** The packs screen (SPEC section 2, packs?pack=). */
export const PacksPage = lazy(() => import(/* webpackChunkName: "route-packs" */ './PacksPage'));
