import { isMediaMode } from '../modes';
import { ROUTES } from '../routePaths';

/**
 * The guest's screens a page may open on (a booth's QR code, a shared gallery, a reload), and the
 * code each needs: the app asks for it before its first render (src/app/firstScreen.ts), and the
 * server names it in the page itself (server/src/modules/firstPaint/http/routeChunks.ts), so it downloads with the
 * app's own scripts instead of after them. The names are the screens' webpackChunkName.
 */
export type FirstScreen = 'collect' | 'collection' | 'events' | 'event';

function trimmed(pathname: string): string {
  return pathname.replace(/\/+$/, '') || '/';
}

export function firstScreenOf(pathname: string): FirstScreen | null {
  const path = trimmed(pathname);
  if (path === ROUTES.collect) return 'collect';
  if (path === ROUTES.collection) return 'collection';
  if (path === ROUTES.events) return 'events';
  if (path === ROUTES.event || path.startsWith(`${ROUTES.event}/`)) return 'event';
  return null;
}

/** The chunks (by name) the screen at this address draws with; none for other screens. */
export function firstScreenChunks(pathname: string): string[] {
  switch (firstScreenOf(pathname)) {
    case 'collect':
      return ['route-collect'];
    case 'collection':
      return ['route-collection'];
    case 'events':
      return ['route-eventos'];
    case 'event': {
      const booth = trimmed(pathname).slice(ROUTES.event.length + 1);
      if (booth === 'nulo') return ['route-evento', 'route-evento-nulo'];
      return isMediaMode(booth) ? ['route-evento', 'route-evento-galeria'] : ['route-evento'];
    }
    default:
      return [];
  }
}
