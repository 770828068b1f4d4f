/**
 * Wire contract: the device API (docs/devices.md, paths in contract/devicePaths.ts): what the
 * booths, printers, mirrors and 360 platforms send and what they get back. Every call carries
 * `x-device-id` and `x-device-key`; every refusal is an `ApiErrorBody` (`DeviceRefusal`).
 */
import { type Static, Type } from '@sinclair/typebox';
import { ApiErrorBody } from './common';
import { PrinterStateSchema } from './events';
import { StringEnum } from './primitives';

export const DEVICE_KINDS = ['booth', 'printer', 'mirror', 'ultra'] as const;
export const DeviceKindSchema = StringEnum(DEVICE_KINDS);
export type DeviceKind = Static<typeof DeviceKindSchema>;

/** Any refusal of the device API (400, 401, 403, 404, 413, 429). */
export const DeviceRefusal = ApiErrorBody;

/** `GET /device/me`: who the server takes the device for; its event and mode, null when it has none. */
export const DeviceInfo = Type.Object({
  id: Type.String(),
  kind: DeviceKindSchema,
  event: Type.Union([Type.String(), Type.Null()]),
  mode: Type.Union([Type.String(), Type.Null()]),
});
export type DeviceInfo = Static<typeof DeviceInfo>;

/** `POST /device/media`, `/device/mirror/image`, `/device/ultra/video`: the file's name; the body is its bytes. */
export const DeviceUploadQuery = Type.Object({ file: Type.String({ maxLength: 128 }) });
export type DeviceUploadQuery = Static<typeof DeviceUploadQuery>;

/** An upload's answer: where the file is now. */
export const DeviceUploadReply = Type.Object({ url: Type.String() });
export type DeviceUploadReply = Static<typeof DeviceUploadReply>;

/**
 * `GET /device/last-photo-link`: the booth screen's QR code for "my last photo", and until when its code holds (ISO
 * 8601).
 */
export const LastPhotoLinkReply = Type.Object({ path: Type.String(), validUntil: Type.String() });
export type LastPhotoLinkReply = Static<typeof LastPhotoLinkReply>;

/** A print job a printer took (`GET /device/print-jobs`): the photo's URL and its print file's path. */
export const PrintJob = Type.Object({
  id: Type.Integer(),
  packHash: Type.String(),
  url: Type.String(),
  /** The file to print: the photo laid out for the event's paper with its collect QR code. */
  file: Type.String(),
});
export type PrintJob = Static<typeof PrintJob>;

export const PrintJobList = Type.Array(PrintJob);

/** A print job's id in its paths. */
export const PrintJobParams = Type.Object({ id: Type.String({ pattern: '^[1-9][0-9]{0,15}$' }) });
export type PrintJobParams = Static<typeof PrintJobParams>;

/** `GET /device/print-jobs/{id}/file`: the print file, a JPEG (bytes, never JSON). */
export const PrintFile = Type.Unsafe<unknown>({ type: 'string', format: 'binary', contentMediaType: 'image/jpeg' });

/** `POST /device/print-jobs/{id}/failed`: the job failed; its pack's copies, one given back. */
export const PrintJobFailedReply = Type.Object({ status: Type.Literal('failed'), copies: Type.Integer() });
export type PrintJobFailedReply = Static<typeof PrintJobFailedReply>;

/** `POST /device/print-jobs/{id}/printed`. */
export const PrintJobPrintedReply = Type.Object({ status: Type.Literal('printed') });
export type PrintJobPrintedReply = Static<typeof PrintJobPrintedReply>;

/** `POST /device/printer/state`: what the printer says of itself, and the answer, the same state. */
export const PrinterStateReport = Type.Object({ state: PrinterStateSchema }, { additionalProperties: false });
export type PrinterStateReport = Static<typeof PrinterStateReport>;

/** The key of a guest session a device shows as a QR code (the mirror's sessionHash, the 360's qrid). */
const SessionKey = Type.String({ pattern: '^[A-Za-z0-9_-]{6,64}$' });

/** `POST /device/mirror/session`: a new QR code on the mirror's screen. */
export const MirrorSessionRequest = Type.Object({ sessionHash: SessionKey });
export type MirrorSessionRequest = Static<typeof MirrorSessionRequest>;

/** `POST /device/ultra/session`: a new QR code on the 360 platform's screen. */
export const UltraSessionRequest = Type.Object({ qrid: SessionKey });
export type UltraSessionRequest = Static<typeof UltraSessionRequest>;

/** A new session's answer: it waits for its guest. */
export const DeviceSessionReply = Type.Object({ status: Type.Literal('idle') });
export type DeviceSessionReply = Static<typeof DeviceSessionReply>;

/** `GET /device/mirror/job` (or 204, nothing to render): the prompt, and the QR code's session it answers. */
export const MirrorJob = Type.Object({ mode: Type.String(), prompt: Type.String(), session: Type.String() });
export type MirrorJob = Static<typeof MirrorJob>;

/** `GET /device/ultra/settings` (or 204, nothing asked): the guest's speed and song for the session `qrid`. */
export const UltraSettings = Type.Object({ qrid: Type.String(), speed: Type.Number(), music: Type.String() });
export type UltraSettings = Static<typeof UltraSettings>;

/** A poll's answer when there is nothing to do yet: 204, no body. */
export const NothingYet = Type.Unsafe<undefined>({ description: 'No Content' });
