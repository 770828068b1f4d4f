import { api } from '../api/apiSlice';
import { identityApi } from './identityApi';
import type { AppDispatch } from '../store/rootReducer';
import { loggedOut } from './sessionActions';

/**
 * Logging out (docs/product.md#account: 'Conta' logs out and goes to /): the identity service forgets the user, then
 * the device forgets what came from the account, its lists and every cached server reply about it.
 * Answers whether the identity service agreed; on a refusal nothing is forgotten.
 */
export function logOut() {
  return async (dispatch: AppDispatch): Promise<boolean> => {
    const result = await dispatch(identityApi.endpoints.signOut.initiate());
    if ('error' in result) return false;
    dispatch(loggedOut());
    dispatch(api.util.resetApiState());
    return true;
  };
}
