import { lazy } from 'react';
import { preloadableLazy } from '../../ui/preloadableLazy';
import { type OutboxSenders } from '../../session';

/** A booth's collect link, and a booth screen's "my last photo" link. */
const collect = preloadableLazy(() => import(/* webpackChunkName: "route-collect" */ './CollectPage'));
export const CollectPage = collect.Screen;
/** The collect screen's code, asked for before the first render when the page opens on it (app/firstScreen.ts). */
export const preloadCollectPage = collect.preload;
export const DeviceLastPage = lazy(() => import(/* webpackChunkName: "route-deviceLast" */ './DeviceLastPage'));
/** How a collect of the offline queue reaches the server (wired by app/store.ts), loaded when one waits. */
export const sendQueuedCollect: OutboxSenders['collect'] = async (item, api) =>
  (await import(/* webpackChunkName: "outbox-collect" */ './sendQueuedCollect')).sendQueuedCollect(item, api);
