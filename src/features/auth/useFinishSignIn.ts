import { useLocation, useNavigate } from 'react-router-dom';
import type { AuthUser } from '../../api/identityGateway';
import { errorMessage } from '../../api/apiError';
import { returnToAfterLogin } from '../../lib/returnTo';
import { ROUTES } from '../../../contract/routePaths';
import { completeSignIn, useAppDispatch, type Profile } from '../../session';
import { notify } from '../../ui/notify';

/**
 * After the identity service said yes: the session ties the visitor's lists to the account, then
 * back to the page that asked for the login (named by the navigation state, or by the address's
 * `volta` when the state was lost on the way), or /account (docs/product.md#sign-in-and-sign-up) when none did.
 */
export function useFinishSignIn() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const returnTo = returnToAfterLogin(location.state, location.search);
  return async (user: AuthUser, profile: Partial<Profile> = {}) => {
    const outcome = await dispatch(completeSignIn(user, profile));
    if (!outcome.linked) {
      // Signed in all the same; the lists will merge on the next visit.
      console.error('linking the account failed', outcome.error);
      notify(`Entramos, mas não foi possível sincronizar sua coleção: ${errorMessage(outcome.error)}`);
    }
    if (returnTo) void navigate(`${returnTo.pathname}${returnTo.search}`, { state: returnTo.state, replace: true });
    else void navigate(ROUTES.account);
  };
}
