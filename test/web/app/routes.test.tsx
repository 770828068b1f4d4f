import { screen, within } from '@testing-library/react';
import { BOOTH_MODES } from '../../../contract/modes';
import { reloadPage } from '../../../src/ui/pageReload';
import { http, HttpResponse } from 'msw';
import { BOOTH_LABEL } from '../../../contract/boothLabels';
import { API, mediaFound, network } from '../../support/network';

// The collect screen asks the media server whether the item exists before collecting it.
beforeEach(() => network.use(mediaFound));
import { ANA, fakeIdentity } from '../../support/fakeIdentity';
import { renderApp } from '../../support/renderWithProviders';
import { withSession } from '../../support/session';

jest.mock('../../../src/ui/pageReload', () => ({ reloadPage: jest.fn() }));

const SCREENS: [string, string][] = [
  ['/', 'Sua história/festa/vibe/marca/tecnologia/decoração do seu jeito'],
  ['/eventos', 'Eventos'],
  ['/eventos/evento', 'Evento'],
  ['/packs?pack=H7K2', 'Packs de impressões'],
  ['/collect?id=/media/festa/pad/1.jpg', 'Coletar'],
  ['/deviceLast?bname=festa&device=cam1', 'Sua foto'],
  ['/espelho?dh=a&sh=b&agent=c', 'Espelho mágico'],
  ['/login', 'Login'],
  ['/signup', 'Criar conta'],
  ['/face', 'Encontre minhas fotos'],
  ['/ultraLast?device=p1&bname=festa', 'Vídeo 360'],
  ['/ultraQR?device=p1&qrid=q&bname=festa', 'Ajuste seu 360'],
  ['/shop?coupon=C1', 'Loja'],
  ['/checkout?coupon=C1', 'Finalizar compra'],
  ['/partner?partner=p1', 'Página do Parceiro'],
  ['/deals?partner=p1', 'Deals'],
  // Team only (docs/product.md#roles-and-permissions): a signed-out visitor sees nothing of them
  // (test/web/features/team).
  ['/createContract', 'Página não encontrada'],
  ['/authorizePartner', 'Página não encontrada'],
  ['/invitation?hash=h&partnerName=p1', 'Linkar Conta ao Parceiro'],
  ['/ajuda', 'Ajuda'],
  ['/parar/dG9rZW4tZGUtcGFyYXI_-sig', 'Parar de receber fotos'],
  ['/nao-existe', 'Página não encontrada'],
];

/** A signed-in visitor's account area answers from these. */
function serveAccount() {
  network.use(
    http.get(`${API}/account`, () =>
      HttpResponse.json({
        email: ANA.email,
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
    http.post(`${API}/set_transaction`, () => HttpResponse.text('ok')),
  );
}

describe('every route renders its screen', () => {
  beforeEach(() =>
    network.use(
      http.get(`${API}/validatePacks/:hashes`, () => HttpResponse.json([])),
      http.get(`${API}/shop/:coupon/:agent`, () => HttpResponse.json({ data: [], discount: 0 })),
      http.get(`${API}/espelho/:dh/:sh/:agent/start/0`, () => HttpResponse.text('start_ok')),
      http.get(`${API}/espelho/:dh/:sh/:agent/get_modes/0`, () => HttpResponse.json([])),
      http.get(`${API}/ultraLast/:device/:bname`, () => HttpResponse.text('in_session')),
    ),
  );

  it('/account shows "Conta" to a signed-in visitor', async () => {
    serveAccount();
    renderApp('/account', { identity: fakeIdentity({ signedInAs: ANA }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Conta' })).toBeInTheDocument();
  });

  it.each(SCREENS)('%s shows "%s"', async (url, title) => {
    renderApp(url);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  });

  it('/collection shows "Minha Coleção"', async () => {
    renderApp('/collection', { preloadedState: withSession({ collection: ['/media/festa/pad/1.jpg'] }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Minha Coleção' })).toBeInTheDocument();
  });

  it.each(BOOTH_MODES.map((mode) => [mode]))('the event page nests the %s booth', async (mode) => {
    network.use(http.get(`${API}/all/festa/:mode`, () => HttpResponse.json({ product: [] })));
    const state = { bname: 'festa', devices: [...BOOTH_MODES] };
    const { router } = renderApp({ pathname: `/eventos/evento/${mode}`, state });
    expect(await screen.findByRole('heading', { level: 1, name: 'festa' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: BOOTH_LABEL[mode] })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/eventos/evento/${mode}`);
  });

  it('an unknown booth type is not found', async () => {
    renderApp('/eventos/evento/karaoke');
    expect(await screen.findByRole('heading', { level: 1, name: 'Página não encontrada' })).toBeInTheDocument();
  });
});

describe('the menu', () => {
  it('has the links of the spec, in order', () => {
    renderApp('/');
    const menu = screen.getByRole('navigation', { name: 'Menu principal' });
    const links = within(menu).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Home', '/'],
      ['Galeria', '/collection'],
      ['Eventos', '/eventos'],
      ['Conta', '/account'],
      ['Ajuda', '/ajuda'],
    ]);
  });

  it.each([
    ['Galeria', '/collection', 'Minha Coleção'],
    ['Eventos', '/eventos', 'Eventos'],
    ['Conta', '/account', 'Conta'],
    ['Ajuda', '/ajuda', 'Ajuda'],
  ])('%s leads to %s', async (label, path, title) => {
    serveAccount();
    const { user, router } = renderApp('/', {
      preloadedState: withSession({ collection: ['/media/festa/pad/1.jpg'] }),
      identity: fakeIdentity({ signedInAs: ANA }),
    });
    await user.click(
      within(screen.getByRole('navigation', { name: 'Menu principal' })).getByRole('link', { name: label }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
  });

  it('Home leads back to the landing page', async () => {
    const { user, router } = renderApp('/eventos');
    await screen.findByRole('heading', { level: 1, name: 'Eventos' });
    await user.click(screen.getByRole('link', { name: 'Home' }));
    expect(router.state.location.pathname).toBe('/');
    expect(
      screen.getByRole('heading', {
        level: 1,
        name: 'Sua história/festa/vibe/marca/tecnologia/decoração do seu jeito',
      }),
    ).toBeInTheDocument();
  });
});

describe('the header', () => {
  it('names the company, a link back to the landing page from every screen', async () => {
    const { user, router } = renderApp('/eventos');
    await screen.findByRole('heading', { level: 1, name: 'Eventos' });
    const brand = within(screen.getByRole('banner')).getByRole('link', { name: 'Cabine de Eventos' });
    expect(brand).toHaveAttribute('href', '/');
    await user.click(brand);
    expect(router.state.location.pathname).toBe('/');
    expect(
      screen.getByRole('heading', {
        level: 1,
        name: 'Sua história/festa/vibe/marca/tecnologia/decoração do seu jeito',
      }),
    ).toBeInTheDocument();
  });
});

describe('keyboard use', () => {
  it('reaches the skip link first, then the brand, then the menu links in order', async () => {
    const { user } = renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    await user.tab();
    expect(screen.getByRole('link', { name: 'Pular para o conteúdo' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('link', { name: 'Cabine de Eventos' })).toHaveFocus();
    for (const name of ['Home', 'Galeria', 'Eventos', 'Conta', 'Ajuda']) {
      await user.tab();
      expect(screen.getByRole('link', { name })).toHaveFocus();
    }
  });
});

describe('the loginRequired guard', () => {
  const pending = withSession({ loginRequired: true, pendingTransaction: '123456789' });

  it.each([
    '/',
    '/eventos',
    '/collection',
    '/shop?coupon=C1',
    '/eventos/evento/pad',
    '/packs',
    '/collect',
    '/nao-existe',
  ])('sends %s to /account while an order waits for a sign-in', async (url) => {
    serveAccount();
    const { router } = renderApp(url, { preloadedState: pending, identity: fakeIdentity({ signedInAs: ANA }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Conta' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/account');
  });

  it.each([
    ['/login', 'Login'],
    ['/signup', 'Criar conta'],
  ])('lets %s open', async (url, title) => {
    serveAccount();
    // Signed out, so the order stays pending while the visitor logs in.
    const { router } = renderApp(url, { preloadedState: pending });
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(url);
  });

  it('stops redirecting once the order is linked', async () => {
    const { router } = renderApp('/eventos');
    expect(await screen.findByRole('heading', { level: 1, name: 'Eventos' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/eventos');
  });
});

describe('the event page reload cookie', () => {
  afterEach(() => jest.mocked(reloadPage).mockClear());

  const festa = { pathname: '/eventos/evento/pad', state: { bname: 'festa', devices: ['pad'] } };
  beforeEach(() => network.use(http.get(`${API}/all/festa/pad`, () => HttpResponse.json({ product: [] }))));

  it('reloads once when the cookie says 1, and resets it to 0', async () => {
    document.cookie = 'reload=1; path=/';
    renderApp(festa);
    await screen.findByRole('heading', { level: 1, name: 'festa' });
    expect(reloadPage).toHaveBeenCalledTimes(1);
    expect(document.cookie).toContain('reload=0');
  });

  it('does not reload otherwise', async () => {
    document.cookie = 'reload=0; path=/';
    renderApp(festa);
    await screen.findByRole('heading', { level: 1, name: 'festa' });
    expect(reloadPage).not.toHaveBeenCalled();
  });
});
