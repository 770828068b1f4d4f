import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { makeStore } from '../../../src/app/store';
import { memoryCookieJar } from '../../../src/session';
import { resultsApi } from '../../../src/session/resultsApi';
import { API, network } from '../../support/network';
import { sessionOf, withSession } from '../../support/session';

/**
 * The server gives the visitor's agent (docs/api.md#the-visitors-agent-given-by-the-server): an agent it did not
 * sign is answered with a new one in the reply's cookie, which the session takes once the call is back.
 */
describe("the visitor's agent the server gave", () => {
  function storeWith(agent: string, serverGives: string | null, status = 200) {
    const cookies = memoryCookieJar({ agent });
    network.use(
      http.get(`${API}/agentResults/:agent`, () => {
        // What the browser does with the reply's Set-Cookie, before the app reads the answer.
        if (serverGives !== null) cookies.set('agent', serverGives);
        return status === 200
          ? HttpResponse.json({ product: [] })
          : HttpResponse.json({ error: 'x', message: 'Erro.' }, { status });
      }),
    );
    const store = makeStore({ preloadedState: withSession({ agent }), cookies });
    return { store, cookies };
  }

  it('takes the new agent the reply set, after an answer or a refusal alike', async () => {
    for (const status of [200, 403]) {
      const { store } = storeWith('feitopeloapp01', 'dadopeloservidor01', status);
      await store.dispatch(resultsApi.endpoints.getAgentResults.initiate('feitopeloapp01'));
      await waitFor(() => expect(sessionOf(store.getState()).agent).toBe('dadopeloservidor01'));
    }
  });

  it('keeps its agent when the reply set none, or something that is no agent', async () => {
    for (const given of [null, 'não é um agente!']) {
      const { store, cookies } = storeWith('assinado000001', given);
      await store.dispatch(resultsApi.endpoints.getAgentResults.initiate('assinado000001'));
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(sessionOf(store.getState()).agent).toBe('assinado000001');
      if (given === null) expect(cookies.get('agent')).toBe('assinado000001');
    }
  });
});
