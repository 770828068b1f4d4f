import { preloadCollectPage } from '../features/collect';
import { preloadCollectionPage } from '../features/collection';
import { preloadEventPage, preloadEventsListPage } from '../features/events';
import { ROUTES } from '../lib/routePaths';

/** The guest's screens a page may open on (a booth's QR code, a shared gallery, a reload). */
const FIRST_SCREENS: Array<{ matches: (pathname: string) => boolean; preload: () => Promise<unknown> }> = [
  { matches: (pathname) => pathname === ROUTES.collect, preload: preloadCollectPage },
  { matches: (pathname) => pathname === ROUTES.collection, preload: preloadCollectionPage },
  { matches: (pathname) => pathname === ROUTES.events, preload: preloadEventsListPage },
  { matches: (pathname) => pathname === ROUTES.event || pathname.startsWith(`${ROUTES.event}/`), preload: preloadEventPage },
];

/** How long the first render waits for its screen's code: past it, the screen shows 'Carregando...' meanwhile. */
export const FIRST_SCREEN_WAIT_MS = 3000;

/**
 * The code of the screen the page opens on, asked for before the first render: drawn at once when
 * it is here, the screen skips the 'Carregando...' round and React's hold on revealing what a
 * fallback stood for. Resolves when it is here, failed, or took too long; null for other screens.
 */
export function firstScreenReady(pathname: string, waitMs: number = FIRST_SCREEN_WAIT_MS): Promise<void> | null {
  const screen = FIRST_SCREENS.find(({ matches }) => matches(pathname.replace(/\/+$/, '') || '/'));
  if (!screen) return null;
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, waitMs);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    screen.preload().then(done, done);
  });
}
