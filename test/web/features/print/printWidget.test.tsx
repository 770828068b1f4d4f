import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { reloadPage } from '../../../../src/ui/pageReload';
import { offlineQueueFlushRequested } from '../../../../src/session/outbox';
import { API, mediaFound, network } from '../../../support/network';

// The collect screen asks the media server whether the item exists before collecting it.
beforeEach(() => network.use(mediaFound));
import { renderApp } from '../../../support/renderWithProviders';
import { withSession } from '../../../support/session';

jest.mock('../../../../src/ui/pageReload', () => ({ reloadPage: jest.fn() }));

const photo = '/media/festa_ana/pad/foto-01.jpg';
const withPacks = (packs: string[]) => ({ preloadedState: withSession({ packs }) });

function servePacks(literals: string[]) {
  network.use(http.get(`${API}/validatePacks/:hashes`, () => HttpResponse.json(literals)));
}

async function openPrint(user: ReturnType<typeof renderApp>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Imprimir' }));
  return screen.findByRole('dialog', { name: 'Imprimir' });
}

afterEach(() => jest.mocked(reloadPage).mockClear());

describe('the print widget', () => {
  it.each(['/media/festa_ana/boomerang/b.gif', '/media/festa_ana/360/v.mp4'])('is hidden for %s', async (id) => {
    renderApp(`/collect?id=${id}`);
    await screen.findByRole('button', { name: 'Compartilhar ou baixar' });
    expect(screen.queryByRole('button', { name: 'Imprimir' })).not.toBeInTheDocument();
  });

  it('without packs says so and how to get one', async () => {
    const { user } = renderApp(`/collect?id=${photo}`);
    const dialog = await openPrint(user);
    expect(within(dialog).getByText('Você não possui pacotes')).toBeInTheDocument();
    expect(within(dialog).getByText('Escaneie o qrcode ou acesse o link do seu pacote')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Fechar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('lists the packs with hash and copies, prints with one, and the overlay close reloads', async () => {
    servePacks(["{'PACK5': {'copies': 5, 'bname': 'festa_ana'}}", "{'PACK1': {'copies': 1, 'bname': 'festa_ana'}}"]);
    const printed: string[] = [];
    network.use(
      http.get(`${API}/print/:hash/:id`, ({ params }) => {
        printed.push(`${String(params.hash)} ${String(params.id)}`);
        return HttpResponse.json({ status: 'queued', copies: 4 });
      }),
    );
    const { user } = renderApp(`/collect?id=${photo}`, withPacks(['PACK5', 'PACK1']));
    const dialog = await openPrint(user);
    expect(await within(dialog).findByText('Selecione o pack de impressões')).toBeInTheDocument();
    const options = within(dialog).getAllByRole('button', { name: /PACK/ });
    expect(options.map((o) => o.textContent)).toEqual(['PACK55 cópias', 'PACK11 cópia']);

    await user.click(options[0]);
    const overlay = await screen.findByRole('dialog', { name: 'Impressão enviada' });
    expect(within(overlay).getByRole('status')).toHaveTextContent(
      'Impressão enviadaSua foto é a próxima da fila da impressora da cabine: retire lá quando ela sair.Restam ' +
        '4 cópias no seu pack.',
    );
    expect(printed).toEqual([`PACK5 ${photo}`]);
    expect(screen.queryByRole('dialog', { name: 'Imprimir' })).not.toBeInTheDocument();
    await user.click(within(overlay).getByRole('button', { name: 'Fechar' }));
    expect(reloadPage).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('sends an id of its own with each tap, the same id again when the first answer was lost', async () => {
    servePacks(["{'PACK5': {'copies': 5, 'bname': 'festa_ana'}}"]);
    const requests: (string | null)[] = [];
    network.use(
      http.get(`${API}/print/:hash/:id`, ({ request }) => {
        requests.push(new URL(request.url).searchParams.get('request'));
        if (requests.length === 1)
          return HttpResponse.json({ error: 'unavailable', message: 'fora do ar' }, { status: 503 });
        return HttpResponse.json({ status: 'queued', copies: 4 });
      }),
    );
    const { user } = renderApp(`/collect?id=${photo}`, withPacks(['PACK5']));
    const dialog = await openPrint(user);
    await user.click(await within(dialog).findByRole('button', { name: /PACK5/ }));
    expect(await screen.findByRole('dialog', { name: 'Impressão enviada' })).toBeInTheDocument();
    expect(requests).toHaveLength(2);
    expect(requests[0]).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(requests[1]).toBe(requests[0]);
  });

  it('closes the overlay by its image too', async () => {
    servePacks(["{'PACK5': {'copies': 5, 'bname': 'festa_ana'}}"]);
    network.use(http.get(`${API}/print/:hash/:id`, () => HttpResponse.json({ status: 'queued', copies: 4 })));
    const { user } = renderApp(`/collect?id=${photo}`, withPacks(['PACK5']));
    const dialog = await openPrint(user);
    await user.click(await within(dialog).findByRole('button', { name: /PACK5/ }));
    const overlay = await screen.findByRole('dialog', { name: 'Impressão enviada' });
    await user.click(within(overlay).getByRole('img', { name: 'Impressão enviada' }));
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('alerts and prints nothing when the pack has no copies', async () => {
    servePacks(["{'PACK0': {'copies': 0, 'bname': 'festa_ana'}}"]);
    const printed: string[] = [];
    network.use(
      http.get(`${API}/print/:hash/:id`, () => (printed.push('x'), HttpResponse.json({ status: 'queued', copies: 0 }))),
    );
    const { user } = renderApp(`/collect?id=${photo}`, withPacks(['PACK0']));
    const dialog = await openPrint(user);
    await user.click(await within(dialog).findByRole('button', { name: /PACK0/ }));
    expect(window.alert).toHaveBeenCalledWith('Este pacote não possui cópias suficientes');
    expect(screen.queryByRole('dialog', { name: 'Impressão enviada' })).not.toBeInTheDocument();
    expect(printed).toEqual([]);
  });

  it('alerts when the server finds the copies gone, and stays on the pack list', async () => {
    servePacks(["{'PACK1': {'copies': 1, 'bname': 'festa_ana'}}"]);
    network.use(
      http.get(`${API}/print/:hash/:id`, () =>
        HttpResponse.json(
          { error: 'no_copies', message: 'Este pacote não possui cópias suficientes' },
          { status: 409 },
        ),
      ),
    );
    const { user } = renderApp(`/collect?id=${photo}`, withPacks(['PACK1']));
    const dialog = await openPrint(user);
    await user.click(await within(dialog).findByRole('button', { name: /PACK1/ }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Este pacote não possui cópias suficientes');
    expect(window.alert).toHaveBeenCalledWith('Este pacote não possui cópias suficientes');
    expect(screen.queryByRole('dialog', { name: 'Impressão enviada' })).not.toBeInTheDocument();
  });

  it(`queues a print whose answers were lost, shows it pending, and replays the same id when the connection \
returns`, async () => {
    servePacks(["{'PACK5': {'copies': 5, 'bname': 'festa_ana'}}"]);
    let reachable = false;
    const ids: (string | null)[] = [];
    network.use(
      http.get(`${API}/print/:hash/:id`, ({ request }) => {
        ids.push(new URL(request.url).searchParams.get('request'));
        return reachable ? HttpResponse.json({ status: 'queued', copies: 4 }) : HttpResponse.error();
      }),
      http.get(`${API}/printStatus/:hash/:request`, () => HttpResponse.json({ status: 'queued', copies: 4 })),
    );
    const { user, store } = renderApp(`/collect?id=${photo}`, withPacks(['PACK5']));
    const dialog = await openPrint(user);
    await user.click(await within(dialog).findByRole('button', { name: /PACK5/ }));
    expect(await screen.findByText('Impressão pendente: será enviada quando a conexão voltar')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // A second tap asks first while the first waits: no print twice by accident.
    await user.click(screen.getByRole('button', { name: 'Imprimir' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Imprimir outra cópia?' })).getByRole('button', {
        name: 'Cancelar',
      }),
    );

    reachable = true;
    store.dispatch(offlineQueueFlushRequested());
    expect(await screen.findByText('Na fila')).toBeInTheDocument();
    expect(screen.getByText(/Restam 4 cópias no pack/)).toBeInTheDocument();
    expect(screen.queryByText('Impressão pendente: será enviada quando a conexão voltar')).not.toBeInTheDocument();
    // The tap's own retry, the queue's tries: all one request id, so the server spends one copy.
    expect(ids.length).toBeGreaterThanOrEqual(3);
    expect(new Set(ids).size).toBe(1);
    expect(ids[0]).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
  });

  describe('when the packs cannot be loaded', () => {
    const OFFLINE = 'Sem conexão: não foi possível carregar seus packs. Eles aparecem aqui quando a conexão voltar.';
    let reachable: boolean;
    let asked: number;
    beforeEach(() => {
      reachable = false;
      asked = 0;
      network.use(
        http.get(`${API}/validatePacks/:hashes`, () => {
          asked += 1;
          return reachable
            ? HttpResponse.json(["{'PACK5': {'copies': 5, 'bname': 'festa_ana'}}"])
            : HttpResponse.error();
        }),
      );
    });

    it("offline, says so and offers 'Tentar novamente', which asks again", async () => {
      const { user } = renderApp(`/collect?id=${photo}`, withPacks(['PACK5']));
      const dialog = await openPrint(user);
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(OFFLINE);
      const retry = within(dialog).getByRole('button', { name: 'Tentar novamente' });
      // Still no connection: it asks, and says so again.
      const before = asked;
      await user.click(retry);
      await waitFor(() => expect(asked).toBe(before + 1));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(OFFLINE);

      reachable = true;
      await user.click(within(dialog).getByRole('button', { name: 'Tentar novamente' }));
      expect(await within(dialog).findByRole('button', { name: /PACK5/ })).toHaveTextContent('PACK55 cópias');
      expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    });

    it('asks again by itself when the connection returns', async () => {
      const { user } = renderApp(`/collect?id=${photo}`, withPacks(['PACK5']));
      const dialog = await openPrint(user);
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(OFFLINE);
      reachable = true;
      act(() => {
        window.dispatchEvent(new Event('online'));
      });
      expect(await within(dialog).findByRole('button', { name: /PACK5/ })).toBeInTheDocument();
    });

    it('says the server failed when it answers with an error, and still offers to try again', async () => {
      network.use(
        http.get(`${API}/validatePacks/:hashes`, () =>
          HttpResponse.json({ error: 'unavailable', message: 'fora do ar' }, { status: 503 }),
        ),
      );
      const { user } = renderApp(`/collect?id=${photo}`, withPacks(['PACK5']));
      const dialog = await openPrint(user);
      expect(await within(dialog).findByRole('alert')).toHaveTextContent('Não foi possível carregar seus packs agora.');
      expect(within(dialog).getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
    });
  });

  it('keeps keyboard focus inside the modal and closes on Escape', async () => {
    servePacks(["{'PACK5': {'copies': 5, 'bname': 'festa_ana'}}"]);
    const { user } = renderApp(`/collect?id=${photo}`, withPacks(['PACK5']));
    const dialog = await openPrint(user);
    await within(dialog).findByRole('button', { name: /PACK5/ });
    for (let i = 0; i < 4; i += 1) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Imprimir' })).toHaveFocus();
  });
});
