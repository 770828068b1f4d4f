/**
 * The device API's paths (docs/devices.md), built in one place: the booths, printers, mirrors and
 * 360 platforms call them, the server declares them, the simulator and the tests use them. The
 * server mounts the API under `/api` (server/src/app.ts): `DEVICE_ROUTES` are its route patterns
 * there, `DEVICE_PATHS` what a device asks for.
 */
const API = '/api';

/** The device API's routes below `/api`, as the server declares them (`:id` a print job's). */
export const DEVICE_ROUTES = {
  me: '/device/me',
  media: '/device/media',
  lastPhotoLink: '/device/last-photo-link',
  printJobs: '/device/print-jobs',
  printJobFile: '/device/print-jobs/:id/file',
  printJobFailed: '/device/print-jobs/:id/failed',
  printJobPrinted: '/device/print-jobs/:id/printed',
  printerState: '/device/printer/state',
  mirrorSession: '/device/mirror/session',
  mirrorJob: '/device/mirror/job',
  mirrorImage: '/device/mirror/image',
  ultraSession: '/device/ultra/session',
  ultraSettings: '/device/ultra/settings',
  ultraVideo: '/device/ultra/video',
} as const;

/** A print job's id in a path: a number, or any text a test sends to be refused. */
type JobId = number | string;

const jobPath = (route: string) => (id: JobId) => `${API}${route.replace(':id', String(id))}`;

/** What a device asks for: the routes' paths with `/api`, a print job's with its id. */
export const DEVICE_PATHS = {
  me: `${API}${DEVICE_ROUTES.me}`,
  media: `${API}${DEVICE_ROUTES.media}`,
  lastPhotoLink: `${API}${DEVICE_ROUTES.lastPhotoLink}`,
  printJobs: `${API}${DEVICE_ROUTES.printJobs}`,
  printJobFile: jobPath(DEVICE_ROUTES.printJobFile),
  printJobFailed: jobPath(DEVICE_ROUTES.printJobFailed),
  printJobPrinted: jobPath(DEVICE_ROUTES.printJobPrinted),
  printerState: `${API}${DEVICE_ROUTES.printerState}`,
  mirrorSession: `${API}${DEVICE_ROUTES.mirrorSession}`,
  mirrorJob: `${API}${DEVICE_ROUTES.mirrorJob}`,
  mirrorImage: `${API}${DEVICE_ROUTES.mirrorImage}`,
  ultraSession: `${API}${DEVICE_ROUTES.ultraSession}`,
  ultraSettings: `${API}${DEVICE_ROUTES.ultraSettings}`,
  ultraVideo: `${API}${DEVICE_ROUTES.ultraVideo}`,
} as const;

/** The uploads' paths (media, the mirror's image, the 360's video): the file's name in the query. */
export type DeviceUploadPath =
  typeof DEVICE_PATHS.media | typeof DEVICE_PATHS.mirrorImage | typeof DEVICE_PATHS.ultraVideo;

/** An upload's path with its file's name (`?file=NAME`, encoded). */
export function deviceUploadPath(path: DeviceUploadPath, file: string): string {
  return `${path}?file=${encodeURIComponent(file)}`;
}
