import { lazy } from 'react';

/**
 * The team's screens (docs/product.md#roles-and-permissions: team only), its check, the contact leads, every order it
 * reads and the devices' keys.
 */
export const CreateContractPage = lazy(
  () => import(/* webpackChunkName: "route-createContract" */ './CreateContractPage'),
);
export const AuthorizePartnerPage = lazy(
  () => import(/* webpackChunkName: "route-authorizePartner" */ './AuthorizePartnerPage'),
);
export { LeadsList } from './LeadsList';
export { TeamOrdersList } from './TeamOrdersList';
export { TeamDevicesList } from './TeamDevicesList';
export { useCheckTeamQuery } from './teamApi';
