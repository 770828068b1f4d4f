export { downloadRoutes } from './http/downloadRoutes';
export { guestRoutes } from './http/guestRoutes';
