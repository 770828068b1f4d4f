import { lazy } from 'react';

/** What is kept of a guest, for how long and why, and 'Apagar minhas fotos' (LGPD). */
export const PrivacyPage = lazy(() => import(/* webpackChunkName: "route-privacy" */ './PrivacyPage'));

/** The 'Apagar minhas fotos' button and its confirmation, for other screens (loaded when shown). */
export const EraseMyData = lazy(() => import(/* webpackChunkName: "erase-my-data" */ './EraseMyData'));

/** Whether the guest's collection is empty (or emptying) because they erased it: not a collection never started. */
export { selectCollectionErased } from './eraseSlice';
