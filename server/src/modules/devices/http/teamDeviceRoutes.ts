import { Type } from '@sinclair/typebox';
import { DeviceKeyReply, TeamDevice } from '../../../../../contract/wire';
import type { AppContext } from '../../../platform/context';
import { rotateDeviceKey, teamDevices } from '../../booths';
import { teamPrinters } from '../../print';
import { DEVICE, params, type Api } from '../../../platform/http/schemas';

/**
 * The team's devices ('Devices'): every booth, printer, mirror and 360 platform, and a
 * new key for one, made by the server and shown once (the old key stops working at once); each
 * printer's state and the prints waiting for it.
 */
export function teamDeviceRoutes(app: Api, { db, devicePepper }: AppContext): void {
  app.get(
    '/team/devices',
    { schema: { response: { 200: Type.Array(TeamDevice) } }, config: { auth: 'team' } },
    async (_request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      // Each printer with its state now: the team sees at once one that stopped.
      const [devices, printers] = await Promise.all([teamDevices(db), teamPrinters(db)]);
      return devices.map((device) => {
        const printer = printers.get(device.id);
        return printer ? { ...device, printer } : device;
      });
    },
  );

  app.post(
    '/team/devices/:id/key',
    { schema: { params: params({ id: DEVICE }), response: { 200: DeviceKeyReply } }, config: { auth: 'team' } },
    async (request, reply) => {
      // A key is a secret: never kept by a cache on the way.
      reply.header('Cache-Control', 'no-store');
      return { id: request.params.id, key: await rotateDeviceKey(db, devicePepper, request.params.id) };
    },
  );
}
