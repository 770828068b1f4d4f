import { initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import type { Identity } from '../domain/identity';

export interface VerifyOptions {
  /**
   * Also refuse a token whose account was disabled or whose sessions were revoked since it was
   * issued. It costs a call to the identity service, so only the routes that hand out roles'
   * powers ask for it (auth/guard.ts). The emulator checks this on every token anyway.
   */
  checkRevoked?: boolean;
}

export interface IdentityVerifier {
  /** Resolves the identity of a token, or rejects when it is not valid. */
  verify(token: string, options?: VerifyOptions): Promise<Identity>;
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
    async verify(token, options = {}) {
      if (token.length > 4096) throw new InvalidTokenError('token too long');
      try {
        const decoded = await auth().verifyIdToken(token, options.checkRevoked === true);
        return { uid: decoded.uid, email: (decoded.email ?? '').toLowerCase(), emailVerified: decoded.email_verified === true };
      } catch (error) {
        throw new InvalidTokenError((error as Error).message);
      }
    },
  };
}
