import { preloadCollectPage } from '../features/collect';
import { preloadCollectionPage } from '../features/collection';
import { preloadEventPage, preloadEventsListPage } from '../features/events';
import { firstScreenOf, type FirstScreen } from '../../contract/firstPaint/firstScreens';

/** The guest's screens a page may open on (contract/firstPaint/firstScreens.ts) and how each asks for its code. */
const PRELOAD: Record<FirstScreen, () => Promise<unknown>> = {
  collect: preloadCollectPage,
  collection: preloadCollectionPage,
  events: preloadEventsListPage,
  event: preloadEventPage,
};

/** How long the first render waits for its screen's code: past it, the screen shows 'Carregando...' meanwhile. */
const FIRST_SCREEN_WAIT_MS = 3000;

/**
 * The code of the screen the page opens on, asked for before the first render: drawn at once when
 * it is here, the screen skips the 'Carregando...' round and React's hold on revealing what a
 * fallback stood for. Resolves when it is here, failed, or took too long; null for other screens.
 */
export function firstScreenReady(pathname: string, waitMs: number = FIRST_SCREEN_WAIT_MS): Promise<void> | null {
  const screen = firstScreenOf(pathname);
  if (!screen) return null;
  const preload = PRELOAD[screen];
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, waitMs);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    preload().then(done, done);
  });
}
