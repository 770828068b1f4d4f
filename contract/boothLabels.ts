import type { BoothMode } from './modes';

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
