import { ROUTES } from '../../contract/routePaths';

/** Where a page that asked for a login was, so that the login can bring the visitor back. */
export interface ReturnTo {
  pathname: string;
  search: string;
  /** That page's own navigation state (an event page's devices and name). */
  state: unknown;
}

/** The navigation state a link to the login page carries. */
export interface LoginNavigationState {
  returnTo: ReturnTo;
}

const NOT_A_RETURN = new Set<string>([ROUTES.login, ROUTES.signup]);

/**
 * The page to go back to after a login, read from navigation state (which anyone can shape with
 * history.pushState): only a path of this site, never another origin or the login pages.
 */
export function returnToOf(state: unknown): ReturnTo | null {
  if (typeof state !== 'object' || state === null || !('returnTo' in state)) return null;
  const candidate: unknown = state.returnTo;
  if (typeof candidate !== 'object' || candidate === null) return null;
  const { pathname, search, state: pageState } = candidate as Partial<ReturnTo>;
  if (typeof pathname !== 'string' || !pathname.startsWith('/') || pathname.startsWith('//') || pathname.includes('\\')) return null;
  if (NOT_A_RETURN.has(pathname.replace(/\/+$/, ''))) return null;
  const query = typeof search === 'string' && (search === '' || search.startsWith('?')) ? search : '';
  return { pathname, search: query, state: pageState ?? null };
}
