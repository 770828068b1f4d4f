export { accountRoutes } from './http/accountRoutes';
