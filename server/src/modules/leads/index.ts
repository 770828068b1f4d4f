export { leadRoutes } from './http/leadRoutes';
export { saveLead } from './leads';
