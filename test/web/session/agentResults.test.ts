import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { api } from '../../../src/api/apiSlice';
import { makeStore } from '../../../src/app/store';
import { browserCookieJar, readPersistedState, sessionStarted } from '../../../src/session';
import { itemCollected } from '../../../src/session/collectionSlice';
import { agentAssigned } from '../../../src/session/visitorSlice';
import { API, network } from '../../support/network';
import { renderApp } from '../../support/renderWithProviders';
import { sessionOf, withSession } from '../../support/session';

const MIRROR = '/media/festa_ana/feed/ia-001.jpg';
const VIDEO = '/media/festa_ana/360/giro-001.mp4';
const COLLECTED = '/media/festa_ana/pad/a1.jpg';

/** Answers agentResults for `agent` with `product` (changeable), counting the calls. */
function serveResults(agent: string, product: () => unknown, status = 200) {
  const calls: string[] = [];
  network.use(
    http.get(`${API}/agentResults/:agent`, ({ params }) => {
      calls.push(String(params.agent));
      if (params.agent !== agent) return HttpResponse.json({ error: 'x', message: 'x' }, { status: 404 });
      return HttpResponse.json(
        status === 200 ? { product: product() } : { error: 'internal', message: 'Erro interno.' },
        { status },
      );
    }),
  );
  return calls;
}

describe("a booth's results for the visitor join the collection", () => {
  it('at start: what the mirror and the 360 made is merged after what the visitor collected, once each', async () => {
    const calls = serveResults('agent0001', () => [MIRROR, COLLECTED, VIDEO]);
    const store = makeStore({ preloadedState: withSession({ agent: 'agent0001', collection: [COLLECTED] }) });
    store.dispatch(sessionStarted());
    await waitFor(() => expect(sessionOf(store.getState()).collection).toEqual([COLLECTED, MIRROR, VIDEO]));
    expect(calls).toEqual(['agent0001']);
  });

  it('asks nothing before the app has started, nor without an agent', async () => {
    const calls = serveResults('agent0001', () => [MIRROR]);
    const store = makeStore({ preloadedState: withSession({ agent: 'agent0001' }) });
    store.dispatch(itemCollected(COLLECTED));
    store.dispatch(api.internalActions.onFocus());
    const anonymous = makeStore({ preloadedState: withSession({ agent: '' }) });
    anonymous.dispatch(sessionStarted());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toEqual([]);
    expect(sessionOf(store.getState()).collection).toEqual([COLLECTED]);
    expect(sessionOf(anonymous.getState()).collection).toEqual([]);
  });

  it('asks once the agent is known, when it comes after the start', async () => {
    const calls = serveResults('agent0002', () => [VIDEO]);
    const store = makeStore({ preloadedState: withSession({ agent: '' }) });
    store.dispatch(sessionStarted());
    store.dispatch(agentAssigned('agent0002'));
    await waitFor(() => expect(sessionOf(store.getState()).collection).toEqual([VIDEO]));
    expect(calls).toEqual(['agent0002']);
  });

  it('asks again when the tab is shown again, and adds what is new', async () => {
    let product = [MIRROR];
    const calls = serveResults('agent0001', () => product);
    const store = makeStore({ preloadedState: withSession({ agent: 'agent0001' }) });
    store.dispatch(sessionStarted());
    await waitFor(() => expect(sessionOf(store.getState()).collection).toEqual([MIRROR]));

    // The guest left the tab for the 360 platform; its video is ready when they come back.
    product = [MIRROR, VIDEO];
    // Shown again at once (a click back into the window): no new request.
    store.dispatch(api.internalActions.onFocus());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toEqual(['agent0001']);
    const now = Date.now();
    jest.spyOn(Date, 'now').mockReturnValue(now + 60_000);
    // What setupListeners dispatches when the tab becomes visible (its DOM listeners belong to
    // the first store a test file makes, so the action is dispatched here directly).
    store.dispatch(api.internalActions.onFocusLost());
    store.dispatch(api.internalActions.onFocus());
    await waitFor(() => expect(sessionOf(store.getState()).collection).toEqual([MIRROR, VIDEO]));
    expect(calls).toEqual(['agent0001', 'agent0001']);
  });

  it('shows a result in Minha Coleção', async () => {
    serveResults('agent0001', () => [VIDEO]);
    const { store } = renderApp('/collection', {
      preloadedState: withSession({ agent: 'agent0001', collection: [COLLECTED] }),
    });
    expect(await screen.findByText('1 foto')).toBeInTheDocument();
    act(() => {
      store.dispatch(sessionStarted());
    });
    expect(await screen.findByText('1 foto e 1 vídeo')).toBeInTheDocument();
  });

  it('Minha Coleção, empty, waits for a question still out instead of calling itself empty', async () => {
    let answer: (product: string[]) => void = () => undefined;
    const calls: string[] = [];
    network.use(
      http.get(`${API}/agentResults/:agent`, ({ params }) => {
        calls.push(String(params.agent));
        // The start's question is answered at once (nothing yet); the next one waits for the test.
        if (calls.length === 1) return HttpResponse.json({ product: [] });
        return new Promise<Response>((resolve) => (answer = (product) => resolve(HttpResponse.json({ product }))));
      }),
    );
    const { store } = renderApp('/', { preloadedState: withSession({ agent: 'agent0001' }) });
    act(() => void store.dispatch(sessionStarted()));
    await waitFor(() => expect(store.getState().collection.agentResults).toBe('known'));
    // The tab comes back into view a minute later: the results are asked again, and the guest opens 'Galeria'.
    jest.spyOn(Date, 'now').mockReturnValue(Date.now() + 60_000);
    act(() => {
      store.dispatch(api.internalActions.onFocusLost());
      store.dispatch(api.internalActions.onFocus());
    });
    await waitFor(() => expect(calls).toHaveLength(2));
    await userEvent.click(screen.getByRole('link', { name: 'Galeria' }));
    expect(await screen.findByText('Carregando...')).toBeInTheDocument();
    expect(window.alert).not.toHaveBeenCalled();
    act(() => answer([MIRROR]));
    expect(await screen.findByText('1 foto')).toBeInTheDocument();
    expect(window.alert).not.toHaveBeenCalled();
    expect(calls).toHaveLength(2);
  });

  it('keeps the merged results for the next visit (cookie and local storage)', async () => {
    serveResults('agent0001', () => [VIDEO]);
    const first = makeStore({
      preloadedState: withSession({ agent: 'agent0001', collection: [COLLECTED] }),
      cookies: browserCookieJar,
      storage: localStorage,
    });
    first.dispatch(sessionStarted());
    await waitFor(() => expect(sessionOf(first.getState()).collection).toEqual([COLLECTED, VIDEO]));
    expect(readPersistedState(browserCookieJar, localStorage).collection.items).toEqual([COLLECTED, VIDEO]);
  });

  it('changes nothing when the server fails or answers something odd', async () => {
    const calls = serveResults('agent0001', () => [], 500);
    const store = makeStore({ preloadedState: withSession({ agent: 'agent0001', collection: [COLLECTED] }) });
    store.dispatch(sessionStarted());
    await waitFor(() => expect(calls).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sessionOf(store.getState()).collection).toEqual([COLLECTED]);

    network.resetHandlers();
    serveResults('agent0003', () => ['javascript:alert(1)', '/media/../../etc/passwd', 42, VIDEO]);
    const other = makeStore({ preloadedState: withSession({ agent: 'agent0003' }) });
    other.dispatch(sessionStarted());
    await waitFor(() => expect(sessionOf(other.getState()).collection).toEqual([VIDEO]));
  });
});
