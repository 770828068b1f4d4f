/**
 * A guest's privacy: what is kept about an agent or an account, erasing it, and the retention
 * sweep.
 */
export { privacyRoutes, scheduleRetention } from './http/privacyRoutes';
