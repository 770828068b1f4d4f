import type { NewAccount } from '../../api/wire';
import type { AppDispatch, RootState } from '../../app/store';
import { orderLinked } from '../auth/authSlice';
import { collectionReplaced } from '../collection/collectionSlice';
import { packsReplaced } from '../packs/packsSlice';
import { eventsReplaced } from '../visitor/visitorSlice';
import { accountApi } from './accountApi';

export type Profile = Omit<NewAccount, 'agent' | 'transactions'>;

/**
 * After a sign-in or sign-up (SPEC section 4, "Account creation"): the account is created with
 * the visitor's cookie lists; when it already exists, the lists are merged into it and the
 * cookies take the account's lists. An order placed while signed out is then tied to it.
 */
export function linkAccount(profile: Profile) {
  return async (dispatch: AppDispatch, getState: () => RootState): Promise<'ok' | 'already_exists'> => {
    const state = getState();
    const lists = { collection: state.collection.items, packs: state.packs.hashes, events: state.visitor.events };
    const account: NewAccount = { ...profile, agent: state.visitor.agent, transactions: [] };
    const created = await dispatch(accountApi.endpoints.createAccount.initiate({ account, lists })).unwrap();
    if (created === 'already_exists') {
      const merged = await dispatch(accountApi.endpoints.updateAccount.initiate(lists)).unwrap();
      dispatch(collectionReplaced(merged.collection));
      dispatch(packsReplaced(merged.packs));
      dispatch(eventsReplaced(merged.events));
    }
    const pending = getState().auth.pendingTransaction;
    if (pending) {
      await dispatch(accountApi.endpoints.setTransaction.initiate(pending)).unwrap();
      dispatch(orderLinked());
    }
    return created;
  };
}
