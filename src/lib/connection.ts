/**
 * What the connection banner says (issue 15): while offline, that the saved photos are still
 * here; once back, a short 'Conexão restabelecida.' that then goes away.
 */

export const OFFLINE_MESSAGE = 'Você está sem conexão. Suas fotos salvas continuam aqui.';
export const BACK_ONLINE_MESSAGE = 'Conexão restabelecida.';

/** How long the 'back online' message stays before it hides itself. */
export const BACK_ONLINE_VISIBLE_MS = 4000;

export type ConnectionBanner = 'none' | 'offline' | 'backOnline';

export type ConnectionEvent = 'offline' | 'online' | 'backOnlineExpired';

/** The banner at start: a page opened offline says so at once; one opened online says nothing. */
export function initialBanner(online: boolean): ConnectionBanner {
  return online ? 'none' : 'offline';
}

export function nextBanner(current: ConnectionBanner, event: ConnectionEvent): ConnectionBanner {
  switch (event) {
    case 'offline':
      return 'offline';
    case 'online':
      // Only a return from offline is news; a spurious 'online' while online says nothing.
      return current === 'offline' ? 'backOnline' : current;
    case 'backOnlineExpired':
      return current === 'backOnline' ? 'none' : current;
  }
}

export function bannerMessage(banner: ConnectionBanner): string | null {
  if (banner === 'offline') return OFFLINE_MESSAGE;
  if (banner === 'backOnline') return BACK_ONLINE_MESSAGE;
  return null;
}
