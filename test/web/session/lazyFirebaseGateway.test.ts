import type { AuthUser, IdentityGateway } from '../../../src/api/identityGateway';
import { IDENTITY_HINT_KEY, identityHint, type IdentityHint } from '../../../src/session/firebase/identityHint';
import { lazyFirebaseGateway } from '../../../src/session/firebase/lazyFirebaseGateway';

const ANA: AuthUser = { uid: 'u1', email: 'ana@example.com', displayName: 'Ana', photoURL: '' };

/** The SDK as the lazy gateway sees it: who it says is signed in, and how often it was loaded. */
function fakeSdk(initial: AuthUser | null) {
  let user = initial;
  const listeners = new Set<(user: AuthUser | null) => void>();
  const gateway: IdentityGateway = {
    watch: async (listener) => {
      listeners.add(listener);
      listener(user);
      return () => listeners.delete(listener);
    },
    idToken: async () => (user ? `token-of-${user.uid}` : null),
    signInWithPassword: async () => {
      user = ANA;
      listeners.forEach((listener) => listener(user));
      return ANA;
    },
    signUpWithPassword: async () => ANA,
    signInWithGoogle: async () => ANA,
    signOut: async () => {
      user = null;
      listeners.forEach((listener) => listener(null));
    },
  };
  const load = jest.fn(async () => gateway);
  return { load, listeners };
}

function memoryHint(signedIn: boolean | null): IdentityHint & { recorded: boolean | null } {
  const hint = {
    recorded: signedIn,
    maybeSignedIn: async () => hint.recorded !== false,
    remember: (value: boolean) => {
      hint.recorded = value;
    },
  };
  return hint;
}

describe('lazyFirebaseGateway', () => {
  it('tells a browser where nobody can be signed in "nobody" without loading the SDK, and gives no token', async () => {
    const sdk = fakeSdk(null);
    const gateway = lazyFirebaseGateway({ hint: memoryHint(false), load: sdk.load });
    const heard: Array<AuthUser | null> = [];
    await gateway.watch((user) => heard.push(user));
    expect(heard).toEqual([null]);
    expect(await gateway.idToken()).toBeNull();
    expect(sdk.load).not.toHaveBeenCalled();
  });

  it('follows the service from the moment a sign-in loads it, and remembers the answer', async () => {
    const sdk = fakeSdk(null);
    const hint = memoryHint(false);
    const gateway = lazyFirebaseGateway({ hint, load: sdk.load });
    const heard: Array<AuthUser | null> = [];
    await gateway.watch((user) => heard.push(user));
    await gateway.signInWithPassword('ana@example.com', 'segredo123');
    await Promise.resolve();
    expect(sdk.load).toHaveBeenCalledTimes(1);
    expect(heard.at(-1)).toEqual(ANA);
    expect(hint.recorded).toBe(true);
    expect(await gateway.idToken()).toBe('token-of-u1');
    await gateway.signOut();
    expect(heard.at(-1)).toBeNull();
    expect(hint.recorded).toBe(false);
  });

  it('loads the SDK at once where someone may be signed in, and passes its answers on', async () => {
    const sdk = fakeSdk(ANA);
    const hint = memoryHint(null);
    const gateway = lazyFirebaseGateway({ hint, load: sdk.load });
    const heard: Array<AuthUser | null> = [];
    await gateway.watch((user) => heard.push(user));
    expect(heard).toEqual([ANA]);
    expect(hint.recorded).toBe(true);
    expect(await gateway.idToken()).toBe('token-of-u1');
    expect(sdk.load).toHaveBeenCalledTimes(1);
  });

  it('stops telling a listener that unsubscribed, before or after the SDK came', async () => {
    const sdk = fakeSdk(null);
    const gateway = lazyFirebaseGateway({ hint: memoryHint(false), load: sdk.load });
    const heard: Array<AuthUser | null> = [];
    const stop = await gateway.watch((user) => heard.push(user));
    stop();
    await gateway.signInWithPassword('ana@example.com', 'segredo123');
    await Promise.resolve();
    expect(heard).toEqual([null]);
    expect(sdk.listeners.size).toBe(0);
  });
});

describe('identityHint', () => {
  function storage(entries: Record<string, string> = {}): Storage {
    const map = new Map(Object.entries(entries));
    return {
      get length() {
        return map.size;
      },
      key: (index: number) => [...map.keys()][index] ?? null,
      getItem: (key: string) => map.get(key) ?? null,
      setItem: (key: string, value: string) => void map.set(key, value),
      removeItem: (key: string) => void map.delete(key),
      clear: () => map.clear(),
    };
  }
  const databases = (...names: string[]) => ({ databases: async () => names.map((name) => ({ name })) });

  it("trusts the app's own record of the service's last answer", async () => {
    expect(
      await identityHint({
        local: storage({ [IDENTITY_HINT_KEY]: '0' }),
        session: null,
        indexedDB: databases('firebaseLocalStorageDb'),
      }).maybeSignedIn(),
    ).toBe(false);
    expect(
      await identityHint({
        local: storage({ [IDENTITY_HINT_KEY]: '1' }),
        session: null,
        indexedDB: databases(),
      }).maybeSignedIn(),
    ).toBe(true);
  });

  it("without a record, looks for the service's own storage of a user", async () => {
    expect(
      await identityHint({ local: storage(), session: storage(), indexedDB: databases('other') }).maybeSignedIn(),
    ).toBe(false);
    expect(
      await identityHint({
        local: storage(),
        session: storage(),
        indexedDB: databases('firebaseLocalStorageDb'),
      }).maybeSignedIn(),
    ).toBe(true);
    expect(
      await identityHint({
        local: storage({ 'firebase:authUser:key:[DEFAULT]': '{}' }),
        session: null,
        indexedDB: databases(),
      }).maybeSignedIn(),
    ).toBe(true);
    expect(
      await identityHint({
        local: storage(),
        session: storage({ 'firebase:authUser:key:[DEFAULT]': '{}' }),
        indexedDB: databases(),
      }).maybeSignedIn(),
    ).toBe(true);
  });

  it('answers yes when nothing can tell', async () => {
    expect(await identityHint({ local: storage(), session: null, indexedDB: {} }).maybeSignedIn()).toBe(true);
    const failing = { databases: async () => Promise.reject(new Error('blocked')) };
    expect(await identityHint({ local: storage(), session: null, indexedDB: failing }).maybeSignedIn()).toBe(true);
  });

  it('records what the service said', async () => {
    const local = storage();
    const hint = identityHint({ local, session: null, indexedDB: databases('firebaseLocalStorageDb') });
    hint.remember(false);
    expect(local.getItem(IDENTITY_HINT_KEY)).toBe('0');
    expect(await hint.maybeSignedIn()).toBe(false);
    hint.remember(true);
    expect(await hint.maybeSignedIn()).toBe(true);
  });
});
