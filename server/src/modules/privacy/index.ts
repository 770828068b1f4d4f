export { privacyRoutes, scheduleRetention } from './http/privacyRoutes';
