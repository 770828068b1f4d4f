import { lazy } from 'react';

/** A booth's collect link, and a booth screen's "my last photo" link. */
export const CollectPage = lazy(() => import(/* webpackChunkName: "route-collect" */ './CollectPage'));
export const DeviceLastPage = lazy(() => import(/* webpackChunkName: "route-deviceLast" */ './DeviceLastPage'));
