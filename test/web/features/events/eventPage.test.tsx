import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { ANA, fakeIdentity } from '../../../support/fakeIdentity';
import { API, network } from '../../../support/network';
import { renderApp } from '../../../support/renderWithProviders';
import { sessionOf, withSession } from '../../../support/session';

const devices = ['pad', 'polaroid', '360', 'nulo'];
const entry = (mode: string, eventName = 'festa_ana') => ({
  pathname: `/eventos/evento/${mode}`,
  state: { bname: eventName, devices },
});

function serveGalleries() {
  network.use(
    http.get(`${API}/all/festa_ana/pad`, () =>
      HttpResponse.json({
        product: ['/media/festa_ana/pad/1.jpg', '/media/festa_ana/pad/2.jpg', '/media/festa_ana/pad/3.jpg'],
      }),
    ),
    http.get(`${API}/all/festa_ana/polaroid`, () =>
      HttpResponse.json({ product: ['/media/festa_ana/polaroid/p1.jpg'] }),
    ),
    http.get(`${API}/all/festa_ana/360`, () => HttpResponse.json({ product: ['/media/festa_ana/360/v1.mp4'] })),
  );
}

function tileNames(): string[] {
  return within(screen.getByRole('list', { name: /^Galeria/ }))
    .getAllByRole('button')
    .map((b) => b.querySelector('img')?.getAttribute('src') ?? 'video');
}

describe('the event page', () => {
  it('shows the booth carousel and the gallery of the active booth, newest first', async () => {
    serveGalleries();
    renderApp(entry('pad'));
    expect(await screen.findByRole('heading', { level: 1, name: 'festa_ana' })).toBeInTheDocument();
    const carousel = screen.getByRole('region', { name: 'Cabines do evento' });
    // Three booths show at a time, the active one in the centre.
    for (const label of ['Nulo', 'Pad', 'Polaroid'])
      expect(within(carousel).getAllByRole('button', { name: label }).length).toBeGreaterThan(0);
    expect(within(carousel).getAllByRole('button', { name: 'Pad' })[0]).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText('Carregando...')).toBeInTheDocument();
    await screen.findByRole('button', { name: 'Foto 1 de 3' });
    expect(tileNames()).toEqual([
      'http://localhost/thumbs/festa_ana/pad/3.jpg.webp',
      'http://localhost/thumbs/festa_ana/pad/2.jpg.webp',
      'http://localhost/thumbs/festa_ana/pad/1.jpg.webp',
    ]);
  });

  it('switches booth from the carousel and shows that gallery', async () => {
    serveGalleries();
    const { user, router } = renderApp(entry('pad'));
    await screen.findByRole('button', { name: 'Foto 1 de 3' });
    const carousel = screen.getByRole('region', { name: 'Cabines do evento' });
    await user.click(within(carousel).getAllByRole('button', { name: 'Polaroid' })[0]);
    expect(router.state.location.pathname).toBe('/eventos/evento/polaroid');
    expect(router.state.location.state).toEqual({ bname: 'festa_ana', devices });
    expect(await screen.findByRole('heading', { level: 2, name: 'Polaroid' })).toBeInTheDocument();
    await screen.findByRole('button', { name: 'Foto 1 de 1' });
    expect(tileNames()).toEqual(['http://localhost/thumbs/festa_ana/polaroid/p1.jpg.webp']);
  });

  it('moves to the next booth with the arrow', async () => {
    serveGalleries();
    const { user, router } = renderApp(entry('polaroid'));
    await screen.findByRole('button', { name: 'Foto 1 de 1' });
    await user.click(screen.getByRole('button', { name: 'Próxima cabine' }));
    await screen.findByRole('heading', { level: 2, name: '360' });
    expect(router.state.location.pathname).toBe('/eventos/evento/360');
    await screen.findByRole('button', { name: 'Vídeo 1 de 1' });
    expect(router.state.location.pathname).toBe('/eventos/evento/360');
  });

  it('takes the booths out of view (hidden from screen readers) out of the focus order too', async () => {
    serveGalleries();
    const { user } = renderApp(entry('pad'));
    await screen.findByRole('button', { name: 'Foto 1 de 3' });
    const carousel = screen.getByRole('region', { name: 'Cabines do evento' });
    // react-slick's slides: the ones out of view (and the infinite loop's copies) are aria-hidden.
    const slides = () => [...carousel.querySelectorAll('.slick-slide')];
    const hidden = () => slides().filter((slide) => slide.getAttribute('aria-hidden') === 'true');
    // Hidden, they hold nothing to focus (a picture of the tile, inert), and what is shown holds a button.
    const reachable = () => [
      hidden().every(
        (slide) =>
          !slide.querySelector('button') &&
          (slide.querySelector('.booth') === null || slide.querySelector('.booth')?.closest('[inert]') !== null),
      ),
      slides().filter((slide) => slide.querySelector('button')).length,
    ];
    expect(hidden().length).toBeGreaterThan(0);
    expect(reachable()).toEqual([true, 3]);

    // The carousel moves: other booths leave the view, and inert follows them.
    await user.click(within(carousel).getByRole('button', { name: 'Próxima cabine' }));
    await screen.findByRole('heading', { level: 2, name: 'Polaroid' });
    await waitFor(() =>
      expect(within(carousel).getByRole('button', { name: 'Polaroid' })).toHaveAttribute('aria-current', 'page'),
    );
    expect(reachable()).toEqual([true, 3]);
  });

  it(`shows a private event's photos to a signed-in guest (the gallery sends the token), and says plainly to anyone \
else that it is private`, async () => {
    const tokens: (string | null)[] = [];
    network.use(
      http.get(`${API}/all/formatura/pad`, ({ request }) => {
        const token = request.headers.get('idToken');
        tokens.push(token);
        return token
          ? HttpResponse.json({ product: ['/media/formatura/pad/1.jpg'] })
          : HttpResponse.json(
              { error: 'unauthenticated', message: 'Este evento é privado. Faça login para ver as fotos.' },
              { status: 401 },
            );
      }),
    );
    const formatura = { pathname: '/eventos/evento/pad', state: { bname: 'formatura', devices: ['pad'] } };
    renderApp(formatura, { identity: fakeIdentity({ signedInAs: ANA, token: 'tok' }) });
    expect(await screen.findByRole('button', { name: 'Foto 1 de 1' })).toBeInTheDocument();
    expect(tokens.at(-1)).toBe('tok');
  });

  it('says that an event is private, with the way to log in, instead of a retry that cannot work', async () => {
    network.use(
      http.get(`${API}/all/formatura/pad`, () =>
        HttpResponse.json(
          { error: 'unauthenticated', message: 'Este evento é privado. Faça login para ver as fotos.' },
          { status: 401 },
        ),
      ),
    );
    renderApp({ pathname: '/eventos/evento/pad', state: { bname: 'formatura', devices: ['pad'] } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Este evento é privado. Faça login para ver as fotos.');
    // The login comes back to the event, named in the address (as the page writes it there).
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Logar/Criar conta' })).toHaveAttribute(
        'href',
        `/login?${new URLSearchParams({ volta: '/eventos/evento/pad?evento=formatura' }).toString()}`,
      ),
    );
    expect(screen.queryByRole('button', { name: 'Tentar novamente' })).not.toBeInTheDocument();
  });

  it('shows only the placeholder image for nulo', async () => {
    renderApp(entry('nulo'));
    expect(await screen.findByRole('img', { name: 'Cabine sem fotos' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: /^Galeria/ })).not.toBeInTheDocument();
  });

  it('removes commas from the event name of the navigation state', async () => {
    network.use(http.get(`${API}/all/festaana/pad`, () => HttpResponse.json({ product: [] })));
    renderApp({ pathname: '/eventos/evento/pad', state: { bname: 'festa,ana', devices } });
    expect(await screen.findByRole('heading', { level: 1, name: 'festaana' })).toBeInTheDocument();
    expect(await screen.findByText('Nenhuma foto nesta cabine ainda.')).toBeInTheDocument();
  });

  it('opens an event by id for a signed-in visitor, with the token', async () => {
    const tokens: (string | null)[] = [];
    serveGalleries();
    network.use(
      http.get(`${API}/evento/festa-ana-2026`, ({ request }) => {
        tokens.push(request.headers.get('idToken'));
        return HttpResponse.json({ devices, bname: 'festa_ana' });
      }),
    );
    const { router } = renderApp('/eventos/evento?id=festa-ana-2026', {
      identity: fakeIdentity({ signedInAs: ANA, token: 'tok' }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'festa_ana' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/eventos/evento/pad');
    expect(router.state.location.search).toBe('?id=festa-ana-2026');
    expect(tokens).toEqual(['tok']);
  });

  it("links to 'Encontre minhas fotos' for an event opened by id whose owner turned face search on", async () => {
    serveGalleries();
    network.use(
      http.get(`${API}/evento/festa-ana-2026`, () =>
        HttpResponse.json({ devices, bname: 'festa_ana', faceSearch: true }),
      ),
    );
    renderApp('/eventos/evento?id=festa-ana-2026', { identity: fakeIdentity({ signedInAs: ANA, token: 'tok' }) });
    expect(await screen.findByRole('link', { name: 'Encontre minhas fotos' })).toHaveAttribute(
      'href',
      '/face?evento=festa_ana',
    );
  });

  it(`asks an anonymous visitor with an id link to log in, without calling the event private, and comes back after the \
login`, async () => {
    serveGalleries();
    network.use(
      http.get(`${API}/evento/festa-ana-2026`, () => HttpResponse.json({ devices, bname: 'festa_ana' })),
      http.get(`${API}/createAccount`, () => HttpResponse.text('ok')),
    );
    const { user, router } = renderApp('/eventos/evento?id=festa-ana-2026', { identity: fakeIdentity() });
    expect(await screen.findByText('Entre na sua conta para abrir este evento pelo link.')).toBeInTheDocument();
    expect(screen.queryByText(/privado/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Logar/Criar conta' }));
    await user.type(await screen.findByLabelText('Email'), 'ana@example.com');
    await user.type(screen.getByLabelText('Senha'), 'segredo-123');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'festa_ana' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/eventos/evento/pad');
    expect(router.state.location.search).toBe('?id=festa-ana-2026');
    await screen.findByRole('button', { name: 'Foto 1 de 3' });
  });

  it('finds the booths of an event known only by name (from a collect link)', async () => {
    serveGalleries();
    network.use(
      http.get(`${API}/eventos/festa_ana/:agent`, () =>
        HttpResponse.json([{ title: 'festa_ana', visible: true, profile: '', cover: '', photos: 3, devices }]),
      ),
    );
    renderApp(
      { pathname: '/eventos/evento/pad', state: { bname: 'festa_ana' } },
      { preloadedState: withSession({ agent: 'agent0001' }) },
    );
    expect(await screen.findByRole('button', { name: 'Foto 1 de 3' })).toBeInTheDocument();
  });

  it("asks for the gallery's list while it asks for the booths of an event known only by name, not after", async () => {
    serveGalleries();
    const asked: string[] = [];
    let answerBooths: () => void = () => undefined;
    const booths = new Promise<void>((resolve) => (answerBooths = resolve));
    network.use(
      http.get(`${API}/eventos/festa_ana/:agent`, async () => {
        asked.push('eventos');
        await booths;
        return HttpResponse.json([{ title: 'festa_ana', visible: true, profile: '', cover: '', photos: 3, devices }]);
      }),
      http.get(`${API}/all/festa_ana/pad`, () => {
        asked.push('all');
        return HttpResponse.json({ product: ['/media/festa_ana/pad/1.jpg'] });
      }),
    );
    renderApp(
      { pathname: '/eventos/evento/pad', state: { bname: 'festa_ana' } },
      { preloadedState: withSession({ agent: 'agent0001' }) },
    );
    await waitFor(() => expect(asked).toEqual(expect.arrayContaining(['eventos', 'all'])));
    answerBooths();
    expect(await screen.findByRole('button', { name: 'Foto 1 de 1' })).toBeInTheDocument();
    // The gallery found its list in the cache: it was not asked for a second time.
    expect(asked.filter((call) => call === 'all')).toHaveLength(1);
  });

  it(`shows a 360 video's poster frame as its tile and its player's poster, and a plain play tile when it has \
none`, async () => {
    serveGalleries();
    const { user } = renderApp(entry('360'));
    const tile = await screen.findByRole('button', { name: 'Vídeo 1 de 1' });
    const poster = tile.querySelector('img');
    expect(poster).toHaveAttribute('src', 'http://localhost/thumbs/festa_ana/360/v1.mp4.webp');
    expect(tile.querySelector('svg')).not.toBeNull();

    await user.click(tile);
    const player = within(await screen.findByRole('dialog', { name: 'Vídeo' })).getByLabelText(
      'Vídeo do evento festa_ana',
    );
    expect(player).toHaveAttribute('poster', 'http://localhost/thumbs/festa_ana/360/v1.mp4.webp');
    await user.click(screen.getByRole('button', { name: 'Fechar' }));

    fireEvent.error(poster as HTMLImageElement);
    expect(tile.querySelector('img')).toBeNull();
    expect(tile.querySelector('svg')).not.toBeNull();
  });

  it('says so when there is no event to show', async () => {
    renderApp('/eventos/evento/pad');
    expect(await screen.findByText('Evento não encontrado.')).toBeInTheDocument();
  });

  it('opens one item in full with its share and print actions, and closes it', async () => {
    serveGalleries();
    const { user, router } = renderApp(entry('pad'));
    await user.click(await screen.findByRole('button', { name: 'Foto 1 de 3' }));
    const viewer = await screen.findByRole('dialog', { name: 'Foto' });
    expect(within(viewer).getByRole('img', { name: 'Foto do evento festa_ana' })).toHaveAttribute(
      'src',
      'http://localhost/media/festa_ana/pad/3.jpg',
    );
    expect(within(viewer).getByRole('button', { name: 'Compartilhar ou baixar' })).toBeInTheDocument();
    expect(within(viewer).getByRole('button', { name: 'Imprimir' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?evento=festa_ana&item=%2Fmedia%2Ffesta_ana%2Fpad%2F3.jpg');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('?evento=festa_ana');
  });

  it(`names the event in the address, so that a reload or a shared link opens it again, and keeps the navigation's \
state`, async () => {
    serveGalleries();
    const { router } = renderApp(entry('pad'));
    await screen.findByRole('button', { name: 'Foto 1 de 3' });
    expect(router.state.location.search).toBe('?evento=festa_ana');
    expect(router.state.location.state).toEqual({ bname: 'festa_ana', devices });
  });

  it('opens a gallery from its address alone, asking the public events call for its booths', async () => {
    serveGalleries();
    network.use(
      http.get(`${API}/eventos/festa_ana/:agent`, () =>
        HttpResponse.json([
          {
            title: 'festa_ana',
            displayTitle: 'Festa da Ana',
            visible: true,
            profile: '',
            cover: '',
            photos: 3,
            devices,
          },
        ]),
      ),
    );
    renderApp('/eventos/evento/pad?evento=festa_ana');
    expect(await screen.findByRole('heading', { level: 1, name: 'Festa da Ana' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Foto 1 de 3' })).toBeInTheDocument();
  });

  it.each([true, false])(
    "links to 'Encontre minhas fotos' for this event only when its owner turned face search on (%s)",
    async (faceSearch) => {
      serveGalleries();
      network.use(
        http.get(`${API}/eventos/festa_ana/:agent`, () =>
          HttpResponse.json([
            {
              title: 'festa_ana',
              visible: true,
              profile: '',
              cover: '',
              photos: 3,
              devices,
              ...(faceSearch ? { faceSearch: true } : {}),
            },
          ]),
        ),
      );
      renderApp('/eventos/evento/pad?evento=festa_ana');
      await screen.findByRole('button', { name: 'Foto 1 de 3' });
      const link = screen.queryByRole('link', { name: 'Encontre minhas fotos' });
      expect(link?.getAttribute('href') ?? null).toBe(faceSearch ? '/face?evento=festa_ana' : null);
    },
  );

  it("keeps the link from the events list's card as the guest moves between booths", async () => {
    serveGalleries();
    const { user, router } = renderApp({
      pathname: '/eventos/evento/polaroid',
      state: { bname: 'festa_ana', devices, faceSearch: true },
    });
    await screen.findByRole('button', { name: 'Foto 1 de 1' });
    expect(screen.getByRole('link', { name: 'Encontre minhas fotos' })).toHaveAttribute(
      'href',
      '/face?evento=festa_ana',
    );
    await user.click(screen.getByRole('button', { name: 'Próxima cabine' }));
    await screen.findByRole('heading', { level: 2, name: '360' });
    expect(router.state.location.state).toMatchObject({ faceSearch: true });
    expect(screen.getByRole('link', { name: 'Encontre minhas fotos' })).toBeInTheDocument();
  });

  describe("the server's copy of a gallery's first photos (drawn into the page before the app)", () => {
    function serverCopy(): HTMLElement {
      const copy = document.createElement('div');
      copy.setAttribute('data-gallery-shell', '');
      document.body.prepend(copy);
      return copy;
    }
    afterEach(() => document.querySelectorAll('[data-gallery-shell]').forEach((copy) => copy.remove()));

    it("stays while the gallery's own photos are on their way, and goes once they have arrived", async () => {
      serveGalleries();
      const copy = serverCopy();
      renderApp(entry('pad'));
      await screen.findByRole('button', { name: 'Foto 1 de 3' });
      expect(copy).toBeInTheDocument();
      // The thumbnails arrive (jsdom loads no images).
      for (const image of screen.getByRole('list', { name: 'Galeria Pad' }).querySelectorAll('img'))
        fireEvent.load(image);
      await waitFor(() => expect(copy).not.toBeInTheDocument());
    });

    it('goes at once when the page shows anything else', async () => {
      const copy = serverCopy();
      renderApp('/eventos/evento/pad');
      expect(await screen.findByText('Evento não encontrado.')).toBeInTheDocument();
      expect(copy).not.toBeInTheDocument();

      const empty = serverCopy();
      network.use(http.get(`${API}/all/festa_ana/pad`, () => HttpResponse.json({ product: [] })));
      renderApp(entry('pad'));
      expect(await screen.findByText('Nenhuma foto nesta cabine ainda.')).toBeInTheDocument();
      expect(empty).not.toBeInTheDocument();
    });
  });

  it('records the event among the visited ones', async () => {
    serveGalleries();
    const { store } = renderApp(entry('pad'));
    await screen.findByRole('button', { name: 'Foto 1 de 3' });
    expect(sessionOf(store.getState()).events).toEqual(['festa_ana']);
  });
});
