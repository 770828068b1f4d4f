/**
 * The booths (the devices): their records and keys, booth codes, the results a mirror or a 360
 * platform leaves for a guest, and what guests ask of them (the mirror, the 360 video).
 */
export { boothCode, boothCodeKey, isBoothCode } from './boothCodes';
export { authenticateDevice, deviceLastOfEvent, type DeviceRow } from './booths';
export { mirrorFinish, mirrorOpenSession, mirrorTakeJob } from './mirrorSessions';
export { ultraFinish, ultraOpenSession, ultraTakeSettings } from './ultraSessions';
export { countDeviceAuthFailure } from './deviceAuth';
export { deviceKeyHash, NO_KEY, rotateDeviceKey, teamDevices } from './deviceKeys';
export { boothRoutes } from './http/boothRoutes';
