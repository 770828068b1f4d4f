import { lazy } from 'react';

/** The live wall of an event, for a TV at the venue (issue 27). */
export const WallPage = lazy(() => import(/* webpackChunkName: "route-telao" */ './WallPage'));
