import { lazy } from 'react';

/** The team's screens (SPEC section 6: team only), its check, the contact leads and every order it reads. */
export const CreateContractPage = lazy(() => import(/* webpackChunkName: "route-createContract" */ './CreateContractPage'));
export const AuthorizePartnerPage = lazy(() => import(/* webpackChunkName: "route-authorizePartner" */ './AuthorizePartnerPage'));
export { LeadsList } from './LeadsList';
export { TeamOrdersList } from './TeamOrdersList';
export { useCheckTeamQuery } from './teamApi';
