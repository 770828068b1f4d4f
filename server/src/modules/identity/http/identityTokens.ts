import { initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import type { Identity } from '../identity';

export interface VerifyOptions {
  /**
   * Also refuse a token whose account was disabled or whose sessions were revoked since it was
   * issued. It costs a call to the identity service, so only the routes that hand out roles'
   * powers ask for it (modules/identity/http/authGuard.ts). The emulator checks this on every token anyway.
   */
  checkRevoked?: boolean;
}

export interface IdentityVerifier {
  /** Resolves the identity of a token, or rejects when it is not valid. */
  verify(token: string, options?: VerifyOptions): Promise<Identity>;
}

/** A token the identity service refused; `code` is firebase-admin's (e.g. `auth/id-token-expired`). */
export class InvalidTokenError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

/**
 * Codes that mean the identity service could not be asked (firebase-admin's `app/network-*`, or
 * a socket error): only these make a 503. Everything else about a token is the caller's (401),
 * whatever the message says: a header `{"alg":"network"}` must not pass for an outage.
 */
const UNAVAILABLE_CODES = new Set([
  'app/network-error',
  'app/network-timeout',
  'auth/network-request-failed',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** Whether a verifier's rejection says the identity service is unreachable (by code, never by message). */
export function isIdentityServiceUnavailable(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' && UNAVAILABLE_CODES.has(code);
}

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
        return {
          uid: decoded.uid,
          email: (decoded.email ?? '').toLowerCase(),
          emailVerified: decoded.email_verified === true,
        };
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        throw new InvalidTokenError((error as Error).message, typeof code === 'string' ? code : undefined);
      }
    },
  };
}
