export { boothCode, boothCodeKey, isBoothCode } from './boothCodes';
export {
  authenticateDevice,
  deviceLastOfEvent,
  type DeviceRow,
  mirrorFinish,
  mirrorOpenSession,
  mirrorTakeJob,
  ultraFinish,
  ultraOpenSession,
  ultraTakeSettings,
} from './booths';
export { countDeviceAuthFailure } from './deviceAuth';
export { deviceKeyHash, NO_KEY, rotateDeviceKey, teamDevices } from './deviceKeys';
export { boothRoutes } from './http/boothRoutes';
