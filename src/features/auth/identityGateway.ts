import type { AuthUser } from './authSlice';

/**
 * The identity service as the app needs it. Production: Firebase, loaded on first use. Tests:
 * an in-memory fake. Errors carry the service's own `code` and `message` (SPEC section 8).
 */
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

/** Firebase, imported only when something asks for identity (never on the landing page). */
export function lazyFirebaseGateway(): IdentityGateway {
  const load = () => import(/* webpackChunkName: "firebase-auth" */ './firebaseGateway').then((m) => m.firebaseGateway);
  return {
    watch: async (listener) => (await load()).watch(listener),
    idToken: async () => (await load()).idToken(),
    signInWithPassword: async (email, password) => (await load()).signInWithPassword(email, password),
    signUpWithPassword: async (email, password, name) => (await load()).signUpWithPassword(email, password, name),
    signInWithGoogle: async () => (await load()).signInWithGoogle(),
    signOut: async () => (await load()).signOut(),
  };
}
