import { forgetUserReplies, watchSignOut } from '../../../../src/app/pwa/logoutCaches';
import { makeStore } from '../../../../src/app/store';
import { OFFLINE_CACHES } from '../../../../src/lib/offlineCaches';
import { logOut, type Identity } from '../../../../src/session';
import { withSession } from '../../../support/session';
import { ANA, fakeIdentity } from '../../../support/fakeIdentity';

function storeWith(identity: Identity) {
  const gateway = fakeIdentity({ signedInAs: identity.status === 'signedIn' ? identity.user : null });
  return makeStore({ preloadedState: withSession({ identity }), identity: gateway });
}

describe("the user's saved replies at logout", () => {
  it('are dropped when the user logs out, and only then', async () => {
    const store = storeWith({ status: 'signedIn', user: ANA });
    const forget = jest.fn();
    watchSignOut(store, forget);
    expect(forget).not.toHaveBeenCalled();

    expect(await store.dispatch(logOut())).toBe(true);
    expect(forget).toHaveBeenCalledTimes(1);
  });

  it('are dropped at start when nobody is signed in any more, and kept while that is not known yet', () => {
    const forget = jest.fn();
    watchSignOut(storeWith({ status: 'signedOut' }), forget);
    expect(forget).toHaveBeenCalledTimes(1);

    const undecided = jest.fn();
    watchSignOut(storeWith({ status: 'unknown' }), undecided);
    expect(undecided).not.toHaveBeenCalled();
  });

  it("empties the token-read cache only: an anonymous guest's events stay for offline use", async () => {
    const storage = { delete: jest.fn(async () => true) };
    await forgetUserReplies(storage);
    expect(storage.delete.mock.calls).toEqual([[OFFLINE_CACHES.userApi]]);
  });

  it('does nothing where the browser has no CacheStorage', async () => {
    await expect(forgetUserReplies(undefined)).resolves.toBeUndefined();
  });
});
