import type { IdentityGateway } from '../../api/identity';

/**
 * Firebase, imported only when something asks for identity (never on the landing page): the
 * SDK arrives in its own chunk the first time a screen needs to know who is signed in.
 */
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
