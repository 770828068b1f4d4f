import { returnSearch, returnToAfterLogin, returnToOf, returnToOfSearch } from '../../../src/lib/returnTo';

describe('returnToOf', () => {
  it('reads the page that asked for the login, with its query and its own state', () => {
    expect(
      returnToOf({
        returnTo: { pathname: '/eventos/evento/pad', search: '?id=festa-ana-2026', state: { bname: 'festa_ana' } },
      }),
    ).toEqual({
      pathname: '/eventos/evento/pad',
      search: '?id=festa-ana-2026',
      state: { bname: 'festa_ana' },
    });
  });

  it.each([
    ['no state', null],
    ['a state without returnTo', { bname: 'festa_ana' }],
    ['another origin', { returnTo: { pathname: '//evil.example/x', search: '' } }],
    ['an absolute URL', { returnTo: { pathname: 'https://evil.example/', search: '' } }],
    ['a backslash path', { returnTo: { pathname: '/\\evil.example', search: '' } }],
    ['a path that resolves to another origin', { returnTo: { pathname: '/a/..//evil.example', search: '' } }],
    ['the login page itself', { returnTo: { pathname: '/login', search: '' } }],
    ['the signup page', { returnTo: { pathname: '/signup/', search: '' } }],
    ['a path that is not a string', { returnTo: { pathname: 42, search: '' } }],
  ])('goes nowhere special with %s', (_case, state) => {
    expect(returnToOf(state)).toBeNull();
  });

  it('drops a query that is not one', () => {
    expect(returnToOf({ returnTo: { pathname: '/eventos', search: 'javascript:alert(1)' } })).toEqual({
      pathname: '/eventos',
      search: '',
      state: null,
    });
  });
});

describe('returnToOfSearch', () => {
  const search = (value: string) => `?${new URLSearchParams({ volta: value }).toString()}`;

  it("reads the page the login page's address names, query and all", () => {
    expect(returnToOfSearch(search('/collect?id=/media/festa/pad/abc.jpg'))).toEqual({
      pathname: '/collect',
      search: '?id=/media/festa/pad/abc.jpg',
      state: null,
    });
  });

  it.each([
    ['no parameter', ''],
    ['an empty one', '?volta='],
    ['another origin', search('//evil.example/x')],
    ['an absolute URL', search('https://evil.example/')],
    ['a scheme', search('javascript:alert(1)')],
    ['a backslash path', search('/\\evil.example')],
    ['a tab the browser drops', search('/\t/evil.example')],
    ['a newline the browser drops', search('/\n/evil.example')],
    ['a path that resolves to another origin', search('/a/..//evil.example')],
    ['a dot segment that resolves to another origin', search('/./..//evil.example/x')],
    ['the login page itself', search('/login?volta=/account')],
    ['the signup page', search('/signup/')],
  ])('goes nowhere special with %s', (_case, value) => {
    expect(returnToOfSearch(value)).toBeNull();
  });

  it("builds the login page's query from a page, and reads it back", () => {
    const query = returnSearch('/collect', '?id=/media/festa/pad/a b&c.jpg');
    expect(returnToOfSearch(query)).toEqual({
      pathname: '/collect',
      search: '?id=/media/festa/pad/a%20b&c.jpg',
      state: null,
    });
    expect(returnSearch('/login', '?volta=/x')).toBe('');
  });

  it("prefers the navigation state, which keeps the page's own state too", () => {
    const state = { returnTo: { pathname: '/eventos/evento/pad', search: '', state: { bname: 'festa_ana' } } };
    expect(returnToAfterLogin(state, search('/collection'))?.state).toEqual({ bname: 'festa_ana' });
    expect(returnToAfterLogin(null, search('/collection'))?.pathname).toBe('/collection');
  });
});
