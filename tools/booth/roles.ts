import type { DeviceKind } from '../../contract/wire';

/**
 * The four devices the simulator can play, the kind of device each one must be on the server,
 * and the demo seed's device it plays unless told otherwise.
 */
export const ROLES = ['camera', 'printer', 'mirror', 'ultra'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_INFO: Record<Role, { kind: DeviceKind; defaultDevice: string; label: string }> = {
  camera: { kind: 'booth', defaultDevice: 'cabine-pad', label: 'câmera' },
  printer: { kind: 'printer', defaultDevice: 'impressora-1', label: 'impressora' },
  mirror: { kind: 'mirror', defaultDevice: 'espelho-1', label: 'espelho com IA' },
  ultra: { kind: 'ultra', defaultDevice: 'plataforma-360', label: 'plataforma 360' },
};

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}
