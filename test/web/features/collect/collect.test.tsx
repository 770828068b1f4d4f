import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { sessionStarted } from '../../../../src/session';
import { browserCookieJar } from '../../../../src/session/cookieJar';
import { ANA, fakeIdentity } from '../../../support/fakeIdentity';
import { API, mediaFound, network } from '../../../support/network';

// The collect screen asks the media server whether the item exists before collecting it.
beforeEach(() => network.use(mediaFound));
import { renderApp } from '../../../support/renderWithProviders';
import { sessionOf } from '../../../support/session';

const photo = '/media/festa_ana/pad/foto-01.jpg';

describe('the collect screen', () => {
  it('collects nothing from a link to media that does not exist, and says so', async () => {
    const missing = '/media/festa_ana/pad/nao-existe.jpg';
    network.use(
      http.head(`http://localhost${missing}`, () => new HttpResponse(null, { status: 404 })),
      http.get(`${API}/eventos/festa_ana/:agent`, () => HttpResponse.json([])),
    );
    const { store } = renderApp(`/collect?id=${missing}`, { cookies: browserCookieJar });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Esta foto não foi encontrada: confira o link do QR code. Nada foi adicionado à sua coleção.',
    );
    expect(screen.queryByRole('img', { name: 'Foto do evento festa_ana' })).not.toBeInTheDocument();
    expect(screen.queryByText('Coletado!')).not.toBeInTheDocument();
    expect(sessionOf(store.getState()).collection).toEqual([]);
    expect(sessionOf(store.getState()).events).toEqual([]);
    expect(decodeURIComponent(document.cookie)).not.toContain('nao-existe');
  });

  it("offers no 'Ir para Evento' for a missing photo of an event that does not exist, but a way home", async () => {
    const lost = '/media/festa_sumida/pad/nao-existe.jpg';
    network.use(
      http.head(`http://localhost${lost}`, () => new HttpResponse(null, { status: 404 })),
      http.get(`${API}/eventos/festa_sumida/:agent`, () => HttpResponse.json([])),
    );
    renderApp(`/collect?id=${lost}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('Esta foto não foi encontrada');
    // Then the event is asked for: there is none by that name.
    expect(await screen.findByRole('link', { name: 'Ir para o início' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button', { name: 'Ir para Evento' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Minha Coleção' })).toBeInTheDocument();
  });

  it("offers 'Ir para Evento' for a missing photo of an event that exists", async () => {
    const gone = '/media/festa_ana/pad/nao-existe.jpg';
    network.use(
      http.head(`http://localhost${gone}`, () => new HttpResponse(null, { status: 404 })),
      http.get(`${API}/eventos/festa_ana/:agent`, () =>
        HttpResponse.json([
          {
            title: 'festa_ana',
            displayTitle: 'Festa da Ana',
            visible: true,
            profile: '',
            cover: '',
            photos: 1,
            devices: ['pad'],
          },
        ]),
      ),
    );
    renderApp(`/collect?id=${gone}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('Esta foto não foi encontrada');
    expect(await screen.findByRole('button', { name: 'Ir para Evento' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Ir para o início' })).not.toBeInTheDocument();
  });

  it("asks a signed-out guest to log in for a private event's photo, and collects nothing", async () => {
    network.use(http.head(`http://localhost${photo}`, () => new HttpResponse(null, { status: 401 })));
    const { store } = renderApp(`/collect?id=${photo}`, {
      cookies: browserCookieJar,
      identity: fakeIdentity({ signedInAs: null }),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Este evento é privado. Faça login para coletar esta foto. Nada foi adicionado à sua coleção.',
    );
    // The address names the photo too: the login brings the guest back to it from another tab.
    expect(screen.getByRole('link', { name: 'Logar/Criar conta' })).toHaveAttribute(
      'href',
      `/login?${new URLSearchParams({ volta: `/collect?id=${photo}` }).toString()}`,
    );
    expect(screen.queryByRole('img', { name: 'Foto do evento festa_ana' })).not.toBeInTheDocument();
    expect(screen.queryByText('Pendente: será enviado quando a conexão voltar')).not.toBeInTheDocument();
    expect(sessionOf(store.getState()).collection).toEqual([]);
    expect(store.getState().outbox?.items).toEqual([]);
  });

  it("collects a private event's photo once the login's media cookie has arrived", async () => {
    let cookie = false;
    network.use(
      http.head(`http://localhost${photo}`, () => new HttpResponse(null, { status: cookie ? 200 : 401 })),
      http.post(
        `${API}/media-session`,
        () => ((cookie = true), HttpResponse.json({ expiresAt: Date.now() + 3_600_000 })),
      ),
    );
    const { store } = renderApp(`/collect?id=${photo}`, { identity: fakeIdentity({ signedInAs: ANA, token: 'tok' }) });
    expect(await screen.findByRole('status')).toHaveTextContent('Carregando...');
    // As src/main.tsx does once the app is up: the session's calls, the media cookie among them, go out.
    act(() => void store.dispatch(sessionStarted()));
    await screen.findByText('Coletado!');
    expect(sessionOf(store.getState()).collection).toEqual([photo]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('queues a collect the media server could not answer, shows it pending, and collects once it answers', async () => {
    let reachable = false;
    const heads: string[] = [];
    const told: string[] = [];
    network.use(
      http.head(`http://localhost${photo}`, () => {
        heads.push(reachable ? 'answered' : 'lost');
        return reachable ? new HttpResponse(null, { status: 200 }) : HttpResponse.error();
      }),
      // The queue tells the server, which checks the photo and collects it (docs/api.md#collects-in-the-app).
      http.post(`${API}/coletado`, () => {
        told.push(reachable ? 'answered' : 'lost');
        return reachable ? HttpResponse.text('ok') : HttpResponse.error();
      }),
    );
    const { store, user } = renderApp(`/collect?id=${photo}`);
    const pending = await screen.findByText('Pendente: será enviado quando a conexão voltar');
    expect(pending.closest('[role="status"]')).not.toBeNull();
    expect(sessionOf(store.getState()).collection).toEqual([]);
    // The queue tried at once, and failed too: it waits before the next try.
    await waitFor(() => expect(told).toEqual(['lost']));
    expect(heads).toEqual(['lost']);
    expect(store.getState().outbox?.items).toEqual([
      expect.objectContaining({ kind: 'collect', url: photo, bname: 'festa_ana', attempts: 1 }),
    ]);

    reachable = true;
    await user.click(screen.getByRole('button', { name: 'Tentar agora' }));
    await screen.findByText('Coletado!');
    expect(sessionOf(store.getState()).collection).toEqual([photo]);
    expect(store.getState().outbox?.items).toEqual([]);
    expect(screen.queryByText('Pendente: será enviado quando a conexão voltar')).not.toBeInTheDocument();
    // Told once: the screen's own collect, once the queue's had gone, tells nothing more.
    expect(told).toEqual(['lost', 'answered']);
  });

  it('drops a queued collect whose media turns out not to exist, and tells the guest in Portuguese', async () => {
    let reachable = false;
    network.use(
      http.head(`http://localhost${photo}`, () =>
        reachable ? new HttpResponse(null, { status: 404 }) : HttpResponse.error(),
      ),
      http.post(`${API}/coletado`, () =>
        reachable
          ? HttpResponse.json({ error: 'media_not_found', message: 'Foto não encontrada.' }, { status: 404 })
          : HttpResponse.error(),
      ),
      http.get(`${API}/eventos/festa_ana/:agent`, () => HttpResponse.json([])),
    );
    const { store, user } = renderApp(`/collect?id=${photo}`);
    await screen.findByText('Pendente: será enviado quando a conexão voltar');
    reachable = true;
    await user.click(screen.getByRole('button', { name: 'Tentar agora' }));
    await waitFor(() =>
      expect(window.alert).toHaveBeenCalledWith(
        'Esta foto não foi encontrada: confira o link do QR code. Nada foi adicionado à sua coleção.',
      ),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Esta foto não foi encontrada');
    expect(store.getState().outbox?.items).toEqual([]);
    expect(sessionOf(store.getState()).collection).toEqual([]);
  });

  it(`following one collect link to another, collects the second only once the media server has said it \
exists`, async () => {
    const second = '/media/festa_ana/pad/foto-02.jpg';
    network.use(
      http.head(`http://localhost${second}`, () => HttpResponse.error()),
      http.post(`${API}/coletado`, async ({ request }) =>
        ((await request.json()) as { url: string }).url === second ? HttpResponse.error() : HttpResponse.text('ok'),
      ),
    );
    const { store, router } = renderApp(`/collect?id=${photo}`);
    await screen.findByText('Coletado!');
    await act(() => router.navigate(`/collect?id=${second}`));
    await screen.findByText('Pendente: será enviado quando a conexão voltar');
    expect(sessionOf(store.getState()).collection).toEqual([photo]);
    expect(store.getState().outbox?.items).toEqual([expect.objectContaining({ kind: 'collect', url: second })]);
  });

  it('shows the photo, collects it into the collection cookie and the visited events', async () => {
    const { store } = renderApp(`/collect?id=${photo}`, { cookies: browserCookieJar });
    expect(await screen.findByRole('img', { name: 'Foto do evento festa_ana' })).toHaveAttribute(
      'src',
      `http://localhost/display${photo.slice('/media'.length)}.webp`,
    );
    await screen.findByText('Coletado!');
    expect(sessionOf(store.getState()).collection).toEqual([photo]);
    expect(sessionOf(store.getState()).events).toEqual(['festa_ana']);
    expect(decodeURIComponent(document.cookie)).toContain(`collection=${photo}`);
    expect(decodeURIComponent(document.cookie)).toContain('events=festa_ana');
  });

  it("shows 'Coletado!' and hides it after 2 seconds", async () => {
    jest.useFakeTimers();
    try {
      renderApp(`/collect?id=${photo}`);
      expect(await screen.findByText('Coletado!')).toBeInTheDocument();
      act(() => jest.advanceTimersByTime(1_900));
      expect(screen.getByText('Coletado!')).toBeInTheDocument();
      act(() => jest.advanceTimersByTime(200));
      expect(screen.queryByText('Coletado!')).not.toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  it('accepts a storage path whose last three segments are event, mode and file', async () => {
    const { store } = renderApp('/collect?id=gs://bucket/eventos/festa_ana/polaroid/p1.jpg');
    expect(await screen.findByRole('img', { name: 'Foto do evento festa_ana' })).toHaveAttribute(
      'src',
      'http://localhost/display/festa_ana/polaroid/p1.jpg.webp',
    );
    await screen.findByText('Coletado!');
    expect(sessionOf(store.getState()).collection).toEqual(['/media/festa_ana/polaroid/p1.jpg']);
  });

  it('shows a video with controls and no print icon', async () => {
    renderApp('/collect?id=/media/festa_ana/360/giro.mp4');
    const video = await screen.findByLabelText('Vídeo do evento festa_ana');
    expect(video.tagName).toBe('VIDEO');
    expect(video).toHaveAttribute('src', 'http://localhost/media/festa_ana/360/giro.mp4');
    expect(video).toHaveAttribute('controls');
    expect(screen.queryByRole('button', { name: 'Imprimir' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Compartilhar ou baixar' })).toBeInTheDocument();
  });

  it('adds the item to the account of a signed-in visitor', async () => {
    const added: string[] = [];
    network.use(
      http.get(`${API}/modifyAccount/add/collection/:value`, ({ params, request }) => {
        added.push(`${String(params.value)} ${request.headers.get('idToken')}`);
        return HttpResponse.text('ok');
      }),
    );
    renderApp(`/collect?id=${photo}`, { identity: fakeIdentity({ signedInAs: ANA, token: 'tok' }) });
    await screen.findByText('Coletado!');
    await waitFor(() => expect(added).toEqual([`${photo} tok`]));
  });

  it('shows the QR code of this link in a modal (size 128, level L)', async () => {
    const { user } = renderApp(`/collect?id=${photo}`);
    await user.click(await screen.findByRole('button', { name: 'Mostrar QR code' }));
    const dialog = await screen.findByRole('dialog', { name: 'QR code' });
    const qr = await within(dialog).findByRole('img', { name: 'QR code do link desta foto' });
    expect(qr).toHaveAttribute('height', '128');
    expect(qr).toHaveAttribute('width', '128');
    await user.click(within(dialog).getByRole('button', { name: 'Fechar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("'Ir para Evento' opens the event at this booth, 'Minha Coleção' the collection", async () => {
    network.use(
      http.get(`${API}/eventos/festa_ana/:agent`, () =>
        HttpResponse.json([{ title: 'festa_ana', visible: true, profile: '', cover: '', photos: 1, devices: ['pad'] }]),
      ),
      http.get(`${API}/all/festa_ana/pad`, () => HttpResponse.json({ product: [photo] })),
    );
    const { user, router } = renderApp(`/collect?id=${photo}`);
    await user.click(await screen.findByRole('button', { name: 'Ir para Evento' }));
    expect(router.state.location.pathname).toBe('/eventos/evento/pad');
    expect(await screen.findByRole('heading', { level: 1, name: 'festa_ana' })).toBeInTheDocument();
    await act(() => router.navigate(`/collect?id=${photo}`));
    await user.click(await screen.findByRole('button', { name: 'Minha Coleção' }));
    expect(router.state.location.pathname).toBe('/collection');
  });

  it('says the link is invalid, and collects nothing, for a malformed id', async () => {
    const { store } = renderApp('/collect?id=../../etc/passwd');
    expect(await screen.findByRole('alert')).toHaveTextContent('Link inválido');
    expect(sessionOf(store.getState()).collection).toEqual([]);
  });
});

describe('the device last-photo screen', () => {
  it(`names the booth and the event by their titles, waits 5 seconds, then offers 'COLETAR MINHA FOTO!' for the photo \
taken meanwhile`, async () => {
    jest.useFakeTimers({ advanceTimers: true });
    try {
      const previous = '/media/festa_ana/pad/foto-00.jpg';
      let calls = 0;
      network.use(
        http.get(`${API}/deviceLast/festa_ana/cabine-pad`, () => {
          calls += 1;
          // At the scan, the booth's last photo is still the previous guest's; theirs arrives meanwhile.
          return HttpResponse.json({
            product: [calls === 1 ? previous : photo],
            boothTitle: 'Cabine Pad',
            eventTitle: 'Festa da Ana',
          });
        }),
      );
      const { router } = renderApp('/deviceLast?bname=festa_ana&device=cabine-pad');
      const waiting = await screen.findByText(/^Esperando a /);
      expect(waiting).toHaveTextContent(
        'Esperando a Cabine Pad enviar o que acabou de registrar no evento Festa da Ana... 5 s',
      );
      expect(screen.queryByText(/cabine-pad|festa_ana/)).not.toBeInTheDocument();
      act(() => jest.advanceTimersByTime(3_000));
      expect(waiting).toHaveTextContent('... 2 s');
      act(() => jest.advanceTimersByTime(1_900));
      expect(screen.queryByRole('button', { name: 'COLETAR MINHA FOTO!' })).not.toBeInTheDocument();
      expect(calls).toBe(1);
      act(() => jest.advanceTimersByTime(200));
      const button = await screen.findByRole('button', { name: 'COLETAR MINHA FOTO!' });
      expect(calls).toBe(2);
      act(() => button.click());
      expect(router.state.location.pathname).toBe('/collect');
      expect(new URLSearchParams(router.state.location.search).get('id')).toBe(photo);
    } finally {
      jest.useRealTimers();
    }
  });

  it('says plainly that a booth is not one of the event, with no countdown, and leads to the event', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    try {
      let calls = 0;
      network.use(
        http.get(`${API}/deviceLast/festa_ana/cabine-x`, () => {
          calls += 1;
          return HttpResponse.json(
            { error: 'device_not_found', message: 'Dispositivo não encontrado neste evento.' },
            { status: 404 },
          );
        }),
      );
      renderApp('/deviceLast?bname=festa_ana&device=cabine-x');
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Esta cabine não foi encontrada neste evento. Escaneie de novo o QR code da cabine.',
      );
      expect(screen.getByRole('link', { name: 'Ir para Evento' })).toHaveAttribute('href', '/eventos/evento');
      act(() => jest.advanceTimersByTime(6_000));
      expect(screen.queryByText(/Esperando/)).not.toBeInTheDocument();
      expect(screen.queryByText(/\d s$/)).not.toBeInTheDocument();
      expect(calls).toBe(1);
    } finally {
      jest.useRealTimers();
    }
  });

  it('says plainly that an event does not exist, with no countdown, and leads home', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    try {
      network.use(
        http.get(`${API}/deviceLast/festa_nenhuma/cabine-pad`, () =>
          HttpResponse.json({ error: 'event_not_found', message: 'Evento não encontrado.' }, { status: 404 }),
        ),
      );
      renderApp('/deviceLast?bname=festa_nenhuma&device=cabine-pad');
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Este evento não foi encontrado. Confira o QR code da cabine.',
      );
      expect(screen.getByRole('link', { name: 'Ir para o início' })).toHaveAttribute('href', '/');
      act(() => jest.advanceTimersByTime(6_000));
      expect(screen.queryByText(/Esperando/)).not.toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'Ir para Evento' })).not.toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  it("sends the code of the booth's QR code with every ask, and says plainly when it has expired", async () => {
    jest.useFakeTimers({ advanceTimers: true });
    try {
      const codes: Array<string | null> = [];
      network.use(
        http.get(`${API}/deviceLast/festa_ana/cabine-pad`, ({ request }) => {
          codes.push(new URL(request.url).searchParams.get('code'));
          return HttpResponse.json({ product: [photo] });
        }),
        http.get(`${API}/deviceLast/festa_ana/cabine-velha`, () =>
          HttpResponse.json({ error: 'booth_code_expired', message: 'Este QR code já expirou.' }, { status: 404 }),
        ),
      );
      const { unmount } = renderApp('/deviceLast?bname=festa_ana&device=cabine-pad&code=AbCdEfGhIjKlMnOpQrStUv');
      act(() => jest.advanceTimersByTime(5_000));
      expect(await screen.findByRole('button', { name: 'COLETAR MINHA FOTO!' })).toBeInTheDocument();
      expect(codes).toEqual(['AbCdEfGhIjKlMnOpQrStUv', 'AbCdEfGhIjKlMnOpQrStUv']);
      unmount();

      renderApp('/deviceLast?bname=festa_ana&device=cabine-velha&code=AbCdEfGhIjKlMnOpQrStUv');
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Este QR code já expirou. Escaneie de novo o QR code na tela da cabine.',
      );
      expect(screen.getByRole('link', { name: 'Ir para o início' })).toHaveAttribute('href', '/');
    } finally {
      jest.useRealTimers();
    }
  });

  it(`gives a signed-in guest a private event's photo: asked before the sign-in is known, it asks again with the \
token`, async () => {
    jest.useFakeTimers({ advanceTimers: true });
    try {
      const tokens: Array<string | null> = [];
      network.use(
        http.get(`${API}/deviceLast/festa_ana/cabine-pad`, ({ request }) => {
          const token = request.headers.get('idToken');
          tokens.push(token);
          return token
            ? HttpResponse.json({ product: [photo] })
            : HttpResponse.json(
                { error: 'unauthenticated', message: 'Este evento é privado. Faça login para ver as fotos.' },
                { status: 401 },
              );
        }),
      );
      renderApp('/deviceLast?bname=festa_ana&device=cabine-pad&code=AbCdEfGhIjKlMnOpQrStUv', {
        identity: fakeIdentity({ signedInAs: ANA }),
      });
      act(() => jest.advanceTimersByTime(5_000));
      expect(await screen.findByRole('button', { name: 'COLETAR MINHA FOTO!' })).toBeInTheDocument();
      expect(screen.queryByText(/Faça login/)).not.toBeInTheDocument();
      expect(tokens.filter(Boolean).length).toBeGreaterThanOrEqual(1);
    } finally {
      jest.useRealTimers();
    }
  });

  it('says the photo has not arrived yet, and tries again', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    try {
      let calls = 0;
      network.use(
        http.get(`${API}/deviceLast/festa_ana/cabine-pad`, () => {
          calls += 1;
          // The answer at the scan, then the one after the wait: still nothing; then the photo.
          return HttpResponse.json({ product: calls <= 2 ? [] : [photo] });
        }),
      );
      renderApp('/deviceLast?bname=festa_ana&device=cabine-pad');
      act(() => jest.advanceTimersByTime(5_000));
      const retry = await screen.findByRole('button', { name: 'Tentar novamente' });
      act(() => retry.click());
      expect(await screen.findByRole('button', { name: 'COLETAR MINHA FOTO!' })).toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  it("says video on a 360 platform's button", async () => {
    jest.useFakeTimers({ advanceTimers: true });
    try {
      const video = '/media/festa_ana/360/giro.mp4';
      network.use(
        http.get(`${API}/deviceLast/festa_ana/plataforma-360`, () => HttpResponse.json({ product: [video] })),
      );
      renderApp('/deviceLast?bname=festa_ana&device=plataforma-360');
      act(() => jest.advanceTimersByTime(5_000));
      expect(await screen.findByRole('button', { name: 'COLETAR MEU VÍDEO!' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'COLETAR MINHA FOTO!' })).not.toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  it('refuses a malformed link', async () => {
    renderApp('/deviceLast?bname=../x&device=cam');
    expect(await screen.findByRole('alert')).toHaveTextContent('Link inválido');
  });
});
