import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { OPEN_WHILE_LOGIN_REQUIRED, ROUTES } from '../../contract/routePaths';
import { selectLoginRequired, useAppSelector } from '../session';
import { useHydrated } from '../ui/useHydrated';

function normalise(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/** While an order waits for a sign-in, every page but login, signup and account leads to /account. */
export function LoginRequiredGuard({ children }: { children: ReactNode }) {
  // A selector, not useSession(): this guard is on every page, the landing page included, which
  // must not load the identity SDK.
  const loginRequired = useAppSelector(selectLoginRequired);
  // The flag comes from the cookies, which the landing page rendered at build time never saw: it
  // is followed once that page is hydrated, not in the render that must match it.
  const hydrated = useHydrated();
  const { pathname } = useLocation();
  if (hydrated && loginRequired && !OPEN_WHILE_LOGIN_REQUIRED.includes(normalise(pathname))) {
    return <Navigate to={ROUTES.account} replace />;
  }
  return children;
}
