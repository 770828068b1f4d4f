import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { ANA, fakeIdentity } from '../../support/fakeIdentity';
import { API, network } from '../../support/network';
import { renderApp } from '../../support/renderWithProviders';
import { withSession } from '../../support/session';

/**
 * The events list's empty state the server draws over the top of `/eventos` before the app runs
 * (server/src/http/eventsListShell.ts) goes with the app's first screen, whichever it is: never
 * left over another page.
 */
let copy: HTMLElement;

beforeEach(() => {
  copy = document.createElement('div');
  copy.setAttribute('data-events-shell', '');
  copy.textContent = 'Nenhum evento encontrado';
  document.body.prepend(copy);
});

afterEach(() => copy.remove());

it('goes when the app sends /eventos to /account before the list is drawn (an order waiting for a sign-in)', async () => {
  network.use(
    http.get(`${API}/account`, () => HttpResponse.json({ email: ANA.email, displayName: 'Ana', photoURL: '', partner: '', events: [], transactions: [] })),
    http.get(`${API}/load_transactions`, () => HttpResponse.json([])),
    http.get(`${API}/load_events`, () => HttpResponse.json([])),
    http.get(`${API}/check_team`, () => HttpResponse.text('no')),
    http.post(`${API}/set_transaction`, () => HttpResponse.text('ok')),
  );
  const { router } = renderApp('/eventos', {
    preloadedState: withSession({ loginRequired: true, pendingTransaction: '123456789' }),
    identity: fakeIdentity({ signedInAs: ANA }),
  });
  expect(await screen.findByRole('heading', { level: 1, name: 'Conta' })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/account');
  expect(copy.isConnected).toBe(false);
});

it('goes when the app opens on another screen', async () => {
  renderApp('/ajuda');
  expect(await screen.findByRole('heading', { level: 1, name: 'Ajuda' })).toBeInTheDocument();
  expect(copy.isConnected).toBe(false);
});

it('goes when the address changes before the list is drawn', async () => {
  const { router } = renderApp('/eventos');
  // Gone with the first render already; put back as if the list had not drawn yet.
  document.body.prepend(copy);
  await router.navigate('/ajuda');
  expect(await screen.findByRole('heading', { level: 1, name: 'Ajuda' })).toBeInTheDocument();
  expect(copy.isConnected).toBe(false);
});
