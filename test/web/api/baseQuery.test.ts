import { http, HttpResponse } from 'msw';
import { errorMessage } from '../../../src/api/apiError';
import { listSegment, path } from '../../../src/lib/urlPath';
import { makeStore } from '../../../src/app/store';
import { accountSyncApi } from '../../../src/session/accountSyncApi';
import { signedIn } from '../../../src/session/authSlice';
import { accountApi } from '../../../src/features/account/accountApi';
import { printApi } from '../../../src/features/print/printApi';
import { ANA, fakeIdentity } from '../../support/fakeIdentity';
import { API, network } from '../../support/network';

describe('path', () => {
  it('encodes each value as one segment, dots included', () => {
    expect(path`/a/${'..'}/${'.'}/${'x/y?z#w'}`).toBe('/a/%2E%2E/%2E/x%2Fy%3Fz%23w');
    expect(path`/n/${42}`).toBe('/n/42');
  });

  it('writes an empty list as a dash', () => {
    expect(listSegment([])).toBe('-');
    expect(listSegment(['a', 'b'])).toBe('a,b');
  });
});

describe('errors', () => {
  it('reads a JSON error body on a text endpoint as { error, message }', async () => {
    network.use(
      http.get(`${API}/modifyAccount/add/packs/:v`, () =>
        HttpResponse.json({ error: 'not_found', message: 'Pacote não encontrado' }, { status: 404 }),
      ),
    );
    const store = makeStore({ identity: fakeIdentity({ signedInAs: ANA }) });
    store.dispatch(signedIn(ANA));
    const result = await store.dispatch(accountSyncApi.endpoints.addToAccount.initiate({ list: 'packs', value: 'X' }));
    expect(result.error).toEqual({ status: 404, data: { error: 'not_found', message: 'Pacote não encontrado' } });
    expect(errorMessage(result.error)).toBe('Pacote não encontrado');
  });

  it('reads a 409 of a JSON endpoint', async () => {
    network.use(
      http.get(`${API}/print/H/:id`, () =>
        HttpResponse.json({ error: 'no_copies', message: 'Sem cópias' }, { status: 409 }),
      ),
    );
    const result = await makeStore().dispatch(
      printApi.endpoints.printCopy.initiate({ packHash: 'H', printId: 'a.jpg' }),
    );
    expect(result.error).toEqual({ status: 409, data: { error: 'no_copies', message: 'Sem cópias' } });
  });

  it('explains a network failure in Portuguese', async () => {
    network.use(http.get(`${API}/print/H/:id`, () => HttpResponse.error()));
    const result = await makeStore().dispatch(
      printApi.endpoints.printCopy.initiate({ packHash: 'H', printId: 'a.jpg' }),
    );
    expect(errorMessage(result.error)).toBe('Sem conexão com o servidor. Tente novamente.');
  });
});

describe('identity token', () => {
  it('asks the token source on every authenticated call, so the token is always fresh', async () => {
    const seen: (string | null)[] = [];
    network.use(
      http.get(`${API}/load_transactions`, ({ request }) => {
        seen.push(request.headers.get('idToken'));
        return HttpResponse.json([]);
      }),
    );
    const store = makeStore({ identity: fakeIdentity({ signedInAs: ANA }) });
    store.dispatch(signedIn(ANA));
    await store.dispatch(accountApi.endpoints.loadTransactions.initiate(undefined, { forceRefetch: true }));
    await store.dispatch(accountApi.endpoints.loadTransactions.initiate(undefined, { forceRefetch: true }));
    expect(seen).toEqual(['token-1', 'token-2']);
  });

  it('refuses a required call when the source has no token (signed out meanwhile)', async () => {
    const store = makeStore({ identity: fakeIdentity({ signedInAs: ANA, token: null }) });
    store.dispatch(signedIn(ANA));
    const result = await store.dispatch(accountSyncApi.endpoints.getAccount.initiate());
    expect(result.error).toMatchObject({ status: 401, data: { error: 'unauthenticated' } });
  });
});
