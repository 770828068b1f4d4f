import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { clearCachedMedia } from '../../../../src/features/privacy/deviceCaches';
import { memoryCookieJar } from '../../../../src/session';
import { ANA, fakeIdentity } from '../../../support/fakeIdentity';
import { API, network } from '../../../support/network';
import { renderApp } from '../../../support/renderWithProviders';
import { agentSigner } from '../../../support/agentSigner';
import { sessionOf, withSession } from '../../../support/session';

const AGENT = 'k3j9x2a1b0q8w7e6r5t4';
const COLLECTION = ['/media/festa_ana/pad/a1.jpg', '/media/festa_ana/pad/a2.jpg'];
const SUMMARY = { collection: 0, packs: 0, events: 0, faces: 2, results: 1, grants: 1, orders: 0 };
const REMOVED = { collection: 0, packs: 0, events: 0, faces: 2, results: 1, grants: 1 };
const KEPT = 'Pedidos e pagamentos continuam guardados.';

interface Erasure {
  body: unknown;
  idToken: string | null;
}

/** The server: the summary, and the erasure (recorded) answering `status`. */
function serve(status = 200): Erasure[] {
  const erasures: Erasure[] = [];
  let erased = false;
  network.use(
    http.get(`${API}/privacy/data/:agent`, () =>
      HttpResponse.json(erased ? { ...SUMMARY, faces: 0, results: 0, grants: 0 } : SUMMARY),
    ),
    http.post(`${API}/privacy/erase`, async ({ request }) => {
      erasures.push({ body: await request.json(), idToken: request.headers.get('idToken') });
      if (status !== 200)
        return HttpResponse.json(
          { error: 'boom', message: 'Não foi possível apagar agora. Tente de novo.' },
          { status },
        );
      erased = true;
      return HttpResponse.json({ removed: REMOVED, kept: KEPT });
    }),
  );
  return erasures;
}

function guest() {
  const cookies = memoryCookieJar({
    collection: COLLECTION.join(','),
    events: 'festa_ana',
    packs: 'PACK5',
    bname: 'festa_ana',
    agent: AGENT,
  });
  const storage = window.localStorage;
  storage.setItem('collection', JSON.stringify(COLLECTION));
  const preloadedState = withSession({
    agent: AGENT,
    collection: COLLECTION,
    events: ['festa_ana'],
    packs: ['PACK5'],
    eventName: 'festa_ana',
  });
  return { cookies, storage, preloadedState };
}

async function openDialog(user: ReturnType<typeof renderApp>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Apagar minhas fotos' }));
  return screen.getByRole('dialog', { name: 'Apagar minhas fotos?' });
}

describe('the privacy page', () => {
  it(`says what is kept, for how long and why, the rights and whom to contact, and what the server holds \
now`, async () => {
    serve();
    renderApp('/privacidade', { ...guest() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacidade e seus dados' })).toBeInTheDocument();
    for (const name of [
      'O que temos sobre você agora',
      'Apagar minhas fotos',
      'O que guardamos, por quanto tempo e por quê',
      'Seus direitos',
      'Quem contatar',
    ]) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    }
    expect(
      screen.getByText(
        /A selfie que você tira para encontrar as fotos em que aparece é apagada na hora: nunca é guardada\./,
      ),
    ).toHaveTextContent('por 24 horas no máximo');
    expect(screen.getByText(/Ficam guardados por 5 anos, o prazo da lei/)).toBeInTheDocument();
    expect(screen.getByText(/Lei 13.709\/2018/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'formulário de contato' })).toHaveAttribute('href', '/#contato');
    expect(
      await screen.findByText(
        '2 registros do rosto, 1 imagem ou vídeo de cabine guardados para você; a sua presença em 1 evento',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(/2 itens na coleção, 1 evento,\s+1 pack de impressões/)).toBeInTheDocument();
  });
});

describe("'Apagar minhas fotos'", () => {
  it(`opens a dialog that says what goes and what stays, with focus kept inside; Escape cancels and changes \
nothing`, async () => {
    const erasures = serve();
    const setup = guest();
    const { user, store } = renderApp('/privacidade', setup);
    const dialog = await openDialog(user);
    expect(within(dialog).getByText(/a sua coleção \(Minha Coleção\) neste aparelho;/)).toBeInTheDocument();
    expect(within(dialog).getByText(/o que guardamos do seu rosto para encontrar você nas fotos/)).toBeInTheDocument();
    expect(within(dialog).getByText(/a sua presença nos eventos com link ou privados/)).toBeInTheDocument();
    expect(within(dialog).getByText(/pedidos e pagamentos, como exige a lei fiscal/)).toBeInTheDocument();
    expect(
      within(dialog).getByText(/as fotos e vídeos na galeria do evento, que pertencem ao evento/),
    ).toBeInTheDocument();

    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    for (let i = 0; i < 5; i += 1) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    await user.tab({ shift: true });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Apagar minhas fotos' }));
    expect(erasures).toEqual([]);
    expect(sessionOf(store.getState()).collection).toEqual(COLLECTION);
    expect(setup.cookies.get('collection')).toBe(COLLECTION.join(','));
  });

  it("'Cancelar' closes it and changes nothing", async () => {
    const erasures = serve();
    const setup = guest();
    const { user, store } = renderApp('/privacidade', setup);
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(erasures).toEqual([]);
    expect(sessionOf(store.getState())).toMatchObject({
      collection: COLLECTION,
      events: ['festa_ana'],
      packs: ['PACK5'],
    });
    expect(screen.queryByText(/Seus dados foram apagados/)).not.toBeInTheDocument();
  });

  it(`confirmed: the server erases the agent's data, then the device's lists, cookies and stored collection are \
emptied`, async () => {
    const erasures = serve();
    const setup = guest();
    const { user, store } = renderApp('/privacidade', setup);
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Sim, apagar tudo' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Seus dados foram apagados.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(erasures).toEqual([{ body: { agent: AGENT }, idToken: null }]);
    expect(sessionOf(store.getState())).toMatchObject({
      agent: AGENT,
      collection: [],
      events: [],
      packs: [],
      eventName: '',
    });
    for (const name of ['collection', 'events', 'packs', 'bname']) expect(setup.cookies.get(name)).toBeUndefined();
    expect(setup.cookies.get('agent')).toBe(AGENT);
    expect(JSON.parse(setup.storage.getItem('collection') ?? 'null')).toEqual([]);
    // What the page shows of the server is read again: nothing left.
    expect(
      await screen.findByText(
        '0 registros do rosto, 0 imagens ou vídeos de cabine guardados para você; a sua presença em 0 eventos',
      ),
    ).toBeInTheDocument();
  });

  it(`opened with an agent the server never signed: what it holds shows with no refusal, and the erasure goes under \
the agent it gave, though its signature was cleared again`, async () => {
    const setup = guest();
    const server = agentSigner(setup.cookies);
    const named: string[] = [];
    network.use(
      http.get(
        `${API}/privacy/data/:agent`,
        ({ params }) => server.refusal(String(params.agent)) ?? HttpResponse.json(SUMMARY),
      ),
      http.post(`${API}/privacy/erase`, async ({ request }) => {
        const { agent } = (await request.json()) as { agent: string };
        named.push(agent);
        return server.refusal(agent) ?? HttpResponse.json({ removed: REMOVED, kept: KEPT });
      }),
    );
    const { user, store } = renderApp('/privacidade', setup);
    expect(
      await screen.findByText(
        '2 registros do rosto, 1 imagem ou vídeo de cabine guardados para você; a sua presença em 1 evento',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(sessionOf(store.getState()).agent).toBe('dadopeloservidor0001');

    server.forget('dadopeloservidor0001');
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Sim, apagar tudo' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Seus dados foram apagados.');
    expect(named).toEqual(['dadopeloservidor0001', 'dadopeloservidor0002']);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('refused by the server: the reason shows in the dialog and the device keeps everything', async () => {
    const erasures = serve(503);
    const setup = guest();
    const { user, store } = renderApp('/privacidade', setup);
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Sim, apagar tudo' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Não foi possível apagar agora. Tente de novo.');
    expect(erasures).toHaveLength(1);
    expect(sessionOf(store.getState()).collection).toEqual(COLLECTION);
    expect(setup.cookies.get('collection')).toBe(COLLECTION.join(','));
  });

  it("signed in: the dialog names the account too, and the call carries the user's token", async () => {
    const erasures = serve();
    network.use(
      http.get(`${API}/account`, () =>
        HttpResponse.json({ email: ANA.email, displayName: 'Ana', collection: [], packs: [], events: [] }),
      ),
    );
    const setup = guest();
    const { user } = renderApp('/privacidade', {
      ...setup,
      identity: fakeIdentity({ signedInAs: ANA, token: 'token-ana' }),
    });
    await screen.findByText('Na sua conta');
    const dialog = await openDialog(user);
    expect(
      within(dialog).getByText(/a sua coleção \(Minha Coleção\) neste aparelho e na sua conta;/),
    ).toBeInTheDocument();
    expect(within(dialog).getByText(/a sua conta: você continua entrando/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Sim, apagar tudo' }));
    await screen.findByText(/Seus dados foram apagados/);
    expect(erasures).toEqual([{ body: { agent: AGENT }, idToken: 'token-ana' }]);
  });

  it(`on the collection screen: the collection empties and the page says so, without the empty-collection \
alert`, async () => {
    serve();
    const setup = guest();
    const { user, router } = renderApp('/collection', setup);
    await screen.findByRole('list', { name: 'Minha Coleção' });
    expect(screen.getByRole('link', { name: 'Privacidade e seus dados' })).toHaveAttribute('href', '/privacidade');
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Sim, apagar tudo' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Seus dados foram apagados.');
    expect(screen.queryByRole('list', { name: 'Minha Coleção' })).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/collection');
    expect(window.alert).not.toHaveBeenCalled();
  });
});

describe('the cached media', () => {
  afterEach(() => {
    delete (globalThis as { caches?: unknown }).caches;
  });

  it("go from Cache Storage (media, thumbnails, renditions, API replies), the app's own files stay", async () => {
    const stored = new Map<string, Set<string>>([
      [
        'runtime-media',
        new Set(['http://localhost/media/festa_ana/pad/a1.jpg', 'http://localhost/thumbs/festa_ana/pad/a1.jpg.webp']),
      ],
      ['cabine-display-v1', new Set(['http://localhost/display/festa_ana/pad/a1.jpg.webp'])],
      ['precache', new Set(['http://localhost/index.html', 'http://localhost/static/main.js'])],
      ['api', new Set(['http://localhost/api/agentResults/abc'])],
    ]);
    const fakeCaches = {
      keys: async () => [...stored.keys()],
      open: async (name: string) => ({
        keys: async () => [...(stored.get(name) ?? [])].map((url) => ({ url })),
        delete: async (request: { url: string }) => stored.get(name)?.delete(request.url) ?? false,
      }),
    };
    (globalThis as { caches?: unknown }).caches = fakeCaches;
    expect(await clearCachedMedia()).toBe(4);
    expect([...stored.entries()].map(([name, urls]) => [name, [...urls]])).toEqual([
      ['runtime-media', []],
      ['cabine-display-v1', []],
      ['precache', ['http://localhost/index.html', 'http://localhost/static/main.js']],
      ['api', []],
    ]);
  });

  it('without Cache Storage, nothing to do', async () => {
    expect(await clearCachedMedia()).toBe(0);
  });
});

describe('the links to the privacy page', () => {
  it('from the landing page footer', async () => {
    renderApp('/');
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Privacidade e seus dados' })).toHaveAttribute('href', '/privacidade'),
    );
  });

  it("from the account's menu", async () => {
    network.use(
      http.get(`${API}/account`, () =>
        HttpResponse.json({
          email: ANA.email,
          displayName: 'Ana',
          photoURL: '',
          partner: '',
          events: [],
          transactions: [],
          collection: [],
          packs: [],
        }),
      ),
      http.get(`${API}/load_transactions`, () => HttpResponse.json([])),
      http.get(`${API}/load_events`, () => HttpResponse.json([])),
      http.get(`${API}/check_team`, () => HttpResponse.text('no')),
    );
    renderApp('/account', { identity: fakeIdentity({ signedInAs: ANA }) });
    const menu = await screen.findByRole('navigation', { name: 'Minha conta' });
    expect(within(menu).getByRole('link', { name: 'Privacidade' })).toHaveAttribute('href', '/privacidade');
  });
});
