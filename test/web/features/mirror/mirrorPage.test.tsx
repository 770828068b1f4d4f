import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { selectAgentResultsKnown, sessionStarted } from '../../../../src/session';
import { API, network } from '../../../support/network';
import { recordCalls } from '../../../support/recordCalls';
import { renderApp } from '../../../support/renderWithProviders';
import { withSession } from '../../../support/session';
import { memoryCookieJar } from '../../../../src/session';
import { agentSigner } from '../../../support/agentSigner';
import { fakeMirror, IMAGE, MIRROR_LINK, MODES, SESSION } from './fakeMirror';

const wait = (ms: number) => act(async () => void (await jest.advanceTimersByTimeAsync(ms)));

/** The phone's own agent is the one the server gave it (its cookie), whatever the link says. */
function open(link = MIRROR_LINK) {
  const view = renderApp(link, { preloadedState: withSession({ agent: SESSION.agent }) });
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  return { ...view, user };
}

type User = ReturnType<typeof open>['user'];

/** From the link to 'Sim' on the first scenario of Anime (prompt_ok, and the first look at the image). */
async function chooseAnimeMagic(user: User) {
  await user.click(await screen.findByRole('button', { name: 'Anime' }));
  await user.click(await screen.findByRole('button', { name: 'Escola de magia' }));
  const dialog = await screen.findByRole('dialog', { name: 'Confirma a escolha?' });
  await user.click(within(dialog).getByRole('button', { name: 'Sim' }));
  await screen.findByRole('heading', { level: 2, name: /^Sessão/ });
}

beforeEach(() => jest.useFakeTimers({ advanceTimers: true }));
afterEach(() => jest.useRealTimers());

describe('the AI mirror screen', () => {
  it('starts the session and offers the modes as cards, plus a custom prompt', async () => {
    const mirror = fakeMirror();
    open();
    const modes = await screen.findByRole('region', { name: 'Escolha o modo' });
    const anime = await within(modes).findByRole('button', { name: 'Anime' });
    expect(anime).toHaveAccessibleDescription('Vire personagem de anime.');
    expect(anime.querySelector('img')).toHaveAttribute('src', 'http://localhost/media/loja/feed/espelho-anime.png');
    expect(anime.closest('li')).toHaveStyle({ backgroundColor: '#f7c6e0' });
    const oil = within(modes).getByRole('button', { name: 'Pintura a óleo' });
    expect(oil.closest('li')?.style.backgroundImage).toBe('url("http://localhost/media/loja/feed/fundo-oleo.jpg")');
    expect(
      within(modes)
        .getAllByRole('button')
        .map((b) => b.querySelector('.mirror-card__title')?.textContent),
    ).toEqual(['Anime', 'Pintura a óleo', 'Custom Prompt']);
    expect(mirror.calls).toEqual(['start/0', 'get_modes/0']);
  });

  it(`goes from a mode and a confirmed scenario to the finished image after a few no_image, then frees the \
mirror`, async () => {
    const mirror = fakeMirror({ images: ['no_image', 'no_image', IMAGE] });
    const { user } = open();
    await chooseAnimeMagic(user);
    expect(screen.getByRole('heading', { level: 2, name: 'Sessão em andamento' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('O espelho está criando a sua imagem');
    // Something moves while the guest waits, and says what it waits for.
    expect(screen.getByRole('progressbar', { name: 'Sessão em andamento' })).not.toHaveAttribute('value');

    await wait(5_000);
    expect(mirror.count('get_last_image')).toBe(2);
    expect(screen.getByRole('heading', { level: 2, name: 'Sessão em andamento' })).toBeInTheDocument();
    await wait(5_000);

    expect(await screen.findByRole('heading', { level: 2, name: 'Sessão finalizada' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Sua imagem do espelho mágico' })).toHaveAttribute(
      'src',
      `http://localhost${IMAGE}`,
    );
    expect(screen.getByRole('link', { name: 'Coletar' })).toHaveAttribute(
      'href',
      `/collect?id=${encodeURIComponent(IMAGE)}`,
    );
    await wait(0);
    expect(mirror.steps()).toEqual([
      'start/0',
      'mode/Anime',
      'prompt/Escola de magia',
      'get_last_image/0',
      'get_last_image/0',
      'get_last_image/0',
      'restart/0',
    ]);
  });

  it('stops asking once the image came', async () => {
    const mirror = fakeMirror({ images: [IMAGE] });
    const { user } = open();
    await chooseAnimeMagic(user);
    await screen.findByRole('heading', { level: 2, name: 'Sessão finalizada' });
    await wait(60_000);
    expect(mirror.count('get_last_image')).toBe(1);
    expect(mirror.count('restart')).toBe(1);
  });

  it(`shows the image in 'Galeria' right after 'Sessão finalizada', though the results the app asked for at its start \
predate it`, async () => {
    fakeMirror({ images: [IMAGE] });
    const asked: string[] = [];
    network.use(
      http.get(`${API}/agentResults/:agent`, ({ params }) => {
        asked.push(String(params.agent));
        return HttpResponse.json({ product: [] });
      }),
    );
    const { store } = renderApp(MIRROR_LINK, { preloadedState: withSession({ agent: SESSION.agent }) });
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    act(() => void store.dispatch(sessionStarted()));
    // The start's question is answered (nothing yet) before the session even begins.
    await waitFor(() => expect(selectAgentResultsKnown(store.getState())).toBe(true));
    expect(asked).toEqual([SESSION.agent]);
    await chooseAnimeMagic(user);
    await screen.findByRole('heading', { level: 2, name: 'Sessão finalizada' });

    await user.click(
      within(screen.getByRole('navigation', { name: 'Menu principal' })).getByRole('link', { name: 'Galeria' }),
    );
    const grid = await screen.findByRole('list', { name: 'Minha Coleção' });
    expect(within(grid).getAllByRole('listitem')).toHaveLength(1);
    expect(grid.querySelector('img')?.getAttribute('src')).toContain(IMAGE.replace('/media/', '/'));
    expect(window.alert).not.toHaveBeenCalled();
    expect(asked).toEqual([SESSION.agent]);
  });

  it(`asks exactly 6 times, then says the image did not come in time, restarts once and offers to start \
again`, async () => {
    const mirror = fakeMirror();
    const { user } = open();
    await chooseAnimeMagic(user);
    for (let poll = 2; poll <= 6; poll += 1) {
      expect(screen.queryByText(/a tempo/)).not.toBeInTheDocument();
      await wait(5_000);
      expect(mirror.count('get_last_image')).toBe(poll);
    }
    expect(await screen.findByRole('heading', { level: 2, name: 'A imagem não chegou a tempo' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('O espelho não entregou a sua imagem a tempo.');
    await wait(60_000);
    expect(mirror.count('get_last_image')).toBe(6);
    expect(mirror.count('restart')).toBe(1);
    expect(mirror.steps().at(-1)).toBe('restart/0');

    await user.click(screen.getByRole('button', { name: 'Começar de novo' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Escolha o modo' })).toBeInTheDocument();
    expect(mirror.count('start')).toBe(2);
  });

  it("'Não' (or Escape) closes the confirmation and returns to the scenarios without sending anything", async () => {
    const mirror = fakeMirror();
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Anime' }));
    await user.click(await screen.findByRole('button', { name: 'Festival de verão' }));
    let dialog = await screen.findByRole('dialog', { name: 'Confirma a escolha?' });
    expect(dialog).toHaveTextContent('Festival de verão');
    expect(dialog).toContainElement(document.activeElement as HTMLElement);

    await user.click(within(dialog).getByRole('button', { name: 'Não' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Escolha a mágica' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Escola de magia' }));
    dialog = await screen.findByRole('dialog', { name: 'Confirma a escolha?' });
    expect(dialog).toHaveTextContent('Escola de magia');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Escola de magia' })).toBeInTheDocument();
    expect(mirror.count('prompt')).toBe(0);
  });

  it('sends a custom prompt as the custom mode first, then as the prompt', async () => {
    const mirror = fakeMirror();
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Custom Prompt' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Digite o prompt' })).toBeInTheDocument();
    const send = screen.getByRole('button', { name: 'Enviar' });
    expect(send).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Digite o prompt' }), 'um gato astronauta, 100% feliz?');
    await user.click(send);

    expect(await screen.findByRole('heading', { level: 2, name: 'Sessão em andamento' })).toBeInTheDocument();
    expect(mirror.steps().slice(0, 4)).toEqual([
      'start/0',
      'mode/custom',
      'prompt/um gato astronauta, 100% feliz?',
      'get_last_image/0',
    ]);
  });

  it("shows the server's message when the QR code expired, and no retry", async () => {
    fakeMirror({
      failures: {
        start: {
          status: 409,
          error: 'session_expired',
          message: 'Este QR code expirou. Escaneie o novo código do espelho.',
        },
      },
    });
    open();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Este QR code expirou. Escaneie o novo código do espelho.',
    );
    expect(screen.queryByRole('button', { name: 'Tentar novamente' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 2, name: 'Escolha o modo' })).not.toBeInTheDocument();
  });

  it("shows the server's message when the mirror is busy, and starts on 'Tentar novamente'", async () => {
    const mirror = fakeMirror({
      failures: { start: { status: 409, error: 'session_busy', message: 'O espelho está em uso por outra pessoa.' } },
    });
    const { user } = open();
    expect(await screen.findByRole('alert')).toHaveTextContent('O espelho está em uso por outra pessoa.');
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Escolha o modo' })).toBeInTheDocument();
    expect(mirror.count('start')).toBe(2);
  });

  it("keeps the scenarios and shows the server's message when a prompt is refused", async () => {
    const mirror = fakeMirror({
      failures: { prompt: { status: 404, error: 'prompt_not_found', message: 'Mágica desconhecida.' } },
    });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Anime' }));
    await user.click(await screen.findByRole('button', { name: 'Escola de magia' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sim' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Mágica desconhecida.');
    expect(screen.getByRole('heading', { level: 2, name: 'Escolha a mágica' })).toBeInTheDocument();
    await wait(10_000);
    expect(mirror.count('get_last_image')).toBe(0);
  });

  it("drives the mirror as the phone's own agent, not the one a link names", async () => {
    const mirror = fakeMirror();
    open(`/espelho?dh=${SESSION.dh}&sh=${SESSION.sh}&agent=agentalheio1`);
    expect(await screen.findByRole('button', { name: 'Anime' })).toBeInTheDocument();
    expect(mirror.calls).toEqual(['start/0', 'get_modes/0']);
  });

  it(`opened with an agent the server never signed: starts the session as the agent the server gave, with no refusal \
shown`, async () => {
    const cookies = memoryCookieJar({ agent: SESSION.agent });
    const server = agentSigner(cookies);
    const calls: string[] = [];
    network.use(
      http.get(`${API}/espelho/:dh/:sh/:agent/:call/:arg`, ({ params }) => {
        calls.push(`${String(params.call)} ${String(params.agent)}`);
        const refusal = server.refusal(String(params.agent));
        if (refusal) return refusal;
        return params.call === 'start' ? HttpResponse.text('start_ok') : HttpResponse.json(MODES);
      }),
    );
    renderApp(MIRROR_LINK, { preloadedState: withSession({ agent: SESSION.agent }), cookies });
    expect(await screen.findByRole('button', { name: 'Anime' })).toBeInTheDocument();
    expect(calls).toEqual([`start ${SESSION.agent}`, 'start dadopeloservidor0001', 'get_modes dadopeloservidor0001']);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it(`takes no agent from the link: a phone the server gave no visitor is asked to reload, and nothing is \
called`, async () => {
    const calls = recordCalls({ text: 'start_ok' });
    renderApp(MIRROR_LINK);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Não reconhecemos este aparelho. Recarregue a página e tente de novo.',
    );
    await wait(1_000);
    expect(calls).toEqual([]);
  });

  it('asks to scan the QR code when the link lacks its parameters, and calls nothing', async () => {
    const calls = recordCalls({ text: 'start_ok' });
    open('/espelho?dh=espelho-1&agent=ag1');
    expect(await screen.findByRole('alert')).toHaveTextContent('Escaneie o QR code do espelho para começar.');
    await wait(1_000);
    expect(calls).toEqual([]);
  });
});
