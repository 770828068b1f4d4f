import { applyReloadCookie, ensureAgent } from '../../../src/session/agentBootstrap';
import { memoryCookieJar } from '../../../src/session/cookieJar';
import { isAgentId, newAgentId } from '../../../contract/agentId';

function memorySession() {
  const values = new Map<string, string>();
  return { getItem: (k: string) => values.get(k) ?? null, setItem: (k: string, v: string) => void values.set(k, v) };
}

describe('ensureAgent', () => {
  it('on the first load sets a random agent id and reloads once', () => {
    const cookies = memoryCookieJar();
    const reload = jest.fn();
    const session = memorySession();
    expect(ensureAgent({ cookies, session, reload })).toEqual({ status: 'reloading' });
    expect(reload).toHaveBeenCalledTimes(1);
    const agent = cookies.get('agent');
    expect(isAgentId(agent)).toBe(true);

    // After the reload the cookie is there: the page starts with it.
    expect(ensureAgent({ cookies, session, reload })).toEqual({ status: 'ready', agent });
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('never reloads twice in a tab when the browser refuses cookies', () => {
    const refusing = { get: () => undefined, set: () => undefined, remove: () => undefined };
    const reload = jest.fn();
    const session = memorySession();
    expect(ensureAgent({ cookies: refusing, session, reload }).status).toBe('reloading');
    const second = ensureAgent({ cookies: refusing, session, reload });
    expect(second.status).toBe('ready');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload when session storage is unavailable or throws', () => {
    const reload = jest.fn();
    expect(ensureAgent({ cookies: memoryCookieJar(), session: null, reload }).status).toBe('ready');
    const throwing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => undefined,
    };
    expect(ensureAgent({ cookies: memoryCookieJar(), session: throwing, reload }).status).toBe('ready');
    expect(reload).not.toHaveBeenCalled();
  });

  it('replaces a malformed agent cookie', () => {
    const cookies = memoryCookieJar({ agent: 'x;DROP' });
    ensureAgent({ cookies, session: null, reload: jest.fn(), newId: () => 'fresh0agent1' });
    expect(cookies.get('agent')).toBe('fresh0agent1');
  });

  it('draws different ids', () => {
    const ids = new Set(Array.from({ length: 50 }, () => newAgentId()));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]{20}$/);
  });
});

describe('the event page reload cookie', () => {
  it('when reload is 1, sets it to 0 and reloads once', () => {
    const cookies = memoryCookieJar({ reload: '1' });
    const reload = jest.fn();
    expect(applyReloadCookie(cookies, reload)).toBe(true);
    expect(cookies.get('reload')).toBe('0');
    expect(applyReloadCookie(cookies, reload)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it.each([[undefined], ['0'], ['true'], ['11']])('does nothing when reload is %p', (value) => {
    const cookies = memoryCookieJar(value === undefined ? {} : { reload: value });
    const reload = jest.fn();
    expect(applyReloadCookie(cookies, reload)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});
