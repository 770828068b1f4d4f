import { lazy } from 'react';

/** The team's screens (SPEC section 6: team only), its check, and the contact leads it reads. */
export const CreateContractPage = lazy(() => import(/* webpackChunkName: "route-createContract" */ './CreateContractPage'));
export const AuthorizePartnerPage = lazy(() => import(/* webpackChunkName: "route-authorizePartner" */ './AuthorizePartnerPage'));
export { LeadsList } from './LeadsList';
export { useCheckTeamQuery } from './teamApi';
