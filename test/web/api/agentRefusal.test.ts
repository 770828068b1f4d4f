import { http, HttpResponse } from 'msw';
import { asOwnAgent } from '../../../src/api/agentRefusal';
import { makeStore } from '../../../src/app/store';
import { faceApi } from '../../../src/features/face/faceApi';
import { memoryCookieJar, selectAgent } from '../../../src/session';
import { resultsApi } from '../../../src/session/resultsApi';
import { agentSigner } from '../../support/agentSigner';
import { API, network } from '../../support/network';
import { withSession } from '../../support/session';

const MADE_BY_THE_APP = 'feitopeloapp0001';
const GIVEN = 'dadopeloservidor0001';
const NOT_VOUCHED = {
  error: 'agent_not_vouched',
  message: 'Não reconhecemos este aparelho. Recarregue a página e tente de novo.',
};
const FOUND = { selfie: true, hidden: false, found: [], searched: ['festa_ana'], unavailable: [] };

/** A store whose session and cookie hold `agent`, the agents the server signed being `signed`. */
function visitorWith(agent: string, signed: readonly string[] = []) {
  const cookies = memoryCookieJar({ agent });
  const server = agentSigner(cookies, signed);
  const store = makeStore({ preloadedState: withSession({ agent }), cookies });
  const agentNow = () => selectAgent(store.getState());
  return { store, server, cookies, agentNow };
}

/** `GET /agentResults/{agent}` answered by `answer`; the agents it was asked for. */
function serveResults(answer: (agent: string) => Response) {
  const named: string[] = [];
  network.use(
    http.get(`${API}/agentResults/:agent`, ({ params }) => {
      named.push(String(params.agent));
      return answer(String(params.agent));
    }),
  );
  return named;
}

/**
 * A call that names the visitor's agent, when the server never signed it (the app made it, a
 * shell the service worker served after the cookies were cleared): the reply refuses it and gives
 * a new agent, which the session takes, and the call is made again under that one (docs/api.md,
 * "The visitor's agent").
 */
describe('a call naming the agent, made as the own agent', () => {
  it('is made again under the agent the refusal gave, which the session holds from then on', async () => {
    const { store, server, agentNow } = visitorWith(MADE_BY_THE_APP);
    const named: string[] = [];
    network.use(
      http.post(`${API}/uploadFace/:agent`, ({ params }) => {
        named.push(String(params.agent));
        return server.refusal(String(params.agent)) ?? HttpResponse.json(FOUND);
      }),
    );
    const result = await asOwnAgent(agentNow, (agent) =>
      store.dispatch(
        faceApi.endpoints.uploadFace.initiate({ agent, image: 'data:image/jpeg;base64,AA', events: 'festa_ana' }),
      ),
    );
    expect(result).toMatchObject({ data: FOUND });
    expect(named).toEqual([MADE_BY_THE_APP, GIVEN]);
    expect(agentNow()).toBe(GIVEN);
  });

  it(`keeps a refusal that gave no other agent: for the agent the server signed, or with no cookie to give one \
in`, async () => {
    const signed = visitorWith(GIVEN, [GIVEN]);
    const refusedAlways = serveResults(() => HttpResponse.json(NOT_VOUCHED, { status: 403 }));
    const kept = await asOwnAgent(signed.agentNow, (agent) =>
      signed.store.dispatch(resultsApi.endpoints.getAgentResults.initiate(agent)),
    );
    expect(kept.error).toEqual({ status: 403, data: NOT_VOUCHED });
    expect(refusedAlways).toEqual([GIVEN]);

    const cookiesRefused = visitorWith(MADE_BY_THE_APP);
    cookiesRefused.cookies.remove('agent');
    const named = serveResults((agent) => cookiesRefused.server.refusal(agent) ?? HttpResponse.json({ product: [] }));
    const alone = await asOwnAgent(cookiesRefused.agentNow, (agent) =>
      cookiesRefused.store.dispatch(resultsApi.endpoints.getAgentResults.initiate(agent)),
    );
    expect(alone.error).toEqual({ status: 403, data: NOT_VOUCHED });
    expect(named).toEqual([MADE_BY_THE_APP]);
  });

  it('keeps any other failure, though the reply gave another agent', async () => {
    const { store, cookies, agentNow } = visitorWith(MADE_BY_THE_APP);
    const named = serveResults(() => {
      cookies.set('agent', GIVEN);
      return HttpResponse.json({ error: 'not_found', message: 'Não encontrado.' }, { status: 404 });
    });
    const result = await asOwnAgent(agentNow, (agent) =>
      store.dispatch(resultsApi.endpoints.getAgentResults.initiate(agent)),
    );
    expect(result.error).toEqual({ status: 404, data: { error: 'not_found', message: 'Não encontrado.' } });
    expect(named).toEqual([MADE_BY_THE_APP]);
  });

  it('is made again twice at most, though every refusal gives yet another agent', async () => {
    const { store, cookies, agentNow } = visitorWith(MADE_BY_THE_APP);
    const named = serveResults(() => {
      cookies.set('agent', `sempreoutro${String(named.length).padStart(4, '0')}`);
      return HttpResponse.json(NOT_VOUCHED, { status: 403 });
    });
    const result = await asOwnAgent(agentNow, (agent) =>
      store.dispatch(resultsApi.endpoints.getAgentResults.initiate(agent)),
    );
    expect(result.error).toEqual({ status: 403, data: NOT_VOUCHED });
    expect(named).toEqual([MADE_BY_THE_APP, 'sempreoutro0001', 'sempreoutro0002']);
  });
});
