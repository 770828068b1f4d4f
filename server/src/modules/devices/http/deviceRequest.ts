import type { FastifyRequest } from 'fastify';
import { DeviceRefusal } from '../../../../../contract/wire';
import type { DeviceRow } from '../../booths';
import { forbidden } from '../../../platform/errors';

// Set by deviceRoutes' onRequest hook: the device whose key the request carried.
declare module 'fastify' {
  interface FastifyRequest {
    device: DeviceRow | null;
  }
}

/** Every answer of the device API is one of contract/wire/devices.ts: its refusals too. */
export const replies = <R extends object>(success: R) => ({ ...success, '4xx': DeviceRefusal });

/** Only the kinds named may call a route: a printer cannot upload, a booth cannot take print jobs. */
export function requireKind(request: FastifyRequest, ...kinds: DeviceRow['kind'][]): DeviceRow {
  const device = request.device;
  if (!device || !kinds.includes(device.kind)) throw forbidden('wrong_device', 'Este dispositivo não faz isso.');
  return device;
}
