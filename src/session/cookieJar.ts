import Cookies from 'js-cookie';
import { COOKIE_MAX_AGE_S } from '../../contract/cookieLists';

/** The cookie operations the app needs; tests and the server-side pre-render pass their own. */
export interface CookieJar {
  get(name: string): string | undefined;
  set(name: string, value: string): void;
  remove(name: string): void;
}

function attributes(): Cookies.CookieAttributes {
  const secure = typeof location !== 'undefined' && location.protocol === 'https:';
  return {
    path: '/',
    sameSite: 'Lax',
    secure,
    // js-cookie passes unknown attributes through; Max-Age is what docs/product.md#constants-and-limits states.
    'max-age': String(COOKIE_MAX_AGE_S),
  };
}

/** The browser's cookies through js-cookie. A value it cannot decode reads as absent. */
export const browserCookieJar: CookieJar = {
  get(name) {
    try {
      return Cookies.get(name);
    } catch {
      return undefined;
    }
  },
  set(name, value) {
    Cookies.set(name, value, attributes());
  },
  remove(name) {
    Cookies.remove(name, { path: '/' });
  },
};

/** An in-memory jar (tests, pre-rendering). */
export function memoryCookieJar(initial: Record<string, string> = {}): CookieJar & { dump(): Record<string, string> } {
  const values = new Map(Object.entries(initial));
  return {
    get: (name) => values.get(name),
    set: (name, value) => void values.set(name, value),
    remove: (name) => void values.delete(name),
    dump: () => Object.fromEntries(values),
  };
}
