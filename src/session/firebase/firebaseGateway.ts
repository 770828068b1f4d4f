import {
  browserPopupRedirectResolver,
  createUserWithEmailAndPassword,
  GoogleAuthProvider,
  onAuthStateChanged,
  signInWithEmailAndPassword,
  signInWithPopup,
  signOut,
  updateProfile,
  type User,
} from 'firebase/auth';
import { IdentityError, type AuthUser, type IdentityGateway } from '../../api/identityGateway';
import { firebaseAuth } from './firebaseClient';

function toAuthUser(user: User): AuthUser {
  return { uid: user.uid, email: user.email ?? '', displayName: user.displayName ?? '', photoURL: user.photoURL ?? '' };
}

/** Firebase errors keep their code and message; anything else becomes one. */
async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const { code, message } = error as { code?: string; message?: string };
    throw new IdentityError(code ?? 'auth/unknown', message ?? String(error));
  }
}

export const firebaseGateway: IdentityGateway = {
  async watch(listener) {
    return onAuthStateChanged(firebaseAuth(), (user) => listener(user ? toAuthUser(user) : null));
  },
  async idToken() {
    const user = firebaseAuth().currentUser;
    return user ? user.getIdToken() : null;
  },
  signInWithPassword: (email, password) =>
    guarded(async () => toAuthUser((await signInWithEmailAndPassword(firebaseAuth(), email, password)).user)),
  signUpWithPassword: (email, password, displayName) =>
    guarded(async () => {
      const { user } = await createUserWithEmailAndPassword(firebaseAuth(), email, password);
      if (displayName) await updateProfile(user, { displayName });
      return toAuthUser(user);
    }),
  // The resolver (and Google's script with it) only for this: see firebaseClient.
  signInWithGoogle: () =>
    guarded(async () =>
      toAuthUser((await signInWithPopup(firebaseAuth(), new GoogleAuthProvider(), browserPopupRedirectResolver)).user),
    ),
  signOut: () => guarded(() => signOut(firebaseAuth())),
};
