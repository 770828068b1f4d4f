import { act, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { ANA, fakeIdentity } from '../../../support/fakeIdentity';
import { API, network } from '../../../support/network';
import { renderApp } from '../../../support/renderWithProviders';
import { sessionOf, withSession } from '../../../support/session';

const items = (n: number) =>
  Array.from({ length: n }, (_, i) => `/media/festa_ana/pad/foto-${String(i).padStart(4, '0')}.jpg`);

describe('the collection', () => {
  it('alerts and goes to the events when nothing was collected', async () => {
    const { router } = renderApp('/collection');
    expect(await screen.findByRole('heading', { level: 1, name: 'Eventos' })).toBeInTheDocument();
    expect(window.alert).toHaveBeenCalledWith('Você ainda não coletou nenhuma foto!');
    expect(window.alert).toHaveBeenCalledTimes(1);
    expect(router.state.location.pathname).toBe('/eventos');
  });

  it("never calls itself empty while the booths' results for the visitor are still on their way", async () => {
    // A guest taps 'Galeria' right after the AI mirror's session: nothing collected on this phone
    // yet, the mirror's image known only to the server (GET /agentResults), which answers late.
    let answer: (product: string[]) => void = () => undefined;
    const answered = new Promise<string[]>((resolve) => (answer = resolve));
    network.use(http.get(`${API}/agentResults/:agent`, async () => HttpResponse.json({ product: await answered })));
    const { router } = renderApp('/collection', { preloadedState: withSession({ agent: 'agent0001' }) });
    expect(await screen.findByRole('status')).toHaveTextContent('Carregando...');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(window.alert).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/collection');

    answer(['/media/festa_ana/feed/espelho-01.jpg']);
    const grid = await screen.findByRole('list', { name: 'Minha Coleção' });
    expect(within(grid).getByRole('button', { name: 'Item 1 de 1' }).querySelector('img')).toHaveAttribute(
      'src',
      'http://localhost/thumbs/festa_ana/feed/espelho-01.jpg.webp',
    );
    expect(window.alert).not.toHaveBeenCalled();
  });

  it('alerts once the server says the booths made nothing for the visitor either', async () => {
    network.use(http.get(`${API}/agentResults/:agent`, () => HttpResponse.json({ product: [] })));
    const { router } = renderApp('/collection', { preloadedState: withSession({ agent: 'agent0001' }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Eventos' })).toBeInTheDocument();
    expect(window.alert).toHaveBeenCalledWith('Você ainda não coletou nenhuma foto!');
    expect(router.state.location.pathname).toBe('/eventos');
  });

  it("shows the collected items newest first, and opens one, named by its event's title", async () => {
    network.use(
      http.get(`${API}/eventos/:events/:agent`, () =>
        HttpResponse.json([
          {
            title: 'festa_ana',
            displayTitle: 'Festa da Ana',
            visible: true,
            visibility: 'public',
            profile: '',
            cover: '',
            photos: 3,
            devices: ['pad'],
          },
        ]),
      ),
    );
    const { user } = renderApp('/collection', { preloadedState: withSession({ collection: items(3) }) });
    const grid = await screen.findByRole('list', { name: 'Minha Coleção' });
    const images = within(grid)
      .getAllByRole('button')
      .map((b) => b.querySelector('img')?.getAttribute('src'));
    expect(images).toEqual([
      'http://localhost/thumbs/festa_ana/pad/foto-0002.jpg.webp',
      'http://localhost/thumbs/festa_ana/pad/foto-0001.jpg.webp',
      'http://localhost/thumbs/festa_ana/pad/foto-0000.jpg.webp',
    ]);
    expect(screen.getByText('3 fotos')).toBeInTheDocument();
    await user.click(within(grid).getByRole('button', { name: 'Item 1 de 3' }));
    const viewer = await screen.findByRole('dialog', { name: 'Foto' });
    expect(within(viewer).getByRole('img')).toHaveAttribute(
      'src',
      'http://localhost/media/festa_ana/pad/foto-0002.jpg',
    );
    expect(await within(viewer).findByRole('img', { name: 'Foto do evento Festa da Ana' })).toBeInTheDocument();
    expect(window.alert).not.toHaveBeenCalled();
  });

  it('counts photos and videos as what they are', async () => {
    const collection = [...items(2), '/media/festa_ana/360/giro-01.mp4', '/media/festa_ana/boomerang/b-01.gif'];
    renderApp('/collection', { preloadedState: withSession({ collection }) });
    expect(await screen.findByText('2 fotos, 1 GIF e 1 vídeo')).toBeInTheDocument();
  });

  it(`leads with the guest's own actions and the photos; 'Apagar minhas fotos' comes last, not as the red \
button`, async () => {
    renderApp('/collection', { preloadedState: withSession({ collection: items(3) }) });
    const download = await screen.findByRole('button', { name: 'Baixar todas' });
    const grid = screen.getByRole('list', { name: 'Minha Coleção' });
    const erase = await screen.findByRole('button', { name: 'Apagar minhas fotos' });
    const follows = (a: Element, b: Element) =>
      Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
    expect(follows(download, grid)).toBe(true);
    expect(follows(grid, erase)).toBe(true);
    // 'Baixar todas' is the filled button; erasing is outlined (base.css, privacy.css), never the filled red one.
    expect(download).toHaveClass('button');
    expect(download).not.toHaveClass('button--secondary');
    expect(erase).toHaveClass('button--danger-quiet');
    expect(erase).not.toHaveClass('button--danger');
  });

  it('keeps a wedding of 3,000 items to a small DOM', async () => {
    renderApp('/collection', { preloadedState: withSession({ collection: items(3000) }) });
    const grid = await screen.findByRole('list', { name: 'Minha Coleção' });
    expect(screen.getByText('3.000 fotos')).toBeInTheDocument();
    const rendered = within(grid).getAllByRole('listitem').length;
    expect(rendered).toBeGreaterThan(0);
    expect(rendered).toBeLessThan(200);
    // The grid is as tall as all rows (the stylesheet's rows of a tile and a gap, --rows of them),
    // so the scrollbar and page height are right from the start: 3,000 items in 3 columns.
    expect(grid.style.getPropertyValue('--rows')).toBe('1000');
  });

  it("brings in what a signed-in visitor's account holds, without the empty alert", async () => {
    network.use(
      http.get(`${API}/account`, () =>
        HttpResponse.json({
          email: ANA.email,
          displayName: 'Ana',
          collection: ['/media/festa_ana/pad/da-conta.jpg'],
          packs: [],
          events: [],
        }),
      ),
    );
    const { store, router } = renderApp('/collection', { identity: fakeIdentity({ signedInAs: ANA }) });
    await screen.findByRole('button', { name: 'Item 1 de 1' });
    await new Promise((r) => setTimeout(r, 50));
    expect(router.state.location.pathname).toBe('/collection');
    expect(screen.getByRole('list', { name: 'Minha Coleção' })).toBeInTheDocument();
    expect(sessionOf(store.getState()).collection).toEqual(['/media/festa_ana/pad/da-conta.jpg']);
    expect(window.alert).not.toHaveBeenCalled();
  });

  it('brings in what the account collected on another phone when the visitor comes back to the page', async () => {
    const collection = ['/media/festa_ana/pad/da-conta.jpg'];
    network.use(
      http.get(`${API}/account`, () =>
        HttpResponse.json({ email: ANA.email, displayName: 'Ana', collection: [...collection], packs: [], events: [] }),
      ),
    );
    renderApp('/collection', { identity: fakeIdentity({ signedInAs: ANA }) });
    await screen.findByRole('button', { name: 'Item 1 de 1' });

    collection.push('/media/festa_ana/pad/do-outro-celular.jpg');
    act(() => void window.dispatchEvent(new Event('focus')));
    expect(await screen.findByRole('button', { name: 'Item 1 de 2' })).toBeInTheDocument();
    const grid = screen.getByRole('list', { name: 'Minha Coleção' });
    expect(within(grid).getAllByRole('button')[0].querySelector('img')).toHaveAttribute(
      'src',
      'http://localhost/thumbs/festa_ana/pad/do-outro-celular.jpg.webp',
    );
  });
});
