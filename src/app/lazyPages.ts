import { lazy } from 'react';

/** The app's own screens that load on demand. */
export const NotFoundPage = lazy(() => import(/* webpackChunkName: "route-notFound" */ './NotFoundPage'));
