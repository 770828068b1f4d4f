/**
 * The installable, offline-first part of the app, loaded on its own after the page is
 * interactive (src/main.tsx): registers the service worker, shows the connection banner and the
 * update prompt, and drops the user's saved API replies when they sign out.
 */
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { reloadPage } from '../../ui/pageReload';
import { forgetUserReplies, watchSignOut } from './logoutCaches';
import { PwaStatus } from './PwaStatus';
import { serviceWorkerLifecycle } from './serviceWorkerLifecycle';
import { browserConnection, updateChannel, type UpdateSource } from './sources';
import { updateFlow } from './updateFlow';
import { whenVisitorPauses } from './visitorPause';
import type { AppStore } from '../store';

export interface PwaOptions {
  /** Production builds only: `npm run dev` rebuilds chunks that a worker would keep serving stale. */
  registerWorker: boolean;
}

function registerWorker(): UpdateSource {
  const worker = serviceWorkerLifecycle(navigator.serviceWorker, '/sw.js');
  const updates = updateFlow(worker, reloadPage);
  // Its install (or a release's) downloads and compiles every screen's code: once the visitor pauses.
  whenVisitorPauses(() =>
    worker.register().catch((error: unknown) => console.warn('service worker not registered', error)),
  );
  return updates;
}

export function startPwa(store: AppStore, { registerWorker: register }: PwaOptions): void {
  const canRegister = register && 'serviceWorker' in navigator;
  const updates = canRegister ? registerWorker() : updateChannel(() => undefined);
  watchSignOut(store, () => void forgetUserReplies());
  const host = document.createElement('div');
  host.id = 'pwa-status';
  // Before the app, in the page's flow: the banner pushes the page down instead of covering it.
  const app = document.getElementById('root');
  if (app) app.before(host);
  else document.body.append(host);
  createRoot(host).render(
    <Provider store={store}>
      <PwaStatus connection={browserConnection()} updates={updates} />
    </Provider>,
  );
}
