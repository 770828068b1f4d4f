// The base styles first: the screens' own styles (imported by the routes below) override them.
import './styles/base.css';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { firstScreenReady } from './app/firstScreen';
import { AppRoutes } from './app/routes';
import { makeStore } from './app/store';
import {
  browserCookieJar,
  ensureAgent,
  lazyFirebaseGateway,
  readPersistedState,
  sessionStarted,
  offlineQueueFlushRequested,
} from './session';
import { reloadPage } from './ui/pageReload';
import { whenIdle } from './ui/whenIdle';
import { storageOrNull } from './firstPaint/browserStorage';

/**
 * After the page has loaded and the browser is idle: what runs then (the service worker and its
 * banners) never competes with the first paint or the hydration.
 */
function whenSettled(task: () => void): void {
  const idle = () => void whenIdle(task);
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

function start(container: HTMLElement): void {
  const boot = ensureAgent({
    cookies: browserCookieJar,
    session: storageOrNull('sessionStorage'),
    reload: reloadPage,
  });
  if (boot.status === 'reloading') return;

  const storage = storageOrNull('localStorage');
  const persisted = readPersistedState(browserCookieJar, storage);
  const store = makeStore({
    preloadedState: { ...persisted, visitor: { ...persisted.visitor, agent: boot.agent } },
    cookies: browserCookieJar,
    storage,
    identity: lazyFirebaseGateway(),
  });
  // What booths made for this visitor while the page was closed joins the collection: once the
  // first screen is drawn, not before it.
  whenSettled(() => store.dispatch(sessionStarted()));
  // Collects, prints and leads made offline go out when the network returns (and at start: makeStore).
  window.addEventListener('online', () => store.dispatch(offlineQueueFlushRequested()));
  const app = (
    <StrictMode>
      <Provider store={store}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </Provider>
    </StrictMode>
  );
  // The landing page arrives rendered (scripts/build.ts): hydrate it rather than draw it again.
  if (container.firstElementChild) hydrateRoot(container, app);
  else {
    const root = createRoot(container);
    // Drawn as a transition: React yields to the browser every few milliseconds instead of
    // holding a cheap phone's main thread for the whole first screen (a tap still answers).
    const render = () => startTransition(() => root.render(app));
    const ready = firstScreenReady(window.location.pathname);
    if (ready) void ready.then(render);
    else render();
  }
  // Its own chunk, asked for once the page is interactive: the landing page loads none of it first.
  whenSettled(() => {
    import(/* webpackChunkName: "pwa" */ './app/pwa/startPwa')
      .then(({ startPwa }) => startPwa(store, { registerWorker: process.env.NODE_ENV === 'production' }))
      .catch((error: unknown) => console.warn('offline support not started', error));
  });
}

const container = document.getElementById('root');
// A task of its own: the app's modules were evaluated in this one, and a cheap phone's main
// thread is given back between the two (a tap or a paint may come in between).
if (container) setTimeout(() => start(container), 0);
