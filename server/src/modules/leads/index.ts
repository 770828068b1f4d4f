/**
 * The landing page's contact form: the leads it leaves.
 */
export { leadRoutes } from './http/leadRoutes';
export { saveLead } from './leads';
