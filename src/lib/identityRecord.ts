/**
 * Whether anyone may be signed in on this browser, as far as its storage tells without the
 * identity SDK (src/session/firebase/identityHint.ts adds the SDK's IndexedDB database, which
 * only an asynchronous call can see). The app keeps its own record of the identity service's
 * last answer; before there is one, the SDK keeps its user under `firebase:authUser:` keys.
 */

export const IDENTITY_HINT_KEY = 'cabine:signedIn';
const SDK_USER_KEY_PREFIX = 'firebase:authUser:';

/** What this needs of a Web Storage. */
export interface KeyStore {
  readonly length: number;
  key(index: number): string | null;
  getItem(key: string): string | null;
}

function holdsSdkUser(storage: KeyStore | null): boolean {
  if (!storage) return false;
  for (let index = 0; index < storage.length; index += 1) {
    if (storage.key(index)?.startsWith(SDK_USER_KEY_PREFIX)) return true;
  }
  return false;
}

/**
 * true: someone may be signed in; false: the service said nobody; null: storage cannot tell
 * (no record and no SDK key: only the SDK's database could still hold a user). A storage that
 * throws says true: when in doubt, someone may be.
 */
export function signedInByRecord(local: KeyStore | null, session: KeyStore | null): boolean | null {
  try {
    const recorded = local?.getItem(IDENTITY_HINT_KEY);
    if (recorded === '1') return true;
    if (recorded === '0') return false;
    return holdsSdkUser(local) || holdsSdkUser(session) ? true : null;
  } catch {
    return true;
  }
}
