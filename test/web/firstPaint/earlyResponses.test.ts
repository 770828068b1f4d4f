import { http, HttpResponse } from 'msw';
import { takeEarlyResponse } from '../../../src/firstPaint/earlyResponses';
import { makeStore } from '../../../src/app/store';
import { eventsApi } from '../../../src/features/events/eventsApi';
import { EARLY_RESPONSE_TTL_MS, EARLY_RESPONSES_KEY } from '../../../src/firstPaint/earlyRequests';
import { signedIn } from '../../../src/session/authSlice';
import { ANA, fakeIdentity } from '../../support/fakeIdentity';
import { API, network } from '../../support/network';

const LIST_URL = `${API}/all/festa/pad`;
const holder = window as unknown as Record<string, unknown>;

/** What the page's early script leaves: answers it asked for, and when. */
function leaveEarly(responses: Record<string, Promise<Response>>, at = performance.now()) {
  holder[EARLY_RESPONSES_KEY] = { at, responses };
}

/** The list the server would give, counting the calls that reach it. */
function serverList() {
  const calls: Array<string | null> = [];
  network.use(
    http.get(`${API}/all/:bname/:mode`, ({ request }) => {
      calls.push(request.headers.get('idToken'));
      return HttpResponse.json({ product: ['/media/festa/pad/from-network.jpg'] });
    }),
  );
  return calls;
}

const earlyList = () => Promise.resolve(Response.json({ product: ['/media/festa/pad/early.jpg'] }));

afterEach(() => {
  delete holder[EARLY_RESPONSES_KEY];
});

describe('early responses', () => {
  it("a gallery's list asked for by the page's early script is taken over: no second call", async () => {
    const calls = serverList();
    leaveEarly({ [LIST_URL]: earlyList() });
    const result = await makeStore().dispatch(
      eventsApi.endpoints.getBoothMedia.initiate({ eventName: 'festa', type: 'pad' }),
    );
    expect(result.data).toEqual({ product: ['/media/festa/pad/early.jpg'], version: null });
    expect(calls).toEqual([]);
  });

  it('is taken once: the next call (a poll) reaches the server', async () => {
    const calls = serverList();
    leaveEarly({ [LIST_URL]: earlyList() });
    const store = makeStore();
    const args = { eventName: 'festa', type: 'pad' as const };
    await store.dispatch(eventsApi.endpoints.getBoothMedia.initiate(args));
    const again = await store.dispatch(eventsApi.endpoints.getBoothMedia.initiate(args, { forceRefetch: true }));
    expect(again.data).toEqual({ product: ['/media/festa/pad/from-network.jpg'], version: null });
    expect(calls).toHaveLength(1);
  });

  it('a refusal or a failure of the early call is asked again by the app', async () => {
    const calls = serverList();
    leaveEarly({ [LIST_URL]: Promise.resolve(Response.json({ error: 'unauthenticated' }, { status: 401 })) });
    const refused = await makeStore().dispatch(
      eventsApi.endpoints.getBoothMedia.initiate({ eventName: 'festa', type: 'pad' }),
    );
    expect(refused.data).toEqual({ product: ['/media/festa/pad/from-network.jpg'], version: null });
    const failing = Promise.reject(new TypeError('Failed to fetch'));
    // As the early script does: its failure is the app's to see, not an unhandled rejection.
    failing.catch(() => undefined);
    leaveEarly({ [LIST_URL]: failing });
    const failed = await makeStore().dispatch(
      eventsApi.endpoints.getBoothMedia.initiate({ eventName: 'festa', type: 'pad' }),
    );
    expect(failed.data).toEqual({ product: ['/media/festa/pad/from-network.jpg'], version: null });
    expect(calls).toHaveLength(2);
  });

  it('an answer older than its time is not taken, nor one for another address', async () => {
    const calls = serverList();
    leaveEarly({ [LIST_URL]: earlyList() }, performance.now() - EARLY_RESPONSE_TTL_MS - 1);
    const stale = await makeStore().dispatch(
      eventsApi.endpoints.getBoothMedia.initiate({ eventName: 'festa', type: 'pad' }),
    );
    expect(stale.data).toEqual({ product: ['/media/festa/pad/from-network.jpg'], version: null });
    leaveEarly({ [`${API}/all/festa/feed`]: earlyList() });
    const other = await makeStore().dispatch(
      eventsApi.endpoints.getBoothMedia.initiate({ eventName: 'festa', type: 'pad' }),
    );
    expect(other.data).toEqual({ product: ['/media/festa/pad/from-network.jpg'], version: null });
    expect(calls).toHaveLength(2);
  });

  it("a signed-in visitor's call carries the token to the server instead", async () => {
    const calls = serverList();
    leaveEarly({ [LIST_URL]: earlyList() });
    const store = makeStore({ identity: fakeIdentity({ signedInAs: ANA }) });
    store.dispatch(signedIn(ANA));
    const result = await store.dispatch(
      eventsApi.endpoints.getBoothMedia.initiate({ eventName: 'festa', type: 'pad' }),
    );
    expect(result.data).toEqual({ product: ['/media/festa/pad/from-network.jpg'], version: null });
    expect(calls).toEqual(['token-1']);
  });

  it('takes only GETs, and nothing from a page that left no answers', () => {
    leaveEarly({ [LIST_URL]: earlyList() });
    expect(takeEarlyResponse(new Request(LIST_URL, { method: 'POST' }), holder, performance.now())).toBeNull();
    expect(takeEarlyResponse(new Request(LIST_URL), {}, performance.now())).toBeNull();
    expect(takeEarlyResponse(new Request(LIST_URL), { [EARLY_RESPONSES_KEY]: 'x' }, performance.now())).toBeNull();
    expect(takeEarlyResponse(new Request(LIST_URL), holder, performance.now())).not.toBeNull();
  });
});
