import type { AuthUser, IdentityGateway } from '../../api/identityGateway';
import { browserIdentityHint, type IdentityHint } from './identityHint';

type Listener = (user: AuthUser | null) => void;

interface Follower {
  listener: Listener;
  active: boolean;
  stop: (() => void) | null;
}

export interface LazyGatewayOptions {
  hint?: IdentityHint;
  load?: () => Promise<IdentityGateway>;
}

const loadFirebase = () =>
  import(/* webpackChunkName: "firebase-auth" */ './firebaseGateway').then((m) => m.firebaseGateway);

/**
 * Firebase, imported only when it has something to say (never on the landing page): a screen
 * that asks who is signed in, on a browser where nobody can be (identityHint.ts), is told
 * "nobody" without the SDK, and followed from the moment a sign-in loads it.
 */
export function lazyFirebaseGateway({
  hint = browserIdentityHint(),
  load = loadFirebase,
}: LazyGatewayOptions = {}): IdentityGateway {
  let loaded: Promise<IdentityGateway> | null = null;
  const waiting = new Set<Follower>();

  const follow = async (gateway: IdentityGateway, follower: Follower) => {
    const stop = await gateway.watch((user) => {
      hint.remember(user !== null);
      if (follower.active) follower.listener(user);
    });
    if (follower.active) follower.stop = stop;
    else stop();
  };

  const sdk = () =>
    (loaded ??= load().then((gateway) => {
      // Whoever was told "nobody" hears the service itself from now on.
      for (const follower of waiting) void follow(gateway, follower);
      waiting.clear();
      return gateway;
    }));

  /** True when nobody can be signed in here and the SDK is not loaded: answer without it. */
  const nobodyHere = async () => loaded === null && !(await hint.maybeSignedIn()) && loaded === null;

  return {
    async watch(listener) {
      const follower: Follower = { listener, active: true, stop: null };
      const unsubscribe = () => {
        follower.active = false;
        waiting.delete(follower);
        follower.stop?.();
      };
      if (await nobodyHere()) {
        waiting.add(follower);
        listener(null);
        return unsubscribe;
      }
      await follow(await sdk(), follower);
      return unsubscribe;
    },
    idToken: async () => ((await nobodyHere()) ? null : (await sdk()).idToken()),
    signInWithPassword: async (email, password) => (await sdk()).signInWithPassword(email, password),
    signUpWithPassword: async (email, password, name) => (await sdk()).signUpWithPassword(email, password, name),
    signInWithGoogle: async () => (await sdk()).signInWithGoogle(),
    signOut: async () => (await sdk()).signOut(),
  };
}
