import { SKIP_WAITING_MESSAGE } from '../../lib/serviceWorkerMessages';
import type { WorkerLifecycle } from './updateFlow';

/** What this needs of navigator.serviceWorker (a fake in tests). */
export type WorkerContainer = Pick<ServiceWorkerContainer, 'controller' | 'register' | 'addEventListener'>;

type Listener = Parameters<WorkerLifecycle['addEventListener']>[1];

/**
 * The service worker's life as the update prompt follows it (updateFlow.ts), from the browser's
 * own API: a release that installs while another controls the page waits (or was waiting when
 * the page opened), is told to take over, and takes control. workbox-window did the same for
 * 2 KB gzip, which every visit downloaded right after the landing page.
 */
export function serviceWorkerLifecycle(
  container: WorkerContainer,
  url: string,
): WorkerLifecycle & { register(): Promise<void> } {
  const waiting = new Set<() => void>();
  const controlling = new Set<(event: { isUpdate?: boolean }) => void>();
  // A worker taking control of a page that another one ran when it opened is a new release;
  // the first install claiming the page is not.
  const isUpdate = container.controller !== null;
  let registration: ServiceWorkerRegistration | null = null;
  const watched = new WeakSet<ServiceWorker>();

  const announceWaiting = () => waiting.forEach((listener) => listener());
  const watch = (worker: ServiceWorker | null) => {
    if (!worker || watched.has(worker)) return;
    watched.add(worker);
    worker.addEventListener('statechange', () => {
      // With nobody in control it activates at once (the first install): nothing to offer.
      if (worker.state === 'installed' && container.controller) announceWaiting();
    });
  };
  container.addEventListener('controllerchange', () => controlling.forEach((listener) => listener({ isUpdate })));

  return {
    addEventListener(type: 'waiting' | 'controlling', listener: Listener) {
      if (type === 'waiting') waiting.add(listener as () => void);
      else controlling.add(listener);
    },
    messageSkipWaiting() {
      registration?.waiting?.postMessage({ type: SKIP_WAITING_MESSAGE });
    },
    async register() {
      const registered = await container.register(url, { scope: '/' });
      registration = registered;
      if (registered.waiting && container.controller) announceWaiting();
      watch(registered.installing);
      registered.addEventListener('updatefound', () => watch(registered.installing));
    },
  };
}
