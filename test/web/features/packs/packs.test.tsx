import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { browserCookieJar } from '../../../../src/session/cookieJar';
import { ANA, fakeIdentity } from '../../../support/fakeIdentity';
import { API, network } from '../../../support/network';
import { renderApp } from '../../../support/renderWithProviders';
import { sessionOf, withSession } from '../../../support/session';

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

describe('the packs screen', () => {
  it('asks about more than 20 packs in chunks of 20, and lists the known ones of every chunk in order', async () => {
    const asked: string[] = [];
    servePacks(asked);
    const mine = [...Array.from({ length: 44 }, (_, i) => `PACKX${String(i).padStart(2, '0')}`), 'PACKVELHO'];
    renderApp('/packs?pack=PACKDEMO5', { preloadedState: withSession({ packs: mine }), cookies: browserCookieJar });
    const list = await screen.findByRole('list', { name: 'Seus pacotes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['PACKVELHO1 cópiaEvento: casamento', 'PACKDEMO55 cópiasEvento: Festa da Ana']);
    expect(asked.map((list) => list.split(','))).toEqual([mine.slice(0, 20), mine.slice(20, 40), [...mine.slice(40), 'PACKDEMO5']]);
  });

  it('validates the cookie packs plus the link one, lists them, and keeps the new pack', async () => {
    const asked: string[] = [];
    servePacks(asked);
    const { store } = renderApp('/packs?pack=PACKDEMO5', { preloadedState: withSession({ packs: ['PACKVELHO'] }), cookies: browserCookieJar });
    const list = await screen.findByRole('list', { name: 'Seus pacotes' });
    const packs = within(list)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(packs).toEqual(['PACKVELHO1 cópiaEvento: casamento', 'PACKDEMO55 cópiasEvento: Festa da Ana']);
    expect(asked[0]).toBe('PACKVELHO,PACKDEMO5');
    expect(sessionOf(store.getState()).packs).toEqual(['PACKVELHO', 'PACKDEMO5']);
    expect(decodeURIComponent(document.cookie)).toContain('packs=PACKVELHO,PACKDEMO5');
    expect(sessionOf(store.getState()).events).toEqual(['casamento', 'festa_ana']);
  });

  it("names a pack's event by its title, with a link to its gallery", async () => {
    servePacks();
    network.use(
      http.get(`${API}/eventos/festa_ana/:agent`, () =>
        HttpResponse.json([{ title: 'festa_ana', displayTitle: 'Festa da Ana', visible: true, profile: '', cover: '', photos: 1, devices: ['pad'] }]),
      ),
      http.get(`${API}/all/festa_ana/pad`, () => HttpResponse.json({ product: [] })),
    );
    const { user, router } = renderApp('/packs?pack=PACKDEMO5');
    const pack = within(await screen.findByRole('list', { name: 'Seus pacotes' })).getByRole('listitem');
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
    expect(await screen.findByRole('alert')).toHaveTextContent('Pacote INVENTADO não encontrado.');
    expect(screen.getByText('Você não possui pacotes')).toBeInTheDocument();
    expect(sessionOf(store.getState()).packs).toEqual([]);
  });

  it('refuses a malformed link', async () => {
    renderApp(`/packs?pack=${encodeURIComponent("x'; drop")}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('Link de pacote inválido.');
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
