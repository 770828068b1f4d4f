import type { AuthUser } from '../api/identityGateway';
import type { NewAccount } from '../../contract/wire';
import { accountSyncApi } from './accountSyncApi';
import type { AppDispatch, GetState } from '../store/rootReducer';
import { accountLinked, signedIn } from './authSlice';
import { accountListsAdopted } from './sessionActions';
import { selectSession } from './sessionView';

/** What the signup form adds to what the identity service knows of a user. */
export type Profile = Omit<NewAccount, 'agent' | 'transactions' | 'email'>;

export type SignInOutcome = { linked: true; created: boolean } | { linked: false; error: unknown };

/**
 * After the identity service said yes (docs/product.md#sign-in-and-sign-up): the session takes the
 * user, then the account is created with the visitor's cookie lists; when it already exists,
 * the lists are merged into it and the cookies take the account's lists. Signed in either way:
 * a failure only means the lists merge on a later visit.
 */
export function completeSignIn(user: AuthUser, profile: Partial<Profile> = {}) {
  return async (dispatch: AppDispatch, getState: GetState): Promise<SignInOutcome> => {
    dispatch(signedIn(user));
    try {
      const { agent, collection, packs, events } = selectSession(getState());
      const lists = { collection: [...collection], packs: [...packs], events: [...events] };
      const account: NewAccount = {
        email: user.email,
        displayName: profile.displayName || user.displayName,
        photoURL: profile.photoURL || user.photoURL,
        phone: profile.phone ?? '',
        tiktok: profile.tiktok ?? '',
        instagram: profile.instagram ?? '',
        agent,
        transactions: [],
      };
      const created = await dispatch(accountSyncApi.endpoints.createAccount.initiate({ account, lists })).unwrap();
      if (created === 'already_exists') {
        dispatch(accountListsAdopted(await dispatch(accountSyncApi.endpoints.updateAccount.initiate(lists)).unwrap()));
      }
      return { linked: true, created: created === 'ok' };
    } catch (error) {
      return { linked: false, error };
    } finally {
      dispatch(accountLinked());
    }
  };
}
