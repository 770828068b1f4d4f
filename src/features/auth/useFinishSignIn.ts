import { useNavigate } from 'react-router-dom';
import { errorMessage } from '../../api/apiSlice';
import { useAppDispatch } from '../../app/hooks';
import { ROUTES } from '../../app/routePaths';
import { notify } from '../../ui/notify';
import { linkAccount, type Profile } from '../account/linkAccount';
import type { AuthUser } from './authSlice';
import { signedIn } from './authSlice';

/** After the identity service said yes: tie the visitor's lists to the account, then /account. */
export function useFinishSignIn() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return async (user: AuthUser, profile: Partial<Profile> = {}) => {
    dispatch(signedIn(user));
    try {
      await dispatch(
        linkAccount({
          email: user.email,
          displayName: profile.displayName || user.displayName,
          photoURL: profile.photoURL || user.photoURL,
          phone: profile.phone ?? '',
          tiktok: profile.tiktok ?? '',
          instagram: profile.instagram ?? '',
        }),
      );
    } catch (error) {
      // Signed in all the same; the lists will merge on the next visit.
      console.error('linking the account failed', error);
      notify(`Entramos, mas não foi possível sincronizar sua coleção: ${errorMessage(error)}`);
    }
    navigate(ROUTES.account);
  };
}
