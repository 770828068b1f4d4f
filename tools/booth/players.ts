import type { SeedDevice } from './demoDevices';
import type { DeviceInfo } from '../../contract/wire';
import { DeviceClient } from './deviceClient';
import type { BoothOptions } from './options';
import { ROLE_INFO, type Role } from './roles';

/**
 * Connects each role the simulator plays to its device: picks the device id and key (the demo
 * seed's unless given), and asks the server who that device is. Checking first means a wrong
 * URL, key or device kind is reported before anything happens, in one clear sentence.
 */
export interface Player {
  role: Role;
  client: DeviceClient;
  device: DeviceInfo;
}

export class DeviceSetupError extends Error {}

function rolesToPlay(options: BoothOptions): Role[] {
  if (options.only) return [options.only];
  return options.once ? ['camera', 'printer'] : ['camera', 'printer', 'mirror', 'ultra'];
}

export async function connectPlayers(options: BoothOptions, seedDevices: Map<string, SeedDevice>): Promise<Player[]> {
  const roles = rolesToPlay(options);
  // --device and --key apply to the one device chosen with --only, or else to the camera.
  const overridden: Role = options.only ?? 'camera';
  const players: Player[] = [];
  for (const role of roles) {
    const id = (role === overridden ? options.device : null) ?? ROLE_INFO[role].defaultDevice;
    const key = (role === overridden ? options.key : null) ?? seedDevices.get(id)?.key;
    if (!key)
      throw new DeviceSetupError(`o dispositivo ${id} não está no seed de demonstração: informe a chave com --key`);
    const client = new DeviceClient(options.url, id, key);
    const device = await client.me();
    if (device.kind !== ROLE_INFO[role].kind) {
      throw new DeviceSetupError(
        `o dispositivo ${id} é do tipo "${device.kind}" no servidor, mas o papel ${role} (` +
          `${ROLE_INFO[role].label}) precisa de um do tipo "${ROLE_INFO[role].kind}"`,
      );
    }
    players.push({ role, client, device });
  }
  return players;
}
