import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import type { LoginNavigationState } from '../lib/returnTo';
import { ROUTES } from '../../contract/routePaths';

/** A link to the login page from a page that asks for one: the login brings the visitor back here. */
export function LoginLink({ children, className = 'button' }: { children: ReactNode; className?: string }) {
  const { pathname, search, state } = useLocation();
  const returnTo: LoginNavigationState = { returnTo: { pathname, search, state: state as unknown } };
  return (
    <Link className={className} to={ROUTES.login} state={returnTo}>
      {children}
    </Link>
  );
}
