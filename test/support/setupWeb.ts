import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { network } from './network';

beforeAll(() => network.listen({ onUnhandledRequest: 'error' }));

// A findBy or waitFor waits until what it looks for is there; its bound is how long a screen may
// take on a busy shared machine (an event opened by its link: identity, token, fetch, redirect),
// not a speed the tests assert (the default 1 s failed a CI run with the page merely still busy).
configure({ asyncUtilTimeout: 5_000 });
// A test's own budget holds several such waits in a row (a login, its redirect, the page after):
// jest's default, 5 s, is the bound of one of them, so a busy machine cut tests between two steps.
jest.setTimeout(20_000);

// jsdom does not scroll; the virtual lists call it.
window.scrollTo = () => undefined;
// Nor has it scrollIntoView; screens bring what a tap caused into view with it (tests spy on it).
Element.prototype.scrollIntoView = () => undefined;
afterEach(() => network.resetHandlers());
afterAll(() => network.close());

afterEach(() => {
  // Cookies are the guest's persistence: no test may see another's.
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; max-age=0; path=/`;
  }
});

beforeEach(() => {
  // The spec's alerts: jsdom has no dialog; tests read what was said from this spy.
  jest.spyOn(window, 'alert').mockImplementation(() => undefined);
});

afterEach(() => {
  jest.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
});
