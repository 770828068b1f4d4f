import { initializeApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, type Auth } from 'firebase/auth';
import { runtimeConfig } from '../../api/runtimeConfig';

/**
 * The identity service's client, created on first use: only screens that need a user load this
 * module (and the Firebase SDK with it).
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
  auth = getAuth(app);
  const emulator = settings.authEmulatorUrl;
  if (emulator) connectAuthEmulator(auth, emulator, { disableWarnings: true });
  return auth;
}
