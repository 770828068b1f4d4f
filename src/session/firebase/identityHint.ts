import { IDENTITY_HINT_KEY, signedInByRecord } from '../../lib/identityRecord';

export { IDENTITY_HINT_KEY } from '../../lib/identityRecord';

/**
 * Whether anyone may be signed in on this browser, known without the identity SDK: most guests
 * at a party never sign in, and the SDK is the heaviest script a page would load for them.
 *
 * The app's own record of the service's last answer, else the SDK's keys in storage
 * (src/lib/identityRecord.ts), else its IndexedDB database. When nothing can tell, the answer is yes.
 */
export interface IdentityHint {
  maybeSignedIn(): Promise<boolean>;
  /** What the identity service just said. */
  remember(signedIn: boolean): void;
}

const SDK_DATABASE = 'firebaseLocalStorageDb';

interface DatabaseLister {
  databases?: () => Promise<Array<{ name?: string }>>;
}

export interface IdentityHintSources {
  local: Storage | null;
  session: Storage | null;
  indexedDB: DatabaseLister | null;
}

async function sdkDatabaseMayExist(lister: DatabaseLister | null): Promise<boolean> {
  if (!lister?.databases) return true;
  const databases = await lister.databases();
  return databases.some((database) => database.name === SDK_DATABASE);
}

export function identityHint({ local, session, indexedDB }: IdentityHintSources): IdentityHint {
  return {
    async maybeSignedIn() {
      const known = signedInByRecord(local, session);
      if (known !== null) return known;
      try {
        return await sdkDatabaseMayExist(indexedDB);
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
