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

/**
 * The query parameter of the login and signup pages that names the page to go back to: the
 * address alone carries it where navigation state is lost (the page opened in another tab or
 * browser, as 'Abrir no navegador' of Instagram's or WhatsApp's own browser does).
 */
export const RETURN_PARAM = 'volta';

const NOT_A_RETURN = new Set<string>([ROUTES.login, ROUTES.signup]);

const isLoginPage = (pathname: string) => NOT_A_RETURN.has(pathname.replace(/\/+$/, ''));

/** Any origin: only whether a path stays on it matters. */
const PROBE_ORIGIN = 'https://cabine.invalid';

/** '/a/..//evil.example' resolves to '//evil.example': a path a later reload or link reads as another host. */
const resolvesToAnotherHost = (path: string) => new URL(path, PROBE_ORIGIN).pathname.startsWith('//');

/**
 * The page to go back to after a login, read from navigation state (which anyone can shape with
 * history.pushState): only a path of this site, never another origin or the login pages.
 */
export function returnToOf(state: unknown): ReturnTo | null {
  if (typeof state !== 'object' || state === null || !('returnTo' in state)) return null;
  const candidate: unknown = state.returnTo;
  if (typeof candidate !== 'object' || candidate === null) return null;
  const { pathname, search, state: pageState } = candidate as Partial<ReturnTo>;
  if (typeof pathname !== 'string' || !pathname.startsWith('/') || pathname.startsWith('//') || pathname.includes('\\'))
    return null;
  if (resolvesToAnotherHost(pathname) || isLoginPage(pathname)) return null;
  const query = typeof search === 'string' && (search === '' || search.startsWith('?')) ? search : '';
  return { pathname, search: query, state: pageState ?? null };
}

/** A backslash or a control character: browsers read either in a path as a way to another host. */
const isUnsafe = (char: string) => char === '\\' || char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f;

/**
 * The page to go back to named by the login page's address (`?volta=/collect?id=...`), which
 * anyone can write in a link: only a path of this site, read as the browser would read it (so
 * '/\t/evil.example' is refused like '//evil.example'), never the login pages.
 */
export function returnToOfSearch(search: string): ReturnTo | null {
  const value = new URLSearchParams(search).get(RETURN_PARAM);
  if (!value || !value.startsWith('/') || value.startsWith('//') || [...value].some(isUnsafe)) return null;
  let target: URL;
  try {
    target = new URL(value, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (target.origin !== PROBE_ORIGIN || target.pathname.startsWith('//') || isLoginPage(target.pathname)) return null;
  return { pathname: target.pathname, search: target.search, state: null };
}

/** The login page's (or signup page's) query that brings the visitor back to `pathname` + `search`. */
export function returnSearch(pathname: string, search: string): string {
  return isLoginPage(pathname) ? '' : `?${new URLSearchParams({ [RETURN_PARAM]: `${pathname}${search}` }).toString()}`;
}

/** Where the login goes once done: the page in the navigation state, else the one in the address. */
export function returnToAfterLogin(state: unknown, search: string): ReturnTo | null {
  return returnToOf(state) ?? returnToOfSearch(search);
}
