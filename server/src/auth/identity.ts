import { initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import type { Identity } from '../domain/identity';

export interface IdentityVerifier {
  /** Resolves the identity of a token, or rejects when it is not valid. */
  verify(token: string): Promise<Identity>;
}

export class InvalidTokenError extends Error {}

/**
 * Firebase Authentication through firebase-admin. With FIREBASE_AUTH_EMULATOR_HOST set (local
 * runs and tests) the SDK checks tokens against the emulator.
 */
export function firebaseVerifier(projectId: string, emulatorHost: string | null): IdentityVerifier {
  if (emulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = emulatorHost;
  let app: App | null = null;
  const auth = () => {
    app ??= initializeApp({ projectId }, `verifier-${projectId}-${Math.random().toString(36).slice(2)}`);
    return getAuth(app);
  };
  return {
    async verify(token) {
      if (token.length > 4096) throw new InvalidTokenError('token too long');
      try {
        const decoded = await auth().verifyIdToken(token);
        return { uid: decoded.uid, email: (decoded.email ?? '').toLowerCase(), emailVerified: decoded.email_verified === true };
      } catch (error) {
        throw new InvalidTokenError((error as Error).message);
      }
    },
  };
}
