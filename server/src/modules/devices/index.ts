export { deviceRoutes } from './http/deviceRoutes';
export { teamDeviceRoutes } from './http/teamDeviceRoutes';
