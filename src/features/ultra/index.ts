import { lazy } from 'react';

/** The 360 platform: its result and its settings (SPEC section 2, "360 screens"). */
export const UltraLastPage = lazy(() => import(/* webpackChunkName: "route-ultraLast" */ './UltraLastPage'));
export const UltraSettingsPage = lazy(() => import(/* webpackChunkName: "route-ultraQR" */ './UltraSettingsPage'));
