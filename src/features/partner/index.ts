import { lazy } from 'react';

/** A partner's page and deals, and the invitation that makes an account a partner's. */
export const PartnerPage = lazy(() => import(/* webpackChunkName: "route-partner" */ './PartnerPage'));
export const DealsPage = lazy(() => import(/* webpackChunkName: "route-deals" */ './DealsPage'));
export const InvitationPage = lazy(() => import(/* webpackChunkName: "route-invitation" */ './InvitationPage'));
