import { createListenerMiddleware } from '@reduxjs/toolkit';
import type { AppDispatch, RootState } from './rootReducer';

/**
 * One listener middleware per store, with `startAppListening` typed by `withTypes`: the session
 * and each feature register their side effects through it (registerSessionListeners, a feature's
 * register function), without casts and without importing the store.
 */
export function createAppListener() {
  const listener = createListenerMiddleware();
  return {
    middleware: listener.middleware,
    startAppListening: listener.startListening.withTypes<RootState, AppDispatch>(),
  };
}

export type AppStartListening = ReturnType<typeof createAppListener>['startAppListening'];
