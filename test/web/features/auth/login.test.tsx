import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { browserCookieJar } from '../../../../src/session/cookieJar';
import { fakeIdentity } from '../../../support/fakeIdentity';
import { API, network } from '../../../support/network';
import { renderApp } from '../../../support/renderWithProviders';
import { sessionOf, withSession } from '../../../support/session';

function serveAccount(calls: string[], createReply: 'ok' | 'already_exists') {
  network.use(
    http.get(`${API}/createAccount`, ({ request }) => {
      const url = new URL(request.url);
      calls.push(
        `create ${url.searchParams.get('collection')} ${request.headers.get('idToken') ? 'token' : 'no-token'}`,
      );
      return HttpResponse.text(createReply);
    }),
    http.get(`${API}/updateAccount`, ({ request }) => {
      const url = new URL(request.url);
      calls.push(`update ${url.searchParams.get('collection')}`);
      return HttpResponse.json({
        collection: ['/media/f/pad/1.jpg', '/media/f/pad/conta.jpg'],
        packs: ['PACK1'],
        events: ['f'],
      });
    }),
    http.get(`${API}/account`, () =>
      HttpResponse.json({
        email: 'ana@example.com',
        displayName: 'Ana',
        photoURL: '',
        partner: '',
        events: [],
        transactions: [],
      }),
    ),
    http.get(`${API}/load_transactions`, () => HttpResponse.json([])),
    http.get(`${API}/load_events`, () => HttpResponse.json([])),
    http.get(`${API}/check_team`, () => HttpResponse.text('no')),
  );
}

const guest = { collection: ['/media/f/pad/1.jpg'], agent: 'agent0001', events: ['f'] };

describe('login', () => {
  it(`signs in, merges the visitor's lists into the account, takes the account's lists, and opens \
/account`, async () => {
    const calls: string[] = [];
    serveAccount(calls, 'already_exists');
    const { user, router, store } = renderApp('/login', {
      preloadedState: withSession(guest),
      cookies: browserCookieJar,
      identity: fakeIdentity(),
    });
    await user.type(await screen.findByLabelText('Email'), 'ana@example.com');
    await user.type(screen.getByLabelText('Senha'), 'segredo-123');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('heading', { name: 'Olá, Ana!' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/account');
    expect(calls).toEqual(['create /media/f/pad/1.jpg token', 'update /media/f/pad/1.jpg']);
    expect(sessionOf(store.getState()).collection).toEqual(['/media/f/pad/1.jpg', '/media/f/pad/conta.jpg']);
    expect(sessionOf(store.getState()).packs).toEqual(['PACK1']);
    expect(decodeURIComponent(document.cookie)).toContain('packs=PACK1');
  });

  it("alerts the service's message, readable in Portuguese, and logs it, on a wrong password", async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user, router } = renderApp('/login');
    await user.type(await screen.findByLabelText('Email'), 'wrong@example.com');
    await user.type(screen.getByLabelText('Senha'), 'errada');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(window.alert).toHaveBeenCalledWith(
      'E-mail ou senha incorretos.\n(Firebase: Error (auth/invalid-credential).)',
    );
    expect(log).toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('signs in with Google', async () => {
    const calls: string[] = [];
    serveAccount(calls, 'ok');
    const { user, router } = renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'Entrar com Google' }));
    await screen.findByRole('heading', { name: 'Olá, Ana!' });
    expect(router.state.location.pathname).toBe('/account');
    expect(calls).toEqual(['create  token']);
  });

  it(`goes back to the page the address names (the login page opened in another tab), never to another \
site`, async () => {
    serveAccount([], 'already_exists');
    const added: string[] = [];
    network.use(
      http.head('http://localhost/media/f/pad/abc.jpg', () => new HttpResponse(null, { status: 200 })),
      http.get(
        `${API}/modifyAccount/add/collection/:id`,
        ({ params }) => (added.push(String(params.id)), HttpResponse.text('ok')),
      ),
    );
    const back = `/login?${new URLSearchParams({ volta: '/collect?id=/media/f/pad/abc.jpg' }).toString()}`;
    const { user, router } = renderApp(back, { identity: fakeIdentity() });
    await user.type(await screen.findByLabelText('Email'), 'ana@example.com');
    await user.type(screen.getByLabelText('Senha'), 'segredo-123');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await screen.findByRole('heading', { level: 1, name: 'Coletar' });
    expect(router.state.location.pathname).toBe('/collect');
    expect(new URLSearchParams(router.state.location.search).get('id')).toBe('/media/f/pad/abc.jpg');
    // Back on the photo, it is collected, into the account too.
    expect(await screen.findByText('Coletado!')).toBeInTheDocument();
    await waitFor(() => expect(added).toEqual(['/media/f/pad/abc.jpg']));
  });

  it.each(['//evil.example/x', 'https://evil.example/', '/\\evil.example'])(
    'opens /account, not %s, whatever the address says',
    async (target) => {
      serveAccount([], 'already_exists');
      const { user, router } = renderApp(`/login?${new URLSearchParams({ volta: target }).toString()}`, {
        identity: fakeIdentity(),
      });
      await user.type(await screen.findByLabelText('Email'), 'ana@example.com');
      await user.type(screen.getByLabelText('Senha'), 'segredo-123');
      await user.click(screen.getByRole('button', { name: 'Login' }));
      await screen.findByRole('heading', { name: 'Olá, Ana!' });
      expect(router.state.location.pathname).toBe('/account');
    },
  );

  it("links to 'Criar conta'", async () => {
    const { user, router } = renderApp('/login');
    await user.click(await screen.findByRole('link', { name: 'Criar conta' }));
    expect(router.state.location.pathname).toBe('/signup');
  });
});

describe('signup', () => {
  const labels = [
    'Email',
    'Nova senha',
    'Repetir senha',
    'Nome ou apelido',
    'Celular com DDD',
    'Nome de usuário do Tiktok',
    'Nome de usuário do Instagram',
  ];

  it('has the seven fields, labelled', async () => {
    renderApp('/signup');
    await screen.findByLabelText('Email');
    for (const label of labels) expect(screen.getByLabelText(label)).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Nova senha')).toHaveAttribute('type', 'password');
  });

  it("alerts 'As senhas não conferem' and signs nobody up when the passwords differ", async () => {
    const identity = fakeIdentity();
    const signUp = jest.spyOn(identity, 'signUpWithPassword');
    const { user } = renderApp('/signup', { identity });
    await user.type(await screen.findByLabelText('Email'), 'bia@example.com');
    await user.type(screen.getByLabelText('Nova senha'), 'segredo-123');
    await user.type(screen.getByLabelText('Repetir senha'), 'segredo-124');
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));
    expect(window.alert).toHaveBeenCalledWith('As senhas não conferem');
    expect(signUp).not.toHaveBeenCalled();
  });

  it("keeps the page to go back to through 'Criar conta', and goes back there once the account exists", async () => {
    serveAccount([], 'ok');
    const volta = `?${new URLSearchParams({ volta: '/collect?id=/media/f/pad/abc.jpg' }).toString()}`;
    const { user, router } = renderApp(`/login${volta}`, { identity: fakeIdentity() });
    await user.click(await screen.findByRole('link', { name: 'Criar conta' }));
    await screen.findByLabelText('Nova senha');
    expect(router.state.location.search).toBe(volta);
    await user.type(screen.getByLabelText('Email'), 'ana@example.com');
    await user.type(screen.getByLabelText('Nova senha'), 'segredo-123');
    await user.type(screen.getByLabelText('Repetir senha'), 'segredo-123');
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));
    await screen.findByRole('heading', { level: 1, name: 'Coletar' });
    expect(router.state.location.pathname).toBe('/collect');
  });

  it("keeps the page to go back to from 'Criar conta' to 'Login'", async () => {
    const volta = `?${new URLSearchParams({ volta: '/collect?id=/media/f/pad/abc.jpg' }).toString()}`;
    renderApp(`/signup${volta}`);
    expect(await screen.findByRole('link', { name: 'Login' })).toHaveAttribute('href', `/login${volta}`);
  });

  it('creates the account with the form and the cookie lists, then opens /account', async () => {
    let account: Record<string, unknown> = {};
    let lists = '';
    network.use(
      http.get(`${API}/createAccount`, ({ request }) => {
        const url = new URL(request.url);
        account = JSON.parse(url.searchParams.get('account') ?? '{}') as Record<string, unknown>;
        lists =
          `${url.searchParams.get('collection')}|${url.searchParams.get('packs')}|` +
          `${url.searchParams.get('events')}`;
        return HttpResponse.text('ok');
      }),
      http.get(`${API}/account`, () =>
        HttpResponse.json({
          email: 'bia@example.com',
          displayName: 'Bia',
          photoURL: '',
          partner: '',
          events: [],
          transactions: [],
        }),
      ),
      http.get(`${API}/load_transactions`, () => HttpResponse.json([])),
      http.get(`${API}/load_events`, () => HttpResponse.json([])),
      http.get(`${API}/check_team`, () => HttpResponse.text('no')),
    );
    const { user, router } = renderApp('/signup', { preloadedState: withSession({ ...guest, packs: ['PACK9'] }) });
    await screen.findByLabelText('Email');
    const values = ['bia@example.com', 'segredo-123', 'segredo-123', 'Bia', '11988887777', 'bia.tk', '@bia'];
    for (const [i, label] of labels.entries()) await user.type(screen.getByLabelText(label), values[i]);
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));
    await screen.findByRole('heading', { name: 'Olá, Bia!' });
    expect(router.state.location.pathname).toBe('/account');
    expect(account).toEqual({
      email: 'bia@example.com',
      agent: 'agent0001',
      displayName: 'Bia',
      photoURL: '',
      phone: '11988887777',
      tiktok: 'bia.tk',
      instagram: '@bia',
      transactions: [],
    });
    expect(lists).toBe('/media/f/pad/1.jpg|PACK9|f');
  });
});
