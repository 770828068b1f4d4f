import type { RootState } from '../../session';

interface StoreLike {
  getState(): Pick<RootState, 'session'>;
  subscribe(listener: () => void): () => void;
}

/**
 * Calls `forget` whenever nobody is signed in any more: at a logout, and at start when the
 * visitor is already known to be signed out (a logout made before this module loaded, or a
 * session that expired). Replies saved for a user must not outlive their session on a shared
 * phone (issue 15).
 */
export function watchSignOut(store: StoreLike, forget: () => void): () => void {
  let previous = store.getState().session.identity.status;
  if (previous === 'signedOut') forget();
  return store.subscribe(() => {
    const current = store.getState().session.identity.status;
    if (current === previous) return;
    previous = current;
    if (current === 'signedOut') forget();
  });
}
