import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { ANA, fakeIdentity } from '../../../support/fakeIdentity';
import { API, mediaFound, network } from '../../../support/network';
import { renderApp } from '../../../support/renderWithProviders';
import { sessionOf, withSession } from '../../../support/session';
import { agentSigner } from '../../../support/agentSigner';
import { memoryCookieJar } from '../../../../src/session';

const VIDEO = '/media/festa/360/giro-01.mp4';
const PAGE = '/ultraLast?device=p1&bname=festa';

type Reply = 'in_session' | { product: string[] } | { status: number; error: string; message: string };

/** The platform's answers, one per call (the last repeats); returns the calls seen. */
function servePlatform(replies: Reply[], { firstDelayMs = 0 } = {}) {
  const calls: string[] = [];
  network.use(
    http.get(`${API}/ultraLast/:device/:bname`, async ({ request }) => {
      calls.push(new URL(request.url).pathname);
      if (calls.length === 1 && firstDelayMs > 0) await delay(firstDelayMs);
      const reply = replies[Math.min(calls.length, replies.length) - 1];
      if (reply === 'in_session') return HttpResponse.text('in_session');
      if ('status' in reply)
        return HttpResponse.json({ error: reply.error, message: reply.message }, { status: reply.status });
      return HttpResponse.json(reply);
    }),
  );
  return calls;
}

const wait = (ms: number) => act(async () => void (await jest.advanceTimersByTimeAsync(ms)));

function open(url = PAGE) {
  jest.useFakeTimers({ advanceTimers: true });
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  return { ...renderApp(url), user };
}

afterEach(() => jest.useRealTimers());

describe('the 360 result screen', () => {
  it('asks every 5 seconds while the platform is in session, then stops once the video is ready', async () => {
    const replies: Reply[] = ['in_session'];
    const calls = servePlatform(replies);
    open();
    expect(await screen.findByText('Sessão em andamento')).toBeInTheDocument();
    // Something moves while the guest waits, and says what it waits for.
    expect(screen.getByRole('progressbar', { name: 'Sessão em andamento' })).not.toHaveAttribute('value');
    expect(calls).toEqual(['/api/ultraLast/p1/festa']);
    await wait(5_000);
    expect(calls).toHaveLength(2);
    await wait(5_000);
    expect(calls).toHaveLength(3);

    replies[0] = { product: [VIDEO] };
    await wait(5_000);
    expect(calls).toHaveLength(4);
    expect(await screen.findByRole('heading', { name: 'Seu vídeo está pronto!' })).toBeInTheDocument();
    expect(screen.queryByText('Sessão em andamento')).not.toBeInTheDocument();

    await wait(20_000);
    expect(calls).toHaveLength(4);
  });

  it("says 'Processando vídeo, aguarde...' 25 seconds after the first in_session", async () => {
    // The first answer takes 3 s: the 25 s count from it, not from the page opening.
    servePlatform(['in_session'], { firstDelayMs: 3_000 });
    open();
    expect(await screen.findByText('Buscando o seu vídeo...')).toBeInTheDocument();
    await wait(3_000);
    expect(await screen.findByText('Sessão em andamento')).toBeInTheDocument();
    // 25.5 s after the page opened, 22.5 s after the first in_session.
    await wait(22_500);
    expect(screen.getByText('Sessão em andamento')).toBeInTheDocument();
    expect(screen.queryByText('Processando vídeo, aguarde...')).not.toBeInTheDocument();
    await wait(3_000);
    expect(screen.getByText('Processando vídeo, aguarde...')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Processando vídeo, aguarde...' })).toBeInTheDocument();
    expect(screen.queryByText('Sessão em andamento')).not.toBeInTheDocument();
  });

  it("shows the video with its poster, and 'COLETAR MEU VÍDEO' collects it", async () => {
    network.use(mediaFound);
    servePlatform([{ product: [VIDEO] }]);
    const { router, user } = open();
    expect(await screen.findByRole('heading', { name: 'Seu vídeo está pronto!' })).toBeInTheDocument();
    const video = screen.getByLabelText('Vídeo 360 do evento festa');
    expect(video.tagName).toBe('VIDEO');
    expect(video).toHaveAttribute('src', `http://localhost${VIDEO}`);
    expect(video).toHaveAttribute('poster', `http://localhost/thumbs/festa/360/giro-01.mp4.webp`);
    expect(video).toHaveAttribute('controls');
    expect(video).toHaveAttribute('playsinline');

    const collect = screen.getByRole('link', { name: 'COLETAR MEU VÍDEO' });
    expect(collect).toHaveAttribute('href', `/collect?id=${encodeURIComponent(VIDEO)}`);
    await user.click(collect);
    expect(router.state.location.pathname).toBe('/collect');
    expect(new URLSearchParams(router.state.location.search).get('id')).toBe(VIDEO);
  });

  it(`shows the server's message when the call fails, stops asking, and tries again on 'Tentar \
novamente'`, async () => {
    const replies: Reply[] = [
      { status: 404, error: 'device_not_found', message: 'Plataforma 360 não encontrada.' },
      'in_session',
    ];
    const calls = servePlatform(replies);
    const { user } = open();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Plataforma 360 não encontrada.');
    await wait(12_000);
    expect(calls).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText('Sessão em andamento')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(calls).toHaveLength(2);
    await wait(5_000);
    expect(calls).toHaveLength(3);
  });

  it("asks for this visitor's own session (their agent) and shows the video the platform made for them", async () => {
    network.use(mediaFound);
    const asked: (string | null)[] = [];
    network.use(
      http.get(`${API}/ultraLast/p1/festa`, ({ request }) => {
        const agent = new URL(request.url).searchParams.get('agent');
        asked.push(agent);
        // As the server answers: a visitor's own video, and nothing of anyone else's.
        return HttpResponse.json({ product: agent === 'visitanteA1' ? [VIDEO] : [] });
      }),
    );
    jest.useFakeTimers({ advanceTimers: true });
    const { store } = renderApp(PAGE, { preloadedState: withSession({ agent: 'visitanteA1' }) });
    expect(await screen.findByRole('heading', { name: 'Seu vídeo está pronto!' })).toBeInTheDocument();
    expect(asked).toEqual(['visitanteA1']);
    // The video is the guest's from now on: 'Galeria' shows it at once, collected or not.
    expect(sessionOf(store.getState()).collection).toEqual([VIDEO]);
  });

  it(`opened with an agent the server never signed: shows the video of the agent the server gave, with no \
refusal`, async () => {
    network.use(mediaFound);
    const cookies = memoryCookieJar({ agent: 'feitopeloapp0001' });
    const server = agentSigner(cookies);
    const asked: string[] = [];
    network.use(
      http.get(`${API}/ultraLast/p1/festa`, ({ request }) => {
        const agent = new URL(request.url).searchParams.get('agent') ?? '';
        asked.push(agent);
        return server.refusal(agent) ?? HttpResponse.json({ product: [VIDEO] });
      }),
    );
    jest.useFakeTimers({ advanceTimers: true });
    renderApp(PAGE, { preloadedState: withSession({ agent: 'feitopeloapp0001' }), cookies });
    expect(await screen.findByRole('heading', { name: 'Seu vídeo está pronto!' })).toBeInTheDocument();
    expect(asked).toEqual(['feitopeloapp0001', 'dadopeloservidor0001']);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('adds nothing to the collection while the platform is in session or has no video of this visitor', async () => {
    servePlatform(['in_session', { product: [] }]);
    const { store } = open();
    expect(await screen.findByText('Sessão em andamento')).toBeInTheDocument();
    await wait(5_000);
    expect(await screen.findByRole('alert')).toHaveTextContent('Ainda não há um vídeo seu nesta plataforma 360.');
    expect(sessionOf(store.getState()).collection).toEqual([]);
  });

  it(`gives a signed-in guest a private event's video: a login asked for before the sign-in is known is no \
failure`, async () => {
    network.use(mediaFound);
    const tokens: (string | null)[] = [];
    network.use(
      http.get(`${API}/ultraLast/p1/festa`, ({ request }) => {
        const token = request.headers.get('idToken');
        tokens.push(token);
        return token
          ? HttpResponse.json({ product: [VIDEO] })
          : HttpResponse.json(
              { error: 'unauthenticated', message: 'Este evento é privado. Faça login para ver as fotos.' },
              { status: 401 },
            );
      }),
    );
    jest.useFakeTimers({ advanceTimers: true });
    renderApp(PAGE, { identity: fakeIdentity({ signedInAs: ANA }) });
    await wait(5_000);
    expect(await screen.findByRole('heading', { name: 'Seu vídeo está pronto!' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(tokens.at(-1)).toEqual(expect.any(String));
  });

  it('says so, and offers no video, when the platform has none of this visitor', async () => {
    const calls = servePlatform([{ product: [] }]);
    open();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Ainda não há um vídeo seu nesta plataforma 360. Escaneie o QR code da plataforma para gravar o seu e ' +
        'tente de novo.',
    );
    expect(screen.queryByRole('heading', { name: 'Seu vídeo está pronto!' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
    await wait(10_000);
    expect(calls).toHaveLength(1);
  });

  it.each(['/ultraLast', '/ultraLast?device=p1', '/ultraLast?bname=festa', '/ultraLast?device=p1&bname=festa/../x'])(
    'explains a link without a valid device and event (%s), and asks nothing',
    async (url) => {
      const calls = servePlatform(['in_session']);
      open(url);
      expect(await screen.findByRole('alert')).toHaveTextContent('Link inválido: faltam a plataforma 360 e o evento.');
      await wait(6_000);
      expect(calls).toEqual([]);
    },
  );
});
