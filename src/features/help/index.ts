import { lazy } from 'react';

/** 'Ajuda' of the menu: how the product works, in plain Portuguese. */
export const HelpPage = lazy(() => import(/* webpackChunkName: "route-ajuda" */ './HelpPage'));
