import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { returnSearch, type LoginNavigationState } from '../lib/returnTo';
import { ROUTES } from '../../contract/routePaths';

/**
 * A link to the login page from a page that asks for one: the login brings the visitor back here.
 * The page rides in the navigation state (with its own state) and in the address too, which
 * survives where the state does not: the login page opened in another tab or browser.
 */
export function LoginLink({ children, className = 'button' }: { children: ReactNode; className?: string }) {
  const { pathname, search, state } = useLocation();
  const returnTo: LoginNavigationState = { returnTo: { pathname, search, state: state as unknown } };
  return (
    <Link
      className={className}
      to={{ pathname: ROUTES.login, search: returnSearch(pathname, search) }}
      state={returnTo}
    >
      {children}
    </Link>
  );
}
