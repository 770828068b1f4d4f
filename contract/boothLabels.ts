import { isBoothMode, type BoothMode } from './modes';

/**
 * What a booth type is called on the screen (the carousel, a gallery's heading), by the SPA and
 * in the first photos the server draws into a gallery's page. A module of its own: the landing
 * page's code, which needs the modes, does not carry the names.
 */
export const BOOTH_LABEL: Record<BoothMode, string> = {
  pad: 'Pad',
  hashtrack: 'Hashtrack',
  feed: 'Feed',
  polaroid: 'Polaroid',
  boomerang: 'Boomerang',
  360: '360',
  nulo: 'Nulo',
};

/** What people read of a device: its booth type, or what it is (a device's id is no name). */
export function deviceTitle(device: { kind: 'booth' | 'printer' | 'mirror' | 'ultra'; mode: string | null }): string {
  if (device.kind === 'ultra') return 'Plataforma 360';
  if (device.kind === 'mirror') return 'Cabine do espelho';
  if (device.kind === 'printer') return 'Impressora';
  return isBoothMode(device.mode) ? `Cabine ${BOOTH_LABEL[device.mode]}` : 'Cabine';
}
