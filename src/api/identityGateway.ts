/**
 * The identity service as the app needs it (docs/product.md#sign-in-and-sign-up): the
 * contract, not the SDK. Production: Firebase, loaded on first use (src/session/firebase). Tests:
 * an in-memory fake. Errors carry the service's own `code` and `message` (docs/product.md#sign-in-and-sign-up).
 */

/** The signed-in user as the identity service describes them (serialisable fields only). */
export interface AuthUser {
  uid: string;
  email: string;
  displayName: string;
  photoURL: string;
}

export interface IdentityGateway {
  /** Calls `listener` now and on every sign-in or sign-out; returns the unsubscribe. */
  watch(listener: (user: AuthUser | null) => void): Promise<() => void>;
  /** A fresh ID token of the signed-in user, or null. */
  idToken(): Promise<string | null>;
  signInWithPassword(email: string, password: string): Promise<AuthUser>;
  signUpWithPassword(email: string, password: string, displayName?: string): Promise<AuthUser>;
  signInWithGoogle(): Promise<AuthUser>;
  signOut(): Promise<void>;
}

export class IdentityError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}
