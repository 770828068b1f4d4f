import { IdentityError, type AuthUser, type IdentityGateway } from '../../src/api/identityGateway';

export interface FakeIdentity extends IdentityGateway {
  /** Tokens handed out so far. */
  tokens: string[];
  current: AuthUser | null;
  /** Signs a user in or out from outside, as the SDK would report it. */
  emit(user: AuthUser | null): void;
}

export const ANA: AuthUser = { uid: 'u-ana', email: 'ana@example.com', displayName: 'Ana', photoURL: '' };

/** An in-memory identity service: `signedInAs` starts with that user signed in. */
export function fakeIdentity({
  signedInAs = null,
  token,
}: { signedInAs?: AuthUser | null; token?: string | null } = {}): FakeIdentity {
  const listeners = new Set<(user: AuthUser | null) => void>();
  let n = 0;
  const fake: FakeIdentity = {
    tokens: [],
    current: signedInAs,
    emit(user) {
      fake.current = user;
      listeners.forEach((l) => l(user));
    },
    async watch(listener) {
      listeners.add(listener);
      listener(fake.current);
      return () => listeners.delete(listener);
    },
    async idToken() {
      if (!fake.current) return null;
      if (token === null) return null;
      const value = token ?? `token-${(n += 1)}`;
      fake.tokens.push(value);
      return value;
    },
    async signInWithPassword(email) {
      if (email.includes('wrong'))
        throw new IdentityError('auth/invalid-credential', 'Firebase: Error (auth/invalid-credential).');
      fake.emit({ ...ANA, email });
      return { ...ANA, email };
    },
    async signUpWithPassword(email, _password, displayName) {
      const user = { ...ANA, uid: `u-${email}`, email, displayName: displayName ?? '' };
      fake.emit(user);
      return user;
    },
    async signInWithGoogle() {
      fake.emit(ANA);
      return ANA;
    },
    async signOut() {
      fake.emit(null);
    },
  };
  return fake;
}
