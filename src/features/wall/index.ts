import { lazy } from 'react';

/** The live wall of an event, for a TV at the venue. */
export const WallPage = lazy(() => import(/* webpackChunkName: "route-telao" */ './WallPage'));
