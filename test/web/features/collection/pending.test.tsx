import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { memoryOutboxStore, offlineQueueFlushRequested } from '../../../../src/session/outbox';
import { guestDataErased } from '../../../../src/session';
import { network } from '../../../support/network';
import { renderApp } from '../../../support/renderWithProviders';
import { sessionOf } from '../../../support/session';

const PENDING = 'Pendente: será enviado quando a conexão voltar';
const photo = '/media/festa_ana/pad/foto-07.jpg';
const collect = {
  kind: 'collect' as const,
  id: '3c1f8e0a-9b7d-4e2a-8f61-2d5c7b9a0e14',
  createdAt: 1,
  attempts: 0,
  nextAttemptAt: 1,
  url: photo,
  bname: 'festa_ana',
};
const print = {
  kind: 'print' as const,
  id: '5e2a7b1c-0d4f-4a8e-9c63-1f7d2b8e4a90',
  createdAt: 2,
  attempts: 0,
  nextAttemptAt: 2,
  packHash: 'PACK5',
  printId: '/media/festa_ana/pad/foto-02.jpg',
};

afterEach(() => jest.restoreAllMocks());

describe('the collection, with things done offline', () => {
  it(`lists what waits for the connection instead of calling itself empty, and shows the item once it \
went`, async () => {
    const online = jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    // The queue's collect goes to the server, which checks the photo and collects it (src/features/collect).
    const told: unknown[] = [];
    network.use(
      http.post('http://localhost/api/coletado', async ({ request }) => {
        told.push(await request.json());
        return HttpResponse.text('ok');
      }),
      http.get('http://localhost/api/print/:hash/:id', () => HttpResponse.json({ status: 'queued', copies: 4 })),
      http.get('http://localhost/api/printStatus/:hash/:request', () =>
        HttpResponse.json({ status: 'queued', copies: 4 }),
      ),
    );
    const outbox = memoryOutboxStore({ items: [collect, print] });
    const { store, router } = renderApp('/collection', { outbox });

    const section = await screen.findByRole('region', { name: 'Aguardando conexão' });
    const rows = within(section)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(rows).toEqual([
      `Coleta de foto-07.jpg (festa_ana): ${PENDING}`,
      `Impressão de foto-02.jpg (festa_ana): ${PENDING}`,
    ]);
    expect(window.alert).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/collection');
    expect(told).toEqual([]);

    online.mockReturnValue(true);
    store.dispatch(offlineQueueFlushRequested());
    const grid = await screen.findByRole('list', { name: 'Minha Coleção' });
    expect(within(grid).getAllByRole('button')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Aguardando conexão' })).not.toBeInTheDocument());
    expect(told).toEqual([{ url: photo }]);
    expect(sessionOf(store.getState()).collection).toEqual([photo]);
    expect(outbox.items.size).toBe(0);
  });

  it("forgets what waited, on the phone too, when the guest erases their data ('Apagar minhas fotos')", async () => {
    jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const outbox = memoryOutboxStore({
      items: [collect, print],
      prints: [{ requestId: print.id, packHash: 'PACK5', printId: print.printId, sentAt: 3 }],
    });
    const { store } = renderApp('/collection', { outbox });
    await screen.findByRole('region', { name: 'Aguardando conexão' });

    store.dispatch(guestDataErased());
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Aguardando conexão' })).not.toBeInTheDocument());
    await waitFor(() => expect([outbox.items.size, outbox.prints.size]).toEqual([0, 0]));
    expect(store.getState().outbox).toMatchObject({ items: [], prints: [] });
  });

  it('still says an empty collection is empty when nothing waits', async () => {
    const { router } = renderApp('/collection', { outbox: memoryOutboxStore() });
    await waitFor(() => expect(router.state.location.pathname).toBe('/eventos'));
    expect(window.alert).toHaveBeenCalledWith('Você ainda não coletou nenhuma foto!');
  });
});
