export { wallRoutes } from './http/wallRoutes';
export { grantByWallCode, wallCodeKey } from './wallCodes';
