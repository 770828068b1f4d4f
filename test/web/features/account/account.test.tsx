import { act, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { browserCookieJar } from '../../../../src/session/cookieJar';
import { ANA, fakeIdentity } from '../../../support/fakeIdentity';
import { API, network } from '../../../support/network';
import { renderApp } from '../../../support/renderWithProviders';
import { sessionOf, withSession } from '../../../support/session';
import type { EventName } from '../../../../contract/names';

interface Serve {
  partner?: string;
  transactions?: { orderId: string; eventName: EventName; status: string }[];
  events?: {
    orderId: string;
    eventName: EventName;
    eventCreated: number;
    products: { name: string; hours: number; accessories: { name: string }[] }[];
  }[];
  team?: 'ok' | 'no';
}

function serve({ partner = '', transactions = [], events = [], team = 'no' }: Serve = {}) {
  network.use(
    http.get(`${API}/account`, () =>
      HttpResponse.json({
        email: ANA.email,
        displayName: 'Ana Souza',
        photoURL: '',
        partner,
        events: [],
        transactions: [],
        collection: [],
        packs: [],
      }),
    ),
    http.get(`${API}/load_transactions`, () => HttpResponse.json(transactions)),
    http.get(`${API}/load_events`, () => HttpResponse.json(events)),
    http.get(`${API}/check_team`, () => HttpResponse.text(team)),
  );
}

const signedIn = () => ({ identity: fakeIdentity({ signedInAs: ANA }) });
const sidebar = () => screen.getByRole('navigation', { name: 'Minha conta' });

describe('the account', () => {
  it("alerts 'Você não está logado!' and goes to /login when signed out", async () => {
    const { router } = renderApp('/account');
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    expect(window.alert).toHaveBeenCalledWith('Você não está logado!');
    expect(router.state.location.pathname).toBe('/login');
  });

  it('greets the user with the display name and e-mail; only Home and Sair without orders or events', async () => {
    serve();
    renderApp('/account', signedIn());
    expect(await screen.findByRole('heading', { name: 'Olá, Ana Souza!' })).toBeInTheDocument();
    expect(screen.getByText(ANA.email)).toBeInTheDocument();
    const items = within(sidebar())
      .getAllByRole('button')
      .map((b) => b.textContent);
    // On the page titled 'Conta', the way out says what it does.
    expect(items).toEqual(['Home', 'Sair']);
    expect(within(sidebar()).queryByRole('link', { name: 'Página do Parceiro' })).not.toBeInTheDocument();
  });

  it('shows Pedidos with the orders, Meu Evento with the events, and the partner page link', async () => {
    serve({
      partner: 'parceiro_demo',
      transactions: [{ orderId: '123456789', eventName: 'Aniversário', status: 'approved' }],
      events: [
        {
          orderId: '123456789',
          eventName: 'Aniversário',
          eventCreated: 0,
          products: [{ name: 'Cabine 360', hours: 3, accessories: [{ name: 'Neon' }] }],
        },
      ],
    });
    const { user } = renderApp('/account', signedIn());
    await screen.findByRole('heading', { name: 'Olá, Ana Souza!' });
    expect(await within(sidebar()).findByRole('button', { name: 'Pedidos' })).toBeInTheDocument();
    expect(within(sidebar()).getByRole('link', { name: 'Página do Parceiro' })).toHaveAttribute(
      'href',
      '/partner?partner=parceiro_demo',
    );

    await user.click(within(sidebar()).getByRole('button', { name: 'Pedidos' }));
    const order = screen.getByText('Pedido 123456789').closest('li') as HTMLElement;
    expect(order).toHaveTextContent('Aniversário');
    expect(order).toHaveTextContent('Pago');

    await user.click(within(sidebar()).getByRole('button', { name: 'Meu Evento' }));
    expect(screen.getByText('Cabine 360 · 3 h · Neon')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Criar meu Evento' })).toBeDisabled();
  });

  it('shows the team their tools', async () => {
    serve({ team: 'ok' });
    renderApp('/account', signedIn());
    expect(
      await within(await screen.findByRole('navigation', { name: 'Minha conta' })).findByRole('link', {
        name: 'Criar contrato',
      }),
    ).toHaveAttribute('href', '/createContract');
    expect(within(sidebar()).getByRole('link', { name: 'Autorizar parceiro' })).toHaveAttribute(
      'href',
      '/authorizePartner',
    );
    expect(within(sidebar()).getByRole('button', { name: 'Contatos' })).toBeInTheDocument();
  });

  it(`logs out with 'Sair', goes home without the 'not logged in' alert, and leaves nothing of the account on the \
device`, async () => {
    serve();
    const identity = fakeIdentity({ signedInAs: ANA });
    const account = {
      agent: 'agent0001',
      collection: ['/media/f/pad/1.jpg'],
      packs: ['PACK1'],
      events: ['f'],
      eventName: 'f',
    };
    for (const cookie of ['collection=/media/f/pad/1.jpg', 'packs=PACK1', 'events=f', 'bname=f', 'agent=agent0001'])
      document.cookie = `${cookie}; path=/`;
    window.localStorage.setItem('collection', JSON.stringify(account.collection));
    const { user, router, store } = renderApp('/account', {
      identity,
      cookies: browserCookieJar,
      storage: window.localStorage,
      preloadedState: withSession(account),
    });
    await screen.findByRole('heading', { name: 'Olá, Ana Souza!' });

    await user.click(within(sidebar()).getByRole('button', { name: 'Sair' }));
    expect(router.state.location.pathname).toBe('/');
    await act(async () => new Promise((r) => setTimeout(r, 20)));
    expect(window.alert).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/');
    expect(sessionOf(store.getState())).toMatchObject({
      identity: { status: 'signedOut' },
      collection: [],
      packs: [],
      events: [],
      eventName: '',
      agent: 'agent0001',
    });
    expect(identity.current).toBeNull();
    const cookies = decodeURIComponent(document.cookie);
    for (const gone of ['collection=', 'packs=', 'events=', 'bname=']) expect(cookies).not.toContain(gone);
    expect(cookies).toContain('agent=agent0001');
    expect(window.localStorage.getItem('collection')).toBe('[]');
  });

  it('ties an order placed while signed out to the account and clears the flag', async () => {
    serve();
    const linked: string[] = [];
    network.use(
      http.post(`${API}/set_transaction`, async ({ request }) => {
        const body = (await request.json()) as { transaction: string; claim: string };
        linked.push(`${body.transaction} ${body.claim}`);
        return HttpResponse.text('ok');
      }),
    );
    const pending = withSession({ loginRequired: true, pendingTransaction: '555666777', pendingClaim: 'k'.repeat(22) });
    const { store, router } = renderApp('/checkout?coupon=X', { ...signedIn(), preloadedState: pending });
    // The guard sends the visitor to /account, where the order is tied once signed in.
    await screen.findByRole('heading', { name: 'Olá, Ana Souza!' });
    expect(router.state.location.pathname).toBe('/account');
    await screen.findByRole('button', { name: 'Home' });
    await new Promise((r) => setTimeout(r, 50));
    expect(linked).toEqual([`555666777 ${'k'.repeat(22)}`]);
    expect(sessionOf(store.getState())).toMatchObject({ loginRequired: false, pendingTransaction: null });
  });
});
