/**
 * The landing page arrives rendered at build time (src/prerender.tsx) and the browser hydrates it
 * (src/main.tsx) with a store read from its cookies. Whatever those cookies say, the first render
 * in the browser must be the page that was rendered at build time, or React throws the page away
 * (error #418 in production).
 */
import { act, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { hydrateRoot, type Root } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from '../../../src/app/routes';
import { makeStore } from '../../../src/app/store';
import { renderRoute } from '../../../src/prerender';
import { browserCookieJar, readPersistedState } from '../../../src/session';
import { fakeIdentity } from '../../support/fakeIdentity';
import { API, network } from '../../support/network';

let root: Root | null = null;
let container: HTMLElement | null = null;

afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
  root = null;
  window.history.replaceState(null, '', '/');
});

/** The pre-rendered landing page, hydrated as main.tsx does with this browser's cookies; what React reported. */
async function hydrateLanding(): Promise<{ recoverable: unknown[]; consoleErrors: unknown[][] }> {
  window.history.replaceState(null, '', '/');
  const html = await renderRoute('/');
  container = document.createElement('div');
  container.id = 'root';
  container.innerHTML = html;
  document.body.appendChild(container);
  const consoleErrors: unknown[][] = [];
  jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void consoleErrors.push(args));
  const recoverable: unknown[] = [];
  const store = makeStore({
    preloadedState: readPersistedState(browserCookieJar, localStorage),
    cookies: browserCookieJar,
    storage: localStorage,
    identity: fakeIdentity(),
  });
  const target = container;
  await act(async () => {
    root = hydrateRoot(
      target,
      <Provider store={store}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </Provider>,
      { onRecoverableError: (error) => void recoverable.push(error) },
    );
  });
  return { recoverable, consoleErrors };
}

describe('hydrating the pre-rendered landing page', () => {
  it('matches, for a new visitor', async () => {
    const { recoverable, consoleErrors } = await hydrateLanding();
    expect(recoverable).toEqual([]);
    expect(consoleErrors).toEqual([]);
    expect(screen.getByRole('heading', { level: 1, name: /do seu jeito/ })).toBeInTheDocument();
  });

  it('matches with an order waiting for a sign-in in the cookies, then leads to /account', async () => {
    document.cookie = 'transaction=123456789; path=/';
    document.cookie = `transactionClaim=${'k'.repeat(22)}; path=/`;
    document.cookie = 'loginRequired=true; path=/';
    // The account follows the order's payment.
    network.use(
      http.get(`${API}/orders/:orderId`, () =>
        HttpResponse.json({ orderId: '123456789', eventName: 'Festa', status: 'approved' }),
      ),
    );
    const { recoverable, consoleErrors } = await hydrateLanding();
    expect(recoverable).toEqual([]);
    expect(consoleErrors).toEqual([]);
    // The pending order's redirect (docs/product.md#account) still happens, once the page is the browser's.
    expect(await screen.findByRole('heading', { level: 1, name: 'Conta' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/account');
  });
});
