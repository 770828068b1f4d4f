import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type * as ReactModule from 'react';
import type { ReactElement, Ref } from 'react';
import type { FaceSearchReply } from '../../../../contract/wire';
import { memoryCookieJar } from '../../../../src/session';
import { agentSigner } from '../../../support/agentSigner';
import { API, network } from '../../../support/network';
import { renderApp, type RenderAppOptions } from '../../../support/renderWithProviders';
import { withSession } from '../../../support/session';

const AGENT = 'k3j9x2a1b0q8w7e6r5t4';
const SHOT = 'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQAAAQABAAD/2wBD';
const SECOND_SHOT = 'data:image/jpeg;base64,/9j/SECONDSHOTAAQSkZJRg';

// The camera as react-webcam drives it: what the browser answers, and the screenshots taken.
let mockCamera: 'allowed' | 'pending' | 'NotAllowedError' | 'NotFoundError' | 'NotReadableError' = 'allowed';
const mockShots: string[] = [];
const mockScreenshot = jest.fn((_size?: { width: number; height: number }) => mockShots.shift() ?? null);
const mockProps = jest.fn();

jest.mock('react-webcam', () => {
  const React = jest.requireActual<typeof ReactModule>('react');
  interface FakeProps {
    ref?: Ref<unknown>;
    onUserMedia: (stream: unknown) => void;
    onUserMediaError: (error: unknown) => void;
  }
  function FakeWebcam(props: FakeProps): ReactElement {
    const { ref, onUserMedia, onUserMediaError } = props;
    mockProps(props);
    React.useImperativeHandle(ref, () => ({
      getScreenshot: mockScreenshot,
      video: { videoWidth: 1280, videoHeight: 960 },
    }));
    React.useEffect(() => {
      if (mockCamera === 'allowed') onUserMedia({});
      else if (mockCamera !== 'pending') onUserMediaError(new DOMException('camera', mockCamera));
      // The browser answers once per camera opened.
      // eslint-disable-next-line react-hooks/exhaustive-deps
    }, []);
    return React.createElement('video', { 'aria-label': 'Câmera' });
  }
  return { __esModule: true, default: FakeWebcam };
});

const PHOTO_A = '/media/festa_ana/pad/a1.jpg';
const PHOTO_B = '/media/festa_ana/pad/a2.jpg';
const FOUND: FaceSearchReply = {
  selfie: true,
  hidden: false,
  found: [
    { url: PHOTO_B, event: 'festa_ana' },
    { url: PHOTO_A, event: 'festa_ana' },
  ],
  searched: ['festa_ana'],
  unavailable: ['outra'],
};
const NO_SELFIE: FaceSearchReply = {
  selfie: false,
  hidden: false,
  found: [],
  searched: ['festa_ana'],
  unavailable: [],
};

/** The face server: what it answers to the selfie and to the search again, and what it received. */
function serveFaces({
  upload = () => HttpResponse.json(FOUND),
  kept = () => NO_SELFIE,
}: { upload?: () => Response; kept?: () => FaceSearchReply } = {}) {
  const calls = { uploads: [] as { path: string; body: unknown }[], searches: [] as string[], hidden: [] as string[] };
  network.use(
    http.post(`${API}/uploadFace/:name`, async ({ request }) => {
      calls.uploads.push({ path: new URL(request.url).pathname, body: await request.json() });
      return upload();
    }),
    http.get(`${API}/fotos-do-rosto/:agent`, ({ request }) => {
      calls.searches.push(new URL(request.url).search);
      return HttpResponse.json(kept());
    }),
    http.post(`${API}/rostos-ocultos/:agent`, ({ params }) => {
      calls.hidden.push(`hide ${String(params.agent)}`);
      return HttpResponse.text('ok');
    }),
    http.delete(`${API}/rostos-ocultos/:agent`, ({ params }) => {
      calls.hidden.push(`show ${String(params.agent)}`);
      return HttpResponse.text('ok');
    }),
  );
  return calls;
}

async function openFace(agent = AGENT, url = '/face?evento=festa_ana', options: RenderAppOptions = {}) {
  jest.useFakeTimers({ advanceTimers: true });
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  const view = renderApp(url, { ...options, preloadedState: withSession({ agent, events: ['outra', 'festa_ana'] }) });
  await screen.findByRole('heading', { level: 1, name: 'Encontre minhas fotos' });
  return { ...view, user };
}

/** Past the consent: 'Concordo' ticked, the camera opened. */
async function agree(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('checkbox', { name: 'Concordo' }));
  await user.click(screen.getByRole('button', { name: 'Abrir a câmera' }));
}

const takeImage = () => screen.findByRole('button', { name: 'Take image' });
const preview = () => screen.queryByRole('img', { name: 'Sua foto, ainda não enviada' });

beforeEach(() => {
  mockCamera = 'allowed';
  mockShots.splice(0, mockShots.length, SHOT, SECOND_SHOT);
});

afterEach(() => {
  mockScreenshot.mockClear();
  mockProps.mockClear();
  jest.useRealTimers();
});

describe("the face screen: 'Encontre minhas fotos'", () => {
  it(`asks for consent first (what is done, for how long, how to delete): the camera opens only once 'Concordo' is \
ticked`, async () => {
    const calls = serveFaces();
    const { user } = await openFace();
    const consent = await screen.findByRole('region', { name: 'Antes da selfie' });
    expect(consent).toHaveTextContent('dado biométrico, um dado pessoal sensível (LGPD, art. 11)');
    expect(consent).toHaveTextContent('A imagem da selfie é apagada na hora: nunca é guardada.');
    expect(consent).toHaveTextContent('ficam guardados por 24 horas no máximo');
    expect(consent).toHaveTextContent('toque em "Apagar minhas fotos", aqui mesmo, quando quiser');
    expect(consent).toHaveTextContent('até você pedir para voltar a aparecer (no máximo 394 dias)');
    // The step's heading has the focus: a screen reader starts reading there.
    expect(screen.getByRole('heading', { name: 'Antes da selfie' })).toHaveFocus();
    const agreed = screen.getByRole('checkbox', { name: 'Concordo' });
    expect(agreed).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Abrir a câmera' })).toBeDisabled();
    expect(mockProps).not.toHaveBeenCalled();

    await user.click(agreed);
    await user.click(agreed);
    expect(screen.getByRole('button', { name: 'Abrir a câmera' })).toBeDisabled();
    await user.click(agreed);
    await user.click(screen.getByRole('button', { name: 'Abrir a câmera' }));
    const take = await takeImage();
    await waitFor(() => expect(take).toBeEnabled());
    expect(calls.uploads).toEqual([]);
  });

  it('takes a 640 px JPEG of quality 0.85 and shows it before anything is sent', async () => {
    const calls = serveFaces();
    const { user } = await openFace();
    await agree(user);
    await user.click(await takeImage());

    expect(mockProps).toHaveBeenCalledWith(
      expect.objectContaining({ screenshotFormat: 'image/jpeg', screenshotQuality: 0.85, audio: false }),
    );
    expect(mockScreenshot).toHaveBeenCalledWith({ width: 640, height: 480 });
    expect(preview()).toHaveAttribute('src', SHOT);
    expect(screen.getByRole('button', { name: 'Procurar minhas fotos' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Take image' })).not.toBeInTheDocument();
    await act(async () => void (await jest.advanceTimersByTimeAsync(2_000)));
    expect(calls.uploads).toEqual([]);
  });

  it(`sends the selfie with the page's event and the visitor's, and lists 'Suas fotos' best first, each opening the \
collect screen`, async () => {
    const calls = serveFaces();
    const { user, router } = await openFace();
    await agree(user);
    await user.click(await takeImage());
    await user.click(screen.getByRole('button', { name: 'Procurar minhas fotos' }));

    expect(await screen.findByRole('heading', { name: 'Suas fotos' })).toBeInTheDocument();
    expect(calls.uploads).toEqual([
      {
        path: `/api/uploadFace/${AGENT}`,
        body: { poligram: SHOT, consentimento: true, eventos: ['festa_ana', 'outra'] },
      },
    ]);
    expect(screen.getByText(/Encontramos você em 2 fotos\./)).toBeInTheDocument();
    const tiles = screen.getAllByRole('button', { name: /em que você aparece: abrir para coletar/ });
    expect(tiles.map((tile) => tile.getAttribute('aria-label'))).toEqual([
      'Foto 1 em que você aparece: abrir para coletar',
      'Foto 2 em que você aparece: abrir para coletar',
    ]);
    expect(screen.getByText('A busca por rosto não está disponível em: outra.')).toBeInTheDocument();
    expect(preview()).not.toBeInTheDocument();

    await user.click(tiles[0]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Coletar' })).toBeInTheDocument();
    expect(router.state.location).toMatchObject({ pathname: '/collect', search: `?id=${encodeURIComponent(PHOTO_B)}` });
  });

  it('says kindly when no photo was found, with tips, and takes another selfie', async () => {
    serveFaces({ upload: () => HttpResponse.json({ ...FOUND, found: [], unavailable: [] }) });
    const { user } = await openFace();
    await agree(user);
    await user.click(await takeImage());
    await user.click(screen.getByRole('button', { name: 'Procurar minhas fotos' }));
    expect(await screen.findByText('Ainda não encontramos você nas fotos.')).toBeInTheDocument();
    expect(screen.getByText(/Tente com o rosto bem iluminado, sem óculos escuros/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Tirar outra selfie' }));
    await user.click(await takeImage());
    expect(preview()).toHaveAttribute('src', SECOND_SHOT);
  });

  it("shows the server's message when no face is found, and sends again", async () => {
    let answers = 0;
    const calls = serveFaces({
      upload: () => {
        answers += 1;
        return answers === 1
          ? HttpResponse.json(
              {
                error: 'no_face',
                message:
                  'Não encontramos um rosto na foto. Tente com o rosto bem iluminado, sem óculos escuros, de ' +
                  'frente para a câmera.',
              },
              { status: 422 },
            )
          : HttpResponse.json(FOUND);
      },
    });
    const { user } = await openFace();
    await agree(user);
    await user.click(await takeImage());
    await user.click(screen.getByRole('button', { name: 'Procurar minhas fotos' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Não encontramos um rosto na foto.');
    expect(preview()).toHaveAttribute('src', SHOT);

    await user.click(screen.getByRole('button', { name: 'Procurar minhas fotos' }));
    expect(await screen.findByRole('heading', { name: 'Suas fotos' })).toBeInTheDocument();
    expect(calls.uploads).toHaveLength(2);
  });

  it('opens on the photos at once while a selfie of the visitor is kept, searching again for new ones', async () => {
    const calls = serveFaces({ kept: () => FOUND });
    await openFace();
    expect(await screen.findByRole('heading', { name: 'Suas fotos' })).toBeInTheDocument();
    expect(calls.searches).toEqual([`?eventos=${encodeURIComponent('festa_ana,outra')}`]);
    expect(screen.queryByRole('checkbox', { name: 'Concordo' })).not.toBeInTheDocument();
    expect(mockProps).not.toHaveBeenCalled();
  });

  it("'Não me mostre' hides the visitor's face from others' searches, and can be undone", async () => {
    let hidden = false;
    const hiddenIn: (string | null)[] = [];
    const calls = serveFaces({ kept: () => ({ ...FOUND, hidden }) });
    network.use(
      http.post(`${API}/rostos-ocultos/:agent`, ({ request }) => {
        // Hidden where the guest searched: the server keeps the events its own search may search.
        hiddenIn.push(new URL(request.url).searchParams.get('eventos'));
        hidden = true;
        return HttpResponse.text('ok');
      }),
      http.delete(`${API}/rostos-ocultos/:agent`, () => {
        hidden = false;
        return HttpResponse.text('ok');
      }),
    );
    const { user } = await openFace();
    await user.click(await screen.findByRole('button', { name: 'Não me mostre' }));
    expect(await screen.findByText(/Você pediu para não aparecer nas buscas de outros convidados/)).toHaveTextContent(
      'no máximo 394 dias',
    );
    expect(hiddenIn).toEqual(['festa_ana,outra']);
    await user.click(screen.getByRole('button', { name: 'Voltar a aparecer nas buscas' }));
    expect(await screen.findByRole('button', { name: 'Não me mostre' })).toBeInTheDocument();
    expect(calls.searches.length).toBeGreaterThanOrEqual(3);
  });

  it(`'Não me mostre' goes again under the agent the server gave when it no longer vouches for the one the screen was \
drawn with`, async () => {
    let hidden = false;
    const cookies = memoryCookieJar({ agent: AGENT });
    const server = agentSigner(cookies, [AGENT]);
    const hiddenAs: string[] = [];
    serveFaces({ kept: () => ({ ...FOUND, hidden }) });
    network.use(
      http.post(`${API}/rostos-ocultos/:agent`, ({ params }) => {
        hiddenAs.push(String(params.agent));
        const refusal = server.refusal(String(params.agent));
        if (refusal) return refusal;
        hidden = true;
        return HttpResponse.text('ok');
      }),
    );
    const { user } = await openFace(AGENT, '/face?evento=festa_ana', { cookies });
    const hide = await screen.findByRole('button', { name: 'Não me mostre' });
    server.forget(AGENT);
    await user.click(hide);
    expect(await screen.findByText(/Você pediu para não aparecer nas buscas de outros convidados/)).toBeInTheDocument();
    expect(hiddenAs).toEqual([AGENT, 'dadopeloservidor0001']);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('sends nothing without a visitor agent to file it under, and says so', async () => {
    const calls = serveFaces();
    const { user } = await openFace('');
    await agree(user);
    await user.click(await takeImage());
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Não encontramos a sua identificação de visitante: recarregue a página.',
    );
    expect(screen.getByRole('button', { name: 'Procurar minhas fotos' })).toBeDisabled();
    expect(calls.uploads).toEqual([]);
  });

  it(`finds the photos, with no refusal shown, when the server no longer vouches for the agent sent (its signature \
cleared on the way): the selfie goes again under the agent the reply gave`, async () => {
    const cookies = memoryCookieJar({ agent: AGENT });
    const server = agentSigner(cookies, [AGENT]);
    const uploads: string[] = [];
    network.use(
      http.post(`${API}/uploadFace/:agent`, ({ params }) => {
        uploads.push(String(params.agent));
        return server.refusal(String(params.agent)) ?? HttpResponse.json(FOUND);
      }),
      http.get(
        `${API}/fotos-do-rosto/:agent`,
        ({ params }) => server.refusal(String(params.agent)) ?? HttpResponse.json(NO_SELFIE),
      ),
    );
    const { user, store } = await openFace(AGENT, '/face?evento=festa_ana', { cookies });
    await agree(user);
    await user.click(await takeImage());
    server.forget(AGENT);
    await user.click(screen.getByRole('button', { name: 'Procurar minhas fotos' }));

    expect(await screen.findByRole('heading', { name: 'Suas fotos' })).toBeInTheDocument();
    expect(screen.getByText(/Encontramos você em 2 fotos\./)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(uploads).toEqual([AGENT, 'dadopeloservidor0001']);
    expect(store.getState().visitor.agent).toBe('dadopeloservidor0001');
  });

  it("keeps 'Take image' off until the camera shows a picture", async () => {
    mockCamera = 'pending';
    serveFaces();
    const { user } = await openFace();
    await agree(user);
    expect(await takeImage()).toBeDisabled();
    expect(mockScreenshot).not.toHaveBeenCalled();
  });

  it('asks for the camera permission when it is refused', async () => {
    mockCamera = 'NotAllowedError';
    serveFaces();
    const { user } = await openFace();
    await agree(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Permita o acesso à câmera para tirar a foto.');
    expect(screen.queryByRole('button', { name: 'Take image' })).not.toBeInTheDocument();
    // A refusal is remembered by the browser: the steps to undo it, on both phones.
    const alert = screen.getByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'No Android (Chrome)' })).toBeInTheDocument();
    expect(within(alert).getByRole('heading', { name: 'No iPhone (Safari)' })).toBeInTheDocument();
    expect(alert).toHaveTextContent('Toque em Permissões e ligue a Câmera');
    expect(alert).toHaveTextContent('Toque em Ajustes do Site, depois em Câmera, e escolha Permitir.');
  });

  it.each(['NotFoundError', 'NotReadableError'] as const)(
    'says there is no camera on %s, and can try again',
    async (error) => {
      mockCamera = error;
      serveFaces();
      const { user } = await openFace();
      await agree(user);
      expect(await screen.findByRole('alert')).toHaveTextContent('Não encontramos uma câmera neste aparelho.');
      mockCamera = 'allowed';
      await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
      expect(await takeImage()).toBeEnabled();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    },
  );

  it(`'Apagar minhas fotos' deletes the kept selfie after a second look, as the consent text promises; a new search \
asks consent again`, async () => {
    const deleted: string[] = [];
    serveFaces({ kept: () => FOUND });
    network.use(
      http.delete(`${API}/faces/:agent`, ({ params }) => {
        deleted.push(String(params.agent));
        return HttpResponse.text('ok');
      }),
    );
    const { user } = await openFace();
    await screen.findByRole('heading', { name: 'Suas fotos' });
    await user.click(screen.getByRole('button', { name: 'Apagar minhas fotos' }));
    expect(deleted).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(deleted).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Apagar minhas fotos' }));
    // The two answers sit apart in a row of buttons, not touching.
    const yes = screen.getByRole('button', { name: 'Sim, apagar' });
    expect(yes.parentElement).toHaveClass('face__buttons');
    expect(screen.getByRole('button', { name: 'Cancelar' }).parentElement).toBe(yes.parentElement);
    await user.click(yes);
    expect(
      await screen.findByText('Sua selfie foi apagada: não guardamos mais nada do seu rosto.'),
    ).toBeInTheDocument();
    expect(deleted).toEqual([AGENT]);
    expect(screen.queryByRole('heading', { name: 'Suas fotos' })).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Concordo' })).not.toBeChecked();
  });

  it(`offers no 'Apagar minhas fotos' while a search is under way (its answer would come after the \
deletion)`, async () => {
    let answer: (response: Response) => void = () => undefined;
    serveFaces({ upload: () => HttpResponse.json(FOUND) });
    network.use(http.post(`${API}/uploadFace/:name`, () => new Promise<Response>((resolve) => (answer = resolve))));
    const { user } = await openFace();
    await agree(user);
    await user.click(await takeImage());
    expect(screen.getByRole('button', { name: 'Apagar minhas fotos' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Procurar minhas fotos' }));
    expect(await screen.findByRole('button', { name: 'Procurando...' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Apagar minhas fotos' })).not.toBeInTheDocument();
    answer(HttpResponse.json(FOUND));
    expect(await screen.findByRole('heading', { name: 'Suas fotos' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Apagar minhas fotos' })).toBeInTheDocument();
  });

  it(`tells a guest who asked not to be found, with no selfie kept, that they still are hidden, and lets them be found \
again`, async () => {
    let hidden = true;
    const calls = serveFaces({ kept: () => ({ ...NO_SELFIE, hidden }) });
    network.use(
      http.delete(`${API}/rostos-ocultos/:agent`, () => {
        hidden = false;
        return HttpResponse.text('ok');
      }),
    );
    const { user } = await openFace();
    expect(await screen.findByText(/Você pediu para não aparecer nas buscas de outros convidados/)).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Concordo' })).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Voltar a aparecer nas buscas' }));
    await waitFor(() => expect(screen.queryByText(/Você pediu para não aparecer/)).not.toBeInTheDocument());
    expect(calls.uploads).toEqual([]);
  });
});

/**
 * The face server as it keeps a visitor's face (docs/privacy.md): a selfie's numbers after a
 * search, a hidden face's after 'Não me mostre' (which needs a selfie), the selfie deleted by
 * 'Apagar minhas fotos' and the hidden face left; each answer says what is kept now.
 */
function keepingServer(start: { selfie?: boolean; hidden?: boolean } = {}) {
  const kept = { selfie: start.selfie ?? false, hidden: start.hidden ?? false };
  const reply = (): FaceSearchReply => ({ ...FOUND, ...kept, found: kept.selfie ? FOUND.found : [] });
  network.use(
    http.post(`${API}/uploadFace/:name`, () => {
      kept.selfie = true;
      return HttpResponse.json(reply());
    }),
    http.get(`${API}/fotos-do-rosto/:agent`, () => HttpResponse.json(reply())),
    http.post(`${API}/rostos-ocultos/:agent`, () => {
      if (!kept.selfie)
        return HttpResponse.json({ error: 'no_selfie', message: 'Tire uma selfie primeiro.' }, { status: 404 });
      kept.hidden = true;
      return HttpResponse.text('ok');
    }),
    http.delete(`${API}/rostos-ocultos/:agent`, () => {
      kept.hidden = false;
      return HttpResponse.text('ok');
    }),
    http.delete(`${API}/faces/:agent`, () => {
      kept.selfie = false;
      return HttpResponse.text('ok');
    }),
  );
  return kept;
}

describe('what the face screen says is kept of the face: one true thing at every step', () => {
  /** Every sentence of the screen about the face's numbers, and about a deletion. */
  const sayings = () =>
    screen.queryAllByText(/números do seu rosto|selfie foi apagada/).map((element) => element.textContent ?? '');
  const kept = () => screen.getByRole('region', { name: 'O que guardamos do seu rosto' });

  async function deleteSelfie(user: ReturnType<typeof userEvent.setup>) {
    await user.click(screen.getByRole('button', { name: 'Apagar minhas fotos' }));
    await user.click(screen.getByRole('button', { name: 'Sim, apagar' }));
  }

  async function searchAgain(user: ReturnType<typeof userEvent.setup>) {
    await agree(user);
    await user.click(await takeImage());
    await user.click(screen.getByRole('button', { name: 'Procurar minhas fotos' }));
    await screen.findByRole('heading', { name: 'Suas fotos' });
  }

  it('after a search: the numbers are kept for the search alone, 24 hours at most', async () => {
    keepingServer();
    const { user } = await openFace();
    await searchAgain(user);
    expect(await within(kept()).findByRole('status')).toHaveTextContent(
      'Guardamos os números do seu rosto por 24 horas no máximo, só para a sua busca: a imagem da selfie nunca ' +
        'é guardada.',
    );
    expect(sayings()).toHaveLength(1);
  });

  it("after 'Não me mostre': kept for the search and for hiding, until the guest shows up again", async () => {
    keepingServer({ selfie: true });
    const { user } = await openFace();
    await user.click(await screen.findByRole('button', { name: 'Não me mostre' }));
    await waitFor(() =>
      expect(sayings()).toEqual([
        expect.stringContaining('Você pediu para não aparecer nas buscas de outros convidados'),
      ]),
    );
    expect(sayings()[0]).toContain(
      'para a sua busca (24 horas no máximo) e para isso, até você voltar a aparecer nas buscas (no máximo 394 dias)',
    );
    expect(within(kept()).getByRole('button', { name: 'Voltar a aparecer nas buscas' })).toBeEnabled();
  });

  it("after 'Apagar minhas fotos': nothing is kept, said once", async () => {
    keepingServer({ selfie: true });
    const { user } = await openFace();
    await screen.findByRole('heading', { name: 'Suas fotos' });
    await deleteSelfie(user);
    await waitFor(() => expect(sayings()).toEqual(['Sua selfie foi apagada: não guardamos mais nada do seu rosto.']));
    expect(screen.queryByRole('button', { name: 'Não me mostre' })).not.toBeInTheDocument();
  });

  it(`'Não me mostre' then 'Apagar minhas fotos': the selfie is gone from the search and the numbers stay for the \
hiding alone, in one sentence`, async () => {
    const server = keepingServer({ selfie: true });
    const { user } = await openFace();
    await user.click(await screen.findByRole('button', { name: 'Não me mostre' }));
    await waitFor(() => expect(server.hidden).toBe(true));
    await screen.findByRole('button', { name: 'Voltar a aparecer nas buscas' });
    await user.click(screen.getByRole('button', { name: 'Apagar minhas fotos' }));
    // The second look says beforehand what stays.
    expect(screen.getByText(/Apagar a selfie guardada deste aparelho\?/)).toHaveTextContent(
      'Os números do seu rosto guardados para "Não me mostre" continuam',
    );
    await user.click(screen.getByRole('button', { name: 'Sim, apagar' }));
    await waitFor(() =>
      expect(sayings()).toEqual([
        'A sua selfie foi apagada da sua busca. Você pediu para não aparecer nas buscas de outros convidados: ' +
          'nos eventos em que você procura, as fotos em que reconhecemos o seu rosto ficam de fora dos ' +
          'resultados deles. Por isso ainda guardamos os números do seu rosto, só para isso, até você voltar a ' +
          'aparecer nas buscas (no máximo 394 dias).',
      ]),
    );
    expect(screen.getByRole('checkbox', { name: 'Concordo' })).not.toBeChecked();
    // Shown again: nothing is kept any more, and the screen says so.
    await user.click(screen.getByRole('button', { name: 'Voltar a aparecer nas buscas' }));
    await waitFor(() => expect(sayings()).toEqual(['Sua selfie foi apagada: não guardamos mais nada do seu rosto.']));
  });

  it(`'Apagar minhas fotos' then a new selfie and 'Não me mostre': the deletion is no longer said, the new numbers \
are`, async () => {
    keepingServer({ selfie: true });
    const { user } = await openFace();
    await screen.findByRole('heading', { name: 'Suas fotos' });
    await deleteSelfie(user);
    await screen.findByText('Sua selfie foi apagada: não guardamos mais nada do seu rosto.');
    await searchAgain(user);
    await waitFor(() =>
      expect(sayings()).toEqual([expect.stringContaining('Guardamos os números do seu rosto por 24 horas no máximo')]),
    );
    await user.click(screen.getByRole('button', { name: 'Não me mostre' }));
    await waitFor(() =>
      expect(sayings()).toEqual([expect.stringContaining('para a sua busca (24 horas no máximo) e para isso')]),
    );
  });

  it('a guest hidden with no selfie kept, coming back: kept for the hiding alone', async () => {
    keepingServer({ hidden: true });
    await openFace();
    await waitFor(() =>
      expect(sayings()).toEqual([
        expect.stringContaining('Por isso ainda guardamos os números do seu rosto, só para isso'),
      ]),
    );
    expect(sayings()[0]).not.toContain('apagada');
  });
});

describe("'Pegar todas': every photo found goes to 'Minha Coleção' in one tap", () => {
  /** The server's 'Pegar todas': what it received, and what it answers (by default, every photo collected). */
  function serveCollect(
    answer: (photos: string[]) => Response = (photos) => HttpResponse.json({ collected: photos, refused: [] }),
  ) {
    const asked: { agent: string; photos: string[] }[] = [];
    network.use(
      http.post(`${API}/fotos-do-rosto/:agent/colecao`, async ({ request, params }) => {
        const { fotos } = (await request.json()) as { fotos: string[] };
        asked.push({ agent: String(params.agent), photos: fotos });
        return answer(fotos);
      }),
    );
    return asked;
  }

  async function openResults() {
    serveFaces({ kept: () => FOUND });
    const view = await openFace();
    await screen.findByRole('heading', { name: 'Suas fotos' });
    return view;
  }

  it('collects every photo found in one request, says how many, and the collection holds them', async () => {
    const asked = serveCollect();
    const { user, store, router } = await openResults();
    await user.click(screen.getByRole('button', { name: 'Pegar todas' }));
    expect(await screen.findByText(/^2 fotos adicionadas à Minha Coleção\./)).toBeInTheDocument();
    expect(asked).toEqual([{ agent: AGENT, photos: [PHOTO_B, PHOTO_A] }]);
    expect(store.getState().collection.items).toEqual(expect.arrayContaining([PHOTO_A, PHOTO_B]));
    expect(store.getState().visitor.events).toContain('festa_ana');
    await user.click(screen.getByRole('link', { name: 'Ver Minha Coleção' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/collection'));
  });

  it('tapped twice: the second adds nothing and says the photos are there already', async () => {
    const asked = serveCollect();
    const { user, store } = await openResults();
    await user.click(screen.getByRole('button', { name: 'Pegar todas' }));
    await screen.findByText(/^2 fotos adicionadas à Minha Coleção\./);
    await user.click(screen.getByRole('button', { name: 'Pegar todas' }));
    expect(await screen.findByText(/^As 2 fotos encontradas já estão na Minha Coleção\./)).toBeInTheDocument();
    expect(asked).toHaveLength(2);
    expect(store.getState().collection.items.filter((url) => url === PHOTO_A || url === PHOTO_B)).toHaveLength(2);
  });

  it(`a photo the server refuses (gone since the search) is not collected, and the screen says so beside those that \
were`, async () => {
    serveCollect(() => HttpResponse.json({ collected: [PHOTO_B], refused: [PHOTO_A] }));
    const { user, store } = await openResults();
    await user.click(screen.getByRole('button', { name: 'Pegar todas' }));
    expect(
      await screen.findByText(
        /^1 foto adicionada à Minha Coleção\. 1 foto não pôde ser adicionada: ela não está mais disponível\./,
      ),
    ).toBeInTheDocument();
    expect(store.getState().collection.items).toContain(PHOTO_B);
    expect(store.getState().collection.items).not.toContain(PHOTO_A);
  });

  it("a refusal of the whole request says the server's words and collects nothing; tapped again, it goes", async () => {
    let refuse = true;
    serveCollect((photos) =>
      refuse
        ? HttpResponse.json(
            {
              error: 'too_many_requests',
              message: 'Muitas tentativas em pouco tempo. Espere um minuto e tente de novo.',
            },
            { status: 429 },
          )
        : HttpResponse.json({ collected: photos, refused: [] }),
    );
    const { user, store } = await openResults();
    await user.click(screen.getByRole('button', { name: 'Pegar todas' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Muitas tentativas em pouco tempo.');
    expect(store.getState().collection.items).not.toContain(PHOTO_A);
    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Pegar todas' }));
    expect(await screen.findByText(/^2 fotos adicionadas à Minha Coleção\./)).toBeInTheDocument();
  });

  it('without a connection, each photo waits in the offline queue as a collect link opened offline does', async () => {
    serveCollect(() => HttpResponse.error());
    const { user, store } = await openResults();
    await user.click(screen.getByRole('button', { name: 'Pegar todas' }));
    expect(
      await screen.findByText(/^Sem conexão: as 2 fotos entram na Minha Coleção assim que a conexão voltar\./),
    ).toBeInTheDocument();
    const queued = store.getState().outbox.items.filter((item) => item.kind === 'collect');
    expect(queued.map((item) => (item.kind === 'collect' ? [item.url, item.bname] : []))).toEqual([
      [PHOTO_B, 'festa_ana'],
      [PHOTO_A, 'festa_ana'],
    ]);
  });
});
