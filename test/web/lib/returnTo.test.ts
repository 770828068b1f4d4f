import { returnToOf } from '../../../src/lib/returnTo';

describe('returnToOf', () => {
  it('reads the page that asked for the login, with its query and its own state', () => {
    expect(returnToOf({ returnTo: { pathname: '/eventos/evento/pad', search: '?id=festa-ana-2026', state: { bname: 'festa_ana' } } })).toEqual({
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
    ['the login page itself', { returnTo: { pathname: '/login', search: '' } }],
    ['the signup page', { returnTo: { pathname: '/signup/', search: '' } }],
    ['a path that is not a string', { returnTo: { pathname: 42, search: '' } }],
  ])('goes nowhere special with %s', (_case, state) => {
    expect(returnToOf(state)).toBeNull();
  });

  it('drops a query that is not one', () => {
    expect(returnToOf({ returnTo: { pathname: '/eventos', search: 'javascript:alert(1)' } })).toEqual({ pathname: '/eventos', search: '', state: null });
  });
});
