import { Type } from '@sinclair/typebox';
import { DeviceKeyReply, TeamDevice } from '../../../contract/wire';
import type { AppContext } from '../context';
import { rotateDeviceKey, teamDevices } from '../domain/deviceKeys';
import { DEVICE, params, type Api } from '../http/schemas';

/**
 * The team's devices (issue 25, 'Devices'): every booth, printer, mirror and 360 platform, and a
 * new key for one, made by the server and shown once (the old key stops working at once).
 */
export function teamDeviceRoutes(app: Api, { db, devicePepper }: AppContext): void {
  app.get('/team/devices', { schema: { response: { 200: Type.Array(TeamDevice) } }, config: { auth: 'team' } }, async (_request, reply) => {
    reply.header('Cache-Control', 'private, no-store');
    return teamDevices(db);
  });

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
