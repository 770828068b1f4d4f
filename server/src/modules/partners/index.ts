export { partnerRoutes } from './http/partnerRoutes';
