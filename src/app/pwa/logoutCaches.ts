import { OFFLINE_CACHES } from '../../lib/offlineCaches';
import type { RootState } from '../../session';

interface StoreLike {
  getState(): Pick<RootState, 'auth'>;
  subscribe(listener: () => void): () => void;
}

/**
 * Calls `forget` whenever nobody is signed in any more: at a logout, and at start when the
 * visitor is already known to be signed out (a logout made before this module loaded, or a
 * session that expired). Replies saved for a user must not outlive their session on a shared
 * phone.
 */
export function watchSignOut(store: StoreLike, forget: () => void): () => void {
  let previous = store.getState().auth.identity.status;
  if (previous === 'signedOut') forget();
  return store.subscribe(() => {
    const current = store.getState().auth.identity.status;
    if (current === previous) return;
    previous = current;
    if (current === 'signedOut') forget();
  });
}

/**
 * Drops the API replies read with the user's token (the page shares CacheStorage with the service
 * worker); the anonymous ones (events, galleries anyone may see) stay for offline use.
 */
export async function forgetUserReplies(
  storage: Pick<CacheStorage, 'delete'> | undefined = globalThis.caches,
): Promise<void> {
  // No CacheStorage outside a secure context: then the worker never ran and kept nothing.
  if (!storage) return;
  await storage.delete(OFFLINE_CACHES.userApi).catch(() => false);
}
