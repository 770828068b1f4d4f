import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { ANA, fakeIdentity } from '../../../support/fakeIdentity';
import { API, network } from '../../../support/network';
import { renderApp } from '../../../support/renderWithProviders';
import { sessionOf, withSession } from '../../../support/session';

const festa = {
  title: 'festa_ana',
  visible: true,
  profile: '/media/festa_ana/feed/perfil.jpg',
  cover: '/media/festa_ana/feed/capa.jpg',
  photos: 12,
  devices: ['nulo', 'pad', '360'],
};
const privada = { title: 'formatura', visible: false, profile: '', cover: '', photos: 1, devices: ['pad'] };
const soLink = {
  title: 'casamento',
  visible: false,
  visibility: 'link',
  profile: '',
  cover: '',
  photos: 1,
  devices: ['pad'],
};
const visitor = withSession({ agent: 'agent0001', events: ['festa_ana', 'formatura', 'casamento'] });

describe('the events list', () => {
  // The list asks for its first public events' galleries while idle (eventsListPreload.test.tsx).
  beforeEach(() => network.use(http.get(`${API}/all/:event/:mode`, () => HttpResponse.json({ product: [] }))));

  it('shows the empty message, the hint and the login prompt to a new anonymous visitor', async () => {
    const { user, router } = renderApp('/eventos');
    expect(await screen.findByText('Nenhum evento encontrado')).toBeInTheDocument();
    expect(screen.getByText(/apenas os eventos em que você esteve/)).toBeInTheDocument();
    await user.click(await screen.findByRole('link', { name: 'Logar/Criar conta' }));
    expect(router.state.location.pathname).toBe('/login');
  });

  it(`takes the place of the server's copy of its empty state (drawn before the app ran) as it draws its own, leaving \
no copy over it`, async () => {
    const copy = document.createElement('div');
    copy.setAttribute('data-events-shell', '');
    copy.textContent = 'Nenhum evento encontrado';
    document.body.prepend(copy);
    try {
      renderApp('/eventos');
      await screen.findByRole('heading', { level: 1, name: 'Eventos' });
      expect(copy.isConnected).toBe(false);
      expect(screen.getByText('Nenhum evento encontrado')).toBeInTheDocument();
    } finally {
      copy.remove();
    }
  });

  it('lists the events of the cookie as cards, and opens one with its booths', async () => {
    const asked: string[] = [];
    let lists = 0;
    network.use(
      http.get(`${API}/eventos/:events/:agent`, ({ params }) => {
        asked.push(`${String(params.events)}/${String(params.agent)}`);
        return HttpResponse.json([festa]);
      }),
      http.get(`${API}/all/festa_ana/pad`, () => {
        lists += 1;
        return HttpResponse.json({ product: [] });
      }),
    );
    const { user, router } = renderApp('/eventos', { preloadedState: visitor });
    expect(screen.getByText('Carregando...')).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Seus eventos' });
    const card = within(list).getByRole('button', { name: /festa_ana/ });
    expect(card).toHaveTextContent('12 fotos');
    expect(asked).toEqual(['festa_ana,formatura,casamento/agent0001']);
    expect(screen.queryByText('Nenhum evento encontrado')).not.toBeInTheDocument();

    await user.click(card);
    expect(router.state.location.pathname).toBe('/eventos/evento/pad');
    // The address names the event too: a reload or a shared link opens the same gallery.
    expect(router.state.location.search).toBe('?evento=festa_ana');
    expect(router.state.location.state).toEqual({ bname: 'festa_ana', devices: ['nulo', 'pad', '360'] });
    expect(await screen.findByRole('heading', { level: 1, name: 'festa_ana' })).toBeInTheDocument();
    // Asked for with the tap, and found there by the gallery: once.
    expect(await screen.findByText('Nenhuma foto nesta cabine ainda.')).toBeInTheDocument();
    expect(lists).toBe(1);
  });

  it(`shows the login prompt once the list is there, below it, never above a list still coming (it would be pushed \
down)`, async () => {
    let answer: (() => void) | null = null;
    network.use(
      http.get(`${API}/eventos/:events/:agent`, async () => {
        await new Promise<void>((resolve) => (answer = resolve));
        return HttpResponse.json([festa]);
      }),
    );
    renderApp('/eventos', { preloadedState: visitor });
    expect(screen.getByText('Carregando...')).toBeInTheDocument();
    // The identity service has answered (signed out) while the list is still on its way.
    await waitFor(() => expect(answer).not.toBeNull());
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getByText('Carregando...')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Logar/Criar conta' })).not.toBeInTheDocument();

    act(() => answer?.());
    const list = await screen.findByRole('list', { name: 'Seus eventos' });
    const prompt = await screen.findByRole('link', { name: 'Logar/Criar conta' });
    expect(list.compareDocumentPosition(prompt) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('asks again with the token once the visitor is signed in, and shows private events', async () => {
    const tokens: (string | null)[] = [];
    network.use(
      http.get(`${API}/eventos/:events/:agent`, ({ request }) => {
        const token = request.headers.get('idToken');
        tokens.push(token);
        return HttpResponse.json(token ? [festa, privada, soLink] : [festa]);
      }),
      http.get(`${API}/account`, () =>
        HttpResponse.json({
          email: ANA.email,
          displayName: 'Ana',
          photoURL: '',
          partner: '',
          events: ['festa_ana'],
          transactions: [],
        }),
      ),
    );
    renderApp('/eventos', { preloadedState: visitor, identity: fakeIdentity({ signedInAs: ANA, token: 'tok-ana' }) });
    expect(await screen.findByRole('button', { name: /formatura/ })).toHaveTextContent('Privado');
    expect(tokens).toContain('tok-ana');
    // A link-only event is not called private: its files open to whoever has their links.
    expect(screen.getByRole('button', { name: /casamento/ })).toHaveTextContent('1 foto · Somente com o link');
    expect(screen.queryByRole('link', { name: 'Logar/Criar conta' })).not.toBeInTheDocument();
  });

  it('offers to try again when the server cannot be reached', async () => {
    let calls = 0;
    network.use(
      http.get(`${API}/eventos/:events/:agent`, () => {
        calls += 1;
        return calls === 1 ? HttpResponse.error() : HttpResponse.json([festa]);
      }),
    );
    const { user } = renderApp('/eventos', { preloadedState: visitor });
    await user.click(await screen.findByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('button', { name: /festa_ana/ })).toBeInTheDocument();
  });

  it('lists the events the account holds from elsewhere, such as one its owner just created', async () => {
    const asked: string[] = [];
    network.use(
      http.get(`${API}/account`, () =>
        HttpResponse.json({
          email: ANA.email,
          displayName: 'Ana',
          photoURL: '',
          partner: '',
          events: ['festa_nova'],
          transactions: [],
        }),
      ),
      http.get(`${API}/eventos/:events/:agent`, ({ params }) => {
        asked.push(String(params.events));
        const names = String(params.events).split(',');
        return HttpResponse.json(
          names.includes('festa_nova') ? [festa, { ...festa, title: 'festa_nova', photos: 0 }] : [festa],
        );
      }),
    );
    const { store } = renderApp('/eventos', {
      preloadedState: withSession({ agent: 'agent0001', events: ['festa_ana'] }),
      identity: fakeIdentity({ signedInAs: ANA }),
    });
    expect(await screen.findByRole('button', { name: /festa_nova/ })).toHaveTextContent('0 fotos');
    expect(sessionOf(store.getState()).events).toEqual(['festa_ana', 'festa_nova']);
    expect(asked.at(-1)).toBe('festa_ana,festa_nova');
  });

  it("shows the event's title people read, on the card and as the event page's heading", async () => {
    network.use(
      http.get(`${API}/eventos/:events/:agent`, () => HttpResponse.json([{ ...festa, displayTitle: 'Festa da Ana' }])),
      http.get(`${API}/all/festa_ana/pad`, () => HttpResponse.json({ product: [] })),
    );
    const { user, router } = renderApp('/eventos', { preloadedState: visitor });
    const card = await screen.findByRole('button', { name: /Festa da Ana/ });
    expect(card).not.toHaveTextContent('festa_ana');
    await user.click(card);
    expect(await screen.findByRole('heading', { level: 1, name: 'Festa da Ana' })).toBeInTheDocument();
    expect(router.state.location.state).toEqual({
      bname: 'festa_ana',
      devices: festa.devices,
      displayTitle: 'Festa da Ana',
    });
  });
});
