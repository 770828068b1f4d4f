import { lazy } from 'react';

/** Face capture (SPEC section 2). */
export const FacePage = lazy(() => import(/* webpackChunkName: "route-face" */ './FacePage'));
