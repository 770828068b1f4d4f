import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { browserCookieJar } from '../../../../src/session/cookieJar';
import { ANA, fakeIdentity } from '../../../support/fakeIdentity';
import { API, network } from '../../../support/network';
import { renderApp } from '../../../support/renderWithProviders';
import { sessionOf, withSession } from '../../../support/session';

// Closing the print's overlay reloads the page (docs/product.md#packs): not in jsdom.
jest.mock('../../../../src/ui/pageReload', () => ({ reloadPage: jest.fn() }));

const KNOWN: Record<string, string> = {
  PACKDEMO5: "{'PACKDEMO5': {'copies': 5, 'bname': 'festa_ana', 'title': 'Festa da Ana'}}",
  PACKVELHO: "{'PACKVELHO': {'copies': 1, 'bname': 'casamento'}}",
};

function servePacks(asked: string[] = []) {
  network.use(
    http.get(`${API}/validatePacks/:hashes`, ({ params }) => {
      const hashes = String(params.hashes).split(',');
      asked.push(String(params.hashes));
      return HttpResponse.json(hashes.filter((h) => KNOWN[h]).map((h) => KNOWN[h]));
    }),
  );
}

/** What each pack of the list says of itself (hash, copies left, event), in the order shown. */
const facts = (list: HTMLElement) =>
  [...list.querySelectorAll(':scope > li > .pack__facts')].map((element) => element.textContent);

describe('the packs screen', () => {
  it('asks about more than 20 packs in chunks of 20, and lists the known ones of every chunk in order', async () => {
    const asked: string[] = [];
    servePacks(asked);
    const mine = [...Array.from({ length: 44 }, (_, i) => `PACKX${String(i).padStart(2, '0')}`), 'PACKVELHO'];
    renderApp('/packs?pack=PACKDEMO5', { preloadedState: withSession({ packs: mine }), cookies: browserCookieJar });
    const list = await screen.findByRole('list', { name: 'Seus packs' });
    expect(facts(list)).toEqual([
      'PACKDEMO5Restam 5 cópiasEvento: Festa da Ana',
      'PACKVELHOResta 1 cópiaEvento: casamento',
    ]);
    expect(asked.map((list) => list.split(','))).toEqual([
      mine.slice(0, 20),
      mine.slice(20, 40),
      [...mine.slice(40), 'PACKDEMO5'],
    ]);
  });

  it('validates the cookie packs plus the link one, lists them, and keeps the new pack', async () => {
    const asked: string[] = [];
    servePacks(asked);
    const { store } = renderApp('/packs?pack=PACKDEMO5', {
      preloadedState: withSession({ packs: ['PACKVELHO'] }),
      cookies: browserCookieJar,
    });
    const list = await screen.findByRole('list', { name: 'Seus packs' });
    // The linked pack first: it is why the guest is here.
    expect(facts(list)).toEqual([
      'PACKDEMO5Restam 5 cópiasEvento: Festa da Ana',
      'PACKVELHOResta 1 cópiaEvento: casamento',
    ]);
    expect(asked[0]).toBe('PACKVELHO,PACKDEMO5');
    expect(sessionOf(store.getState()).packs).toEqual(['PACKVELHO', 'PACKDEMO5']);
    expect(decodeURIComponent(document.cookie)).toContain('packs=PACKVELHO,PACKDEMO5');
    expect(sessionOf(store.getState()).events).toEqual(['casamento', 'festa_ana']);
  });

  it("names a pack's event by its title, with a link to its gallery", async () => {
    servePacks();
    network.use(
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
      http.get(`${API}/all/festa_ana/pad`, () => HttpResponse.json({ product: [] })),
    );
    const { user, router } = renderApp('/packs?pack=PACKDEMO5');
    const pack = (await screen.findByRole('list', { name: 'Seus packs' })).querySelector('li') as HTMLElement;
    expect(pack).toHaveTextContent('Evento: Festa da Ana');
    expect(pack).not.toHaveTextContent('festa_ana');
    await user.click(within(pack).getByRole('link', { name: 'Festa da Ana' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Festa da Ana' })).toBeInTheDocument();
    // The event's first booth gallery.
    await waitFor(() => expect(router.state.location.pathname).toBe('/eventos/evento/pad'));
  });

  it('does not keep a pack the server does not know', async () => {
    servePacks();
    const { store } = renderApp('/packs?pack=INVENTADO');
    expect(await screen.findByRole('alert')).toHaveTextContent('Pack INVENTADO não encontrado.');
    expect(screen.getByText('Você não possui pacotes')).toBeInTheDocument();
    expect(sessionOf(store.getState()).packs).toEqual([]);
  });

  it('refuses a malformed link', async () => {
    renderApp(`/packs?pack=${encodeURIComponent("x'; drop")}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('Link de pack inválido.');
    expect(screen.getByText('Escaneie o qrcode ou acesse o link do seu pacote')).toBeInTheDocument();
  });

  it("adds the pack to a signed-in visitor's account", async () => {
    servePacks();
    const added: string[] = [];
    network.use(
      http.get(`${API}/modifyAccount/add/packs/:hash`, ({ params }) => {
        added.push(String(params.hash));
        return HttpResponse.text('ok');
      }),
    );
    renderApp('/packs?pack=PACKDEMO5', { identity: fakeIdentity({ signedInAs: ANA }) });
    await screen.findByText('PACKDEMO5');
    await act(async () => new Promise((r) => setTimeout(r, 50)));
    expect(added).toEqual(['PACKDEMO5']);
  });
});

describe("the pack's photos", () => {
  const ana = (file: string) => `/media/festa_ana/pad/${file}`;

  function serveCopies(start: number) {
    let copies = start;
    const printed: string[] = [];
    network.use(
      http.get(`${API}/validatePacks/:hashes`, () =>
        HttpResponse.json([`{'PACKDEMO5': {'copies': ${copies}, 'bname': 'festa_ana', 'title': 'Festa da Ana'}}`]),
      ),
      http.get(`${API}/print/:hash/:id`, ({ params }) => {
        printed.push(`${String(params.hash)} ${String(params.id)}`);
        copies -= 1;
        return HttpResponse.json({ status: 'queued', copies });
      }),
      http.get(`${API}/printStatus/:hash/:request`, () =>
        HttpResponse.json({ status: 'queued', copies, printer: 'ready' }),
      ),
    );
    return printed;
  }

  it(`shows the guest's own photos of the pack's event, newest first, with 'Imprimir' on each: no other event's, no \
video`, async () => {
    serveCopies(5);
    const collection = [
      ana('a.jpg'),
      '/media/casamento/pad/c.jpg',
      ana('b.jpg'),
      '/media/festa_ana/360/giro.mp4',
      '/media/festa_ana/boomerang/b.gif',
    ];
    renderApp('/packs?pack=PACKDEMO5', { preloadedState: withSession({ collection }) });
    const photos = await screen.findByRole('list', { name: 'Suas fotos de Festa da Ana' });
    const items = within(photos).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('img').getAttribute('src'))).toEqual([
      'http://localhost/thumbs/festa_ana/pad/b.jpg.webp',
      'http://localhost/thumbs/festa_ana/pad/a.jpg.webp',
    ]);
    expect(items.map((item) => within(item).getByRole('img').getAttribute('alt'))).toEqual([
      'Foto 1 de 2',
      'Foto 2 de 2',
    ]);
    for (const item of items)
      expect(within(item).getByRole('button', { name: 'Imprimir' })).toHaveTextContent('Imprimir');
    expect(screen.getByRole('link', { name: 'Ver as fotos do evento' })).toBeInTheDocument();
  });

  it("prints a photo with the pack from its 'Imprimir', and the copies left go down", async () => {
    const printed = serveCopies(5);
    const { user } = renderApp('/packs?pack=PACKDEMO5', {
      preloadedState: withSession({ collection: [ana('a.jpg'), ana('b.jpg')] }),
    });
    expect(await screen.findByText('Restam 5 cópias')).toBeInTheDocument();
    const photos = await screen.findByRole('list', { name: 'Suas fotos de Festa da Ana' });
    await user.click(within(within(photos).getAllByRole('listitem')[1]).getByRole('button', { name: 'Imprimir' }));
    // The pack is this page's: no chooser, the print goes with it.
    const overlay = await screen.findByRole('dialog', { name: 'Impressão enviada' });
    expect(printed).toEqual([`PACKDEMO5 ${ana('a.jpg')}`]);
    expect(within(overlay).getByRole('status')).toHaveTextContent(/Restam 4 cópias/);
    expect(await screen.findByText('Restam 4 cópias')).toBeInTheDocument();
  });

  it('a second print of the same photo asks first, then goes with the pack', async () => {
    const printed = serveCopies(5);
    const { user } = renderApp('/packs?pack=PACKDEMO5', {
      preloadedState: withSession({ collection: [ana('a.jpg')] }),
    });
    const photos = await screen.findByRole('list', { name: 'Suas fotos de Festa da Ana' });
    await user.click(within(photos).getByRole('button', { name: 'Imprimir' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Impressão enviada' })).getByRole('button', { name: 'Fechar' }),
    );
    await screen.findByText('Restam 4 cópias');
    await user.click(within(photos).getByRole('button', { name: 'Imprimir' }));
    const confirm = await screen.findByRole('dialog', { name: 'Imprimir outra cópia?' });
    await user.click(within(confirm).getByRole('button', { name: 'Imprimir outra cópia' }));
    await screen.findByRole('dialog', { name: 'Impressão enviada' });
    expect(printed).toEqual([`PACKDEMO5 ${ana('a.jpg')}`, `PACKDEMO5 ${ana('a.jpg')}`]);
  });

  it('without a photo of the event yet, says how to get one and leads to its gallery', async () => {
    serveCopies(5);
    renderApp('/packs?pack=PACKDEMO5', { preloadedState: withSession({ collection: ['/media/casamento/pad/c.jpg'] }) });
    expect(
      await screen.findByText(
        'Você ainda não tem fotos deste evento na sua coleção. Abra a galeria do evento, escolha a foto e ' +
          'toque em Imprimir.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Suas fotos de Festa da Ana' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver as fotos do evento' })).toHaveAttribute('href', '/eventos/evento');
  });
});
