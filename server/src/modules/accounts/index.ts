/**
 * The account API: an account's lists, the device's merged into it, its orders and the events
 * made for them (it reads identity, commerce and events).
 */
export { accountRoutes } from './http/accountRoutes';
