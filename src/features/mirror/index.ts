import { lazy } from 'react';

/** The AI mirror session (docs/product.md#ai-mirror). */
export const MirrorPage = lazy(() => import(/* webpackChunkName: "route-espelho" */ './MirrorPage'));
