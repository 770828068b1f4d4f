import { initializeApp } from 'firebase/app';
import {
  browserLocalPersistence,
  browserSessionPersistence,
  connectAuthEmulator,
  indexedDBLocalPersistence,
  initializeAuth,
  type Auth,
} from 'firebase/auth';
import { runtimeConfig } from '../../api/runtimeConfigReader';

/**
 * The identity service's client, created on first use: only screens that need a user load this
 * module (and the Firebase SDK with it).
 *
 * Made with `initializeAuth` and no popup/redirect resolver, unlike `getAuth`: with one, every
 * page on a phone (or Safari) loads Google's sign-in script (apis.google.com, the gapi iframe)
 * up front. The resolver is given to `signInWithPopup` alone (firebaseGateway), so the script
 * loads only when someone taps "Entrar com Google". The persistences are getAuth's.
 */
let auth: Auth | null = null;

export function firebaseAuth(): Auth {
  if (auth) return auth;
  const settings = runtimeConfig().firebase;
  const app = initializeApp({
    apiKey: settings.apiKey,
    authDomain: settings.authDomain || undefined,
    projectId: settings.projectId,
  });
  auth = initializeAuth(app, {
    persistence: [indexedDBLocalPersistence, browserLocalPersistence, browserSessionPersistence],
  });
  const emulator = settings.authEmulatorUrl;
  if (emulator) connectAuthEmulator(auth, emulator, { disableWarnings: true });
  return auth;
}
