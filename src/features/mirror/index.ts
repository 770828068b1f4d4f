import { lazy } from 'react';

/** The AI mirror session (SPEC section 2, "AI mirror screen"). */
export const MirrorPage = lazy(() => import(/* webpackChunkName: "route-espelho" */ './MirrorPage'));
