import { lazy } from 'react';

/** The 360 platform: its result and its settings (docs/product.md#360-platform). */
export const UltraLastPage = lazy(() => import(/* webpackChunkName: "route-ultraLast" */ './UltraLastPage'));
export const UltraSettingsPage = lazy(() => import(/* webpackChunkName: "route-ultraQR" */ './UltraSettingsPage'));
