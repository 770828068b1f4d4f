/**
 * The face screen's 'Pegar todas': every photo found goes to 'Minha Coleção' in one tap.
 */
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { API, network } from '../../../support/network';
import {
  type fakeWebcam,
  AGENT,
  PHOTO_A,
  PHOTO_B,
  FOUND,
  serveFaces,
  openFace,
  resetCameraBetweenTests,
} from './faceScreen';

jest.mock('react-webcam', () => jest.requireActual<{ fakeWebcam: typeof fakeWebcam }>('./faceScreen').fakeWebcam);

resetCameraBetweenTests();

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
    // The queue tries at once, and finds no connection either.
    network.use(http.post(`${API}/coletado`, () => HttpResponse.error()));
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
