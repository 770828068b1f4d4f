import { initializeApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, type Auth } from 'firebase/auth';

/**
 * The identity service's client, created on first use: only screens that need a user load this
 * module (and the Firebase SDK with it).
 */
let auth: Auth | null = null;

export function firebaseAuth(): Auth {
  if (auth) return auth;
  const app = initializeApp({
    apiKey: process.env.FIREBASE_API_KEY || 'demo-api-key',
    authDomain: process.env.FIREBASE_AUTH_DOMAIN || undefined,
    projectId: process.env.FIREBASE_PROJECT_ID || 'demo-cabine',
  });
  auth = getAuth(app);
  const emulator = process.env.FIREBASE_AUTH_EMULATOR_URL;
  if (emulator) connectAuthEmulator(auth, emulator, { disableWarnings: true });
  return auth;
}
