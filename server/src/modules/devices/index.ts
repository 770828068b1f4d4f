/**
 * The device API, what booths call with their key (media uploads, print jobs, the printer's state,
 * the mirror's and the 360's sessions), and the team's device keys and printers.
 */
export { deviceRoutes } from './http/deviceRoutes';
export { teamDeviceRoutes } from './http/teamDeviceRoutes';
