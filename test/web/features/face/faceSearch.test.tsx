/**
 * The face screen's search: the selfie sent with the events, the photos found (or none, or no face), a kept
 * selfie searched again, the visitor's agent.
 */
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { memoryCookieJar } from '../../../../src/session';
import { agentSigner } from '../../../support/agentSigner';
import { API, network } from '../../../support/network';
import {
  type fakeWebcam,
  AGENT,
  SHOT,
  SECOND_SHOT,
  mockProps,
  PHOTO_B,
  FOUND,
  NO_SELFIE,
  serveFaces,
  openFace,
  agree,
  takeImage,
  preview,
  resetCameraBetweenTests,
} from './faceScreen';

jest.mock('react-webcam', () => jest.requireActual<{ fakeWebcam: typeof fakeWebcam }>('./faceScreen').fakeWebcam);

resetCameraBetweenTests();

describe("the face screen: 'Encontre minhas fotos'", () => {
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
});
