/**
 * Whether anyone may be signed in on this browser, known without the identity SDK: most guests
 * at a party never sign in, and the SDK is the heaviest script a page would load for them.
 *
 * The app keeps its own record of the last answer the identity service gave on this browser.
 * Before there is one (a first visit, or a sign-in made before this record existed), the
 * service's own storage tells: its user is kept under `firebase:authUser:` keys in local or
 * session storage, or in its IndexedDB database. When nothing can tell, the answer is yes.
 */
export interface IdentityHint {
  maybeSignedIn(): Promise<boolean>;
  /** What the identity service just said. */
  remember(signedIn: boolean): void;
}

export const IDENTITY_HINT_KEY = 'cabine:signedIn';
const SDK_USER_KEY_PREFIX = 'firebase:authUser:';
const SDK_DATABASE = 'firebaseLocalStorageDb';

interface DatabaseLister {
  databases?: () => Promise<Array<{ name?: string }>>;
}

export interface IdentityHintSources {
  local: Storage | null;
  session: Storage | null;
  indexedDB: DatabaseLister | null;
}

function holdsSdkUser(storage: Storage | null): boolean {
  if (!storage) return false;
  for (let index = 0; index < storage.length; index += 1) {
    if (storage.key(index)?.startsWith(SDK_USER_KEY_PREFIX)) return true;
  }
  return false;
}

async function sdkDatabaseMayExist(lister: DatabaseLister | null): Promise<boolean> {
  if (!lister?.databases) return true;
  const databases = await lister.databases();
  return databases.some((database) => database.name === SDK_DATABASE);
}

export function identityHint({ local, session, indexedDB }: IdentityHintSources): IdentityHint {
  return {
    async maybeSignedIn() {
      try {
        const recorded = local?.getItem(IDENTITY_HINT_KEY);
        if (recorded === '1') return true;
        if (recorded === '0') return false;
        return holdsSdkUser(local) || holdsSdkUser(session) || (await sdkDatabaseMayExist(indexedDB));
      } catch {
        return true;
      }
    },
    remember(signedIn) {
      try {
        local?.setItem(IDENTITY_HINT_KEY, signedIn ? '1' : '0');
      } catch {
        // Storage refused (private mode, full): the next page asks the service itself.
      }
    },
  };
}

function storageOrNull(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return globalThis[kind] ?? null;
  } catch {
    return null;
  }
}

export function browserIdentityHint(): IdentityHint {
  return identityHint({
    local: storageOrNull('localStorage'),
    session: storageOrNull('sessionStorage'),
    indexedDB: typeof indexedDB === 'undefined' ? null : (indexedDB as DatabaseLister),
  });
}
