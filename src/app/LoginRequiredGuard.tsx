import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { OPEN_WHILE_LOGIN_REQUIRED, ROUTES } from '../../contract/routePaths';
import { selectLoginRequired, useAppSelector } from '../session';

function normalise(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/** While an order waits for a sign-in, every page but login, signup and account leads to /account. */
export function LoginRequiredGuard({ children }: { children: ReactNode }) {
  // A selector, not useSession(): this guard is on every page, the landing page included, which
  // must not load the identity SDK.
  const loginRequired = useAppSelector(selectLoginRequired);
  const { pathname } = useLocation();
  if (loginRequired && !OPEN_WHILE_LOGIN_REQUIRED.includes(normalise(pathname))) {
    return <Navigate to={ROUTES.account} replace />;
  }
  return children;
}
