import { lazy } from 'react';

/** Face capture (docs/product.md#face-search). */
export const FacePage = lazy(() => import(/* webpackChunkName: "route-face" */ './FacePage'));
