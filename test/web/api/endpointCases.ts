/**
 * One request test per row of docs/api.md#the-contracts-calls, shared by the *Endpoints.test.ts files: what
 * each endpoint sends (method, path with odd characters encoded, query, body, identity header) and how it
 * reads the reply.
 */
import { makeStore } from '../../../src/app/store';
import { signedIn } from '../../../src/session/authSlice';
import { ANA, fakeIdentity } from '../../support/fakeIdentity';
import { recordCalls, type Reply } from '../../support/recordCalls';

type Store = ReturnType<typeof makeStore>;
// Each case dispatches its endpoint's initiate thunk; the result carries data or error.
type Run = (store: Store) => Promise<{ data?: unknown; error?: unknown }>;

export interface Case {
  name: string;
  run: Run;
  method: string;
  path: string;
  query?: Record<string, string>;
  body?: unknown;
  /** required: sent with the token, refused without one; optional: sent when signed in. */
  auth: 'none' | 'optional' | 'required';
  reply: Reply;
  data: unknown;
}

const TOKEN = 'token-abc.def';

function signedInStore() {
  const store = makeStore({ identity: fakeIdentity({ signedInAs: ANA, token: TOKEN }) });
  store.dispatch(signedIn(ANA));
  return store;
}

/** Each case's tests, as a describe block named for its endpoint. */
export function describeEndpoints(cases: Case[]): void {
  beforeEach(() => {
    // validatePacks logs the entries it skips; keep the test output clean (restored by setupWeb).
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });

  describe.each(cases)('$name', ({ run, method, path, query, body, auth, reply, data }) => {
    it(`sends ${method} ${path} and reads the reply`, async () => {
      const calls = recordCalls(reply);
      const result = await run(signedInStore());
      expect(result.error).toBeUndefined();
      expect(result.data).toEqual(data);
      expect(calls).toHaveLength(1);
      const [call] = calls;
      expect(call.method).toBe(method);
      expect(call.rawPath).toBe(path);
      expect(call.query).toEqual(query ?? {});
      if (body === undefined) {
        expect(call.body).toBe('');
      } else {
        expect(call.headers.get('content-type')).toMatch(/^application\/json/);
        expect(JSON.parse(call.body)).toEqual(body);
      }
      expect(call.headers.get('idToken')).toBe(auth === 'none' ? null : TOKEN);
    });

    if (auth === 'required') {
      it('is refused without reaching the network when nobody is signed in', async () => {
        const calls = recordCalls(reply);
        const identity = fakeIdentity({ signedInAs: ANA, token: TOKEN });
        const result = await run(makeStore({ identity }));
        expect(result.error).toMatchObject({ status: 401 });
        expect(calls).toHaveLength(0);
        expect(identity.tokens).toHaveLength(0);
      });
    }

    if (auth === 'optional') {
      it('is sent without a token for an anonymous visitor', async () => {
        const calls = recordCalls(reply);
        const result = await run(makeStore({ identity: fakeIdentity({ signedInAs: null, token: TOKEN }) }));
        expect(result.error).toBeUndefined();
        expect(calls[0].headers.get('idToken')).toBeNull();
      });
    }
  });
}
