import { useLocation } from 'react-router-dom';
import { isBoothMode, type BoothMode } from '../../../contract/modes';
import { ROUTES } from '../../../contract/routePaths';

/**
 * The booth type of the current child route of the event page: the last segment of its path
 * (read from the address, since the app's declarative router has no route matches to ask).
 */
export function useBoothMode(): BoothMode | null {
  const { pathname } = useLocation();
  const prefix = `${ROUTES.event}/`;
  if (!pathname.toLowerCase().startsWith(prefix)) return null;
  // Route paths match whatever the case, and with a trailing slash.
  const mode = pathname.slice(prefix.length).replace(/\/$/, '').toLowerCase();
  return isBoothMode(mode) ? mode : null;
}
