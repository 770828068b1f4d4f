import { updateChannel, type UpdateSource } from './sources';

/** What the update prompt needs of the service worker's life (serviceWorkerLifecycle.ts; a fake in tests). */
export interface WorkerLifecycle {
  addEventListener(type: 'waiting', listener: () => void): void;
  addEventListener(type: 'controlling', listener: (event: { isUpdate?: boolean }) => void): void;
  messageSkipWaiting(): void;
}

/**
 * A new release takes over without a stale page: it waits until the guest taps 'Atualizar', then
 * the page reloads once when the release controls it. When another tab let it take over first,
 * 'Atualizar' here only reloads: the page still runs the old release's code.
 */
export function updateFlow(worker: WorkerLifecycle, reload: () => void): UpdateSource {
  let reloadAsked = false;
  let tookOver = false;
  const channel = updateChannel(() => {
    if (tookOver) {
      reload();
      return;
    }
    reloadAsked = true;
    worker.messageSkipWaiting();
  });
  worker.addEventListener('waiting', () => channel.announceWaiting());
  worker.addEventListener('controlling', (event) => {
    // The very first install taking the page (clients.claim) is no new release.
    if (!event.isUpdate) return;
    tookOver = true;
    if (!reloadAsked) return;
    reloadAsked = false;
    reload();
  });
  return channel;
}
