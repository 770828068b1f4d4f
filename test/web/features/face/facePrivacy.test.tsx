/**
 * What the face screen keeps of a face and lets a guest undo: 'Não me mostre', 'Apagar minhas fotos', and
 * what it says is kept at every step.
 */
import { screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { FaceSearchReply } from '../../../../contract/wire';
import { memoryCookieJar } from '../../../../src/session';
import { agentSigner } from '../../../support/agentSigner';
import { API, network } from '../../../support/network';
import {
  type fakeWebcam,
  AGENT,
  FOUND,
  NO_SELFIE,
  serveFaces,
  openFace,
  agree,
  takeImage,
  resetCameraBetweenTests,
} from './faceScreen';

jest.mock('react-webcam', () => jest.requireActual<{ fakeWebcam: typeof fakeWebcam }>('./faceScreen').fakeWebcam);

resetCameraBetweenTests();

describe("the face screen: 'Encontre minhas fotos'", () => {
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
