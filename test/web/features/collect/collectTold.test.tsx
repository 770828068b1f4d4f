import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { memoryCookieJar, readPersistedState } from '../../../../src/session';
import { memoryOutboxStore, offlineQueueFlushRequested } from '../../../../src/session/outbox';
import { API, mediaFound, network } from '../../../support/network';
import { renderApp } from '../../../support/renderWithProviders';
import { sessionOf } from '../../../support/session';

/**
 * A photo collected in the app, without a page load, is told to the server (`POST /api/coletado`,
 * docs/api.md#collects-in-the-app), which delivers it to a subscribed guest and counts it: once, and not for the
 * page load's own collect, which the page's serving carried; what cannot be told now waits in the offline queue.
 */
const photo = '/media/festa_ana/pad/foto-01.jpg';
const other = '/media/festa_ana/pad/foto-02.jpg';

/** The bodies of the collects told, as the server received them; `answer` says what it answers. */
function serverTold(answer: () => Response = () => HttpResponse.text('ok')): unknown[] {
  const told: unknown[] = [];
  network.use(
    http.post(`${API}/coletado`, async ({ request }) => {
      told.push(await request.json());
      return answer();
    }),
  );
  return told;
}

beforeEach(() => network.use(mediaFound));
afterEach(() => jest.restoreAllMocks());

describe('a collect in the app', () => {
  it('is told to the server once, however often its screen shows', async () => {
    const told = serverTold();
    const { router } = renderApp('/collection');
    await act(() => router.navigate(`/collect?id=${photo}`));
    await screen.findByText('Coletado!');
    await waitFor(() => expect(told).toEqual([{ url: photo }]));
    // Back and forth: the photo is in the collection now, nothing more to tell.
    await act(() => router.navigate('/collection'));
    await act(() => router.navigate(`/collect?id=${photo}`));
    await act(() => router.navigate(`/collect?id=${other}`));
    await waitFor(() => expect(told).toEqual([{ url: photo }, { url: other }]));
  });

  it("is not told again for the page load's own collect: the page's serving carried it", async () => {
    const told = serverTold();
    // What the collect page's serving set: the photo in the collection cookie (server/src/modules/firstPaint).
    const cookies = memoryCookieJar({ agent: 'visitante0000000001', collection: photo, events: 'festa_ana' });
    const { store, router } = renderApp(`/collect?id=${photo}`, {
      cookies,
      preloadedState: readPersistedState(cookies),
    });
    await screen.findByText('Coletado!');
    expect(sessionOf(store.getState()).collection).toEqual([photo]);
    // Another photo, reached in the app from there, is told: only that one.
    await act(() => router.navigate(`/collect?id=${other}`));
    await waitFor(() => expect(sessionOf(store.getState()).collection).toEqual([photo, other]));
    await waitFor(() => expect(told).toEqual([{ url: other }]));
  });

  it('that gets no answer waits in the offline queue, and goes when the connection is back', async () => {
    let reachable = false;
    const told = serverTold(() => (reachable ? HttpResponse.text('ok') : HttpResponse.error()));
    const { store } = renderApp(`/collect?id=${photo}`);
    await screen.findByText('Coletado!');
    // The collection has it already; the server will, once it answers.
    expect(await screen.findByText('Pendente: será enviado quando a conexão voltar')).toBeInTheDocument();
    expect(sessionOf(store.getState()).collection).toEqual([photo]);
    await waitFor(() => expect(told).toHaveLength(2));
    expect(store.getState().outbox?.items).toEqual([
      expect.objectContaining({ kind: 'collect', url: photo, bname: 'festa_ana', attempts: 1 }),
    ]);
    reachable = true;
    act(() => void store.dispatch(offlineQueueFlushRequested()));
    await waitFor(() => expect(store.getState().outbox?.items).toEqual([]));
    expect(told).toEqual([{ url: photo }, { url: photo }, { url: photo }]);
    expect(screen.queryByText('Pendente: será enviado quando a conexão voltar')).not.toBeInTheDocument();
  });
});

describe("the offline queue's collect", () => {
  const queued = (url: string) => ({
    kind: 'collect' as const,
    id: '3c1f8e0a9b7d4e2a8f612d5c7b9a0e14',
    createdAt: 1,
    attempts: 0,
    nextAttemptAt: 1,
    url,
    bname: 'festa_ana',
  });

  it('is told to the server, then joins the collection, and is told once', async () => {
    const told = serverTold();
    const outbox = memoryOutboxStore({ items: [queued(photo)] });
    const { store } = renderApp('/collection', { outbox });
    await waitFor(() => expect(sessionOf(store.getState()).collection).toEqual([photo]));
    await waitFor(() => expect(outbox.items.size).toBe(0));
    expect(told).toEqual([{ url: photo }]);
  });

  it("takes the server's refusal of a hidden photo for the queue's, and says so in Portuguese", async () => {
    serverTold(() =>
      HttpResponse.json(
        { error: 'media_hidden', message: 'Quem organiza o evento ocultou esta foto.' },
        { status: 404 },
      ),
    );
    const outbox = memoryOutboxStore({ items: [queued(photo)] });
    const { store } = renderApp('/collection', { outbox });
    await waitFor(() =>
      expect(window.alert).toHaveBeenCalledWith(
        'Quem organiza o evento preferiu não mostrar esta foto. As outras fotos do evento continuam na galeria. ' +
          'Nada foi adicionado à sua coleção.',
      ),
    );
    await waitFor(() => expect(outbox.items.size).toBe(0));
    expect(sessionOf(store.getState()).collection).toEqual([]);
  });

  it('tries again later after a refusal of an agent the server replaced, not a refusal', async () => {
    let renewed = false;
    const told = serverTold(() =>
      renewed
        ? HttpResponse.text('ok')
        : HttpResponse.json(
            { error: 'agent_not_vouched', message: 'Não reconhecemos este aparelho.' },
            { status: 403 },
          ),
    );
    const outbox = memoryOutboxStore({ items: [queued(photo)] });
    const { store } = renderApp('/collection', { outbox });
    await waitFor(() => expect(told).toHaveLength(1));
    await waitFor(() => expect(store.getState().outbox?.items).toEqual([expect.objectContaining({ attempts: 1 })]));
    expect(window.alert).not.toHaveBeenCalled();
    renewed = true;
    act(() => void store.dispatch(offlineQueueFlushRequested()));
    await waitFor(() => expect(sessionOf(store.getState()).collection).toEqual([photo]));
    expect(told).toHaveLength(2);
  });

  it('in a browser that keeps no agent (refused after its retry too), joins the collection here', async () => {
    const told = serverTold(() =>
      HttpResponse.json({ error: 'agent_not_vouched', message: 'Não reconhecemos este aparelho.' }, { status: 403 }),
    );
    const outbox = memoryOutboxStore({ items: [queued(photo)] });
    const { store } = renderApp('/collection', { outbox });
    await waitFor(() => expect(store.getState().outbox?.items).toEqual([expect.objectContaining({ attempts: 1 })]));
    act(() => void store.dispatch(offlineQueueFlushRequested()));
    await waitFor(() => expect(sessionOf(store.getState()).collection).toEqual([photo]));
    await waitFor(() => expect(store.getState().outbox?.items).toEqual([]));
    expect(told).toHaveLength(2);
    expect(window.alert).not.toHaveBeenCalled();
  });
});
