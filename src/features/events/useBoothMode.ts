import { useMatches } from 'react-router-dom';
import { isBoothMode, type BoothMode } from '../../lib/modes';

/** The booth type of the current child route of the event page (its route handle). */
export function useBoothMode(): BoothMode | null {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i].handle as { mode?: unknown } | undefined;
    if (isBoothMode(handle?.mode)) return handle.mode;
  }
  return null;
}
