import { isAgentId, newAgentId } from '../../contract/agentId';
import { COOKIE } from '../../contract/cookieLists';
import type { CookieJar } from './cookieJar';

export interface BootstrapEnv {
  cookies: CookieJar;
  /** Survives the reload but not the tab: remembers that the one reload already happened. */
  session: Pick<Storage, 'getItem' | 'setItem'> | null;
  reload: () => void;
  newId?: () => string;
}

const RELOADED_KEY = 'agentReloaded';

export type BootstrapResult = { status: 'ready'; agent: string } | { status: 'reloading' };

/**
 * docs/product.md#session-and-cookies: the agent id is set on the first load, followed by one reload. When cookies
 * are refused the id cannot stick, so the reload happens at most once per tab and the page goes
 * on with an id held in memory instead of reloading forever.
 */
export function ensureAgent(env: BootstrapEnv): BootstrapResult {
  const existing = env.cookies.get(COOKIE.agent);
  if (isAgentId(existing)) return { status: 'ready', agent: existing };

  const agent = (env.newId ?? newAgentId)();
  env.cookies.set(COOKIE.agent, agent);

  let alreadyReloaded = true;
  try {
    alreadyReloaded = env.session?.getItem(RELOADED_KEY) === '1';
    env.session?.setItem(RELOADED_KEY, '1');
  } catch {
    // Storage refused (private mode): treat as already reloaded rather than risk a loop.
  }
  if (alreadyReloaded || env.session === null) return { status: 'ready', agent };
  env.reload();
  return { status: 'reloading' };
}

/**
 * The event page's rule (docs/product.md#event-page): a `reload` cookie equal to 1 is reset to 0 and the
 * page reloads once. Returns whether a reload was asked for.
 */
export function applyReloadCookie(cookies: CookieJar, reload: () => void): boolean {
  if (cookies.get(COOKIE.reload) !== '1') return false;
  cookies.set(COOKIE.reload, '0');
  reload();
  return true;
}
