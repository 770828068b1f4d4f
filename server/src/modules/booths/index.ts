/**
 * The booths (the devices): their records and keys, booth codes, the results a mirror or a 360
 * platform leaves for a guest, and what guests ask of them (the mirror, the 360 video).
 */
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
