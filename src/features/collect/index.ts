import { lazy } from 'react';
import type { OutboxSenders } from '../outbox';

/** A booth's collect link, and a booth screen's "my last photo" link. */
export const CollectPage = lazy(() => import(/* webpackChunkName: "route-collect" */ './CollectPage'));
export const DeviceLastPage = lazy(() => import(/* webpackChunkName: "route-deviceLast" */ './DeviceLastPage'));
/** How a collect of the offline queue reaches the server (wired by app/store.ts), loaded when one waits. */
export const sendQueuedCollect: OutboxSenders['collect'] = async (item, api) =>
  (await import(/* webpackChunkName: "outbox-collect" */ './sendQueuedCollect')).sendQueuedCollect(item, api);
