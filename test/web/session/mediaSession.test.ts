import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { makeStore } from '../../../src/app/store';
import { identityWatchRequested, logOut, sessionStarted } from '../../../src/session';
import { signedIn } from '../../../src/session/authSlice';
import { MEDIA_SESSION_RENEW_BEFORE_MS } from '../../../src/session/mediaSession';
import { ANA, fakeIdentity } from '../../support/fakeIdentity';
import { API, network } from '../../support/network';
import { sessionOf } from '../../support/session';

/** The media cookie follows who is signed in: asked for at sign-in, renewed before it expires, cleared at logout. */
function serveMediaSession(lifetimeMs: number) {
  const calls: string[] = [];
  network.use(
    http.post(`${API}/media-session`, ({ request }) => {
      calls.push(`POST ${request.headers.get('idToken') ?? 'sem token'}`);
      return HttpResponse.json({ expiresAt: Date.now() + lifetimeMs });
    }),
    http.delete(`${API}/media-session`, () => {
      calls.push('DELETE');
      return HttpResponse.text('ok');
    }),
  );
  return calls;
}

afterEach(() => jest.useRealTimers());

it('asks for the cookie with the token when someone signs in, and clears it when they log out', async () => {
  const calls = serveMediaSession(3_600_000);
  const identity = fakeIdentity();
  const store = makeStore({ identity });
  store.dispatch(sessionStarted());
  store.dispatch(identityWatchRequested());
  await waitFor(() => expect(sessionOf(store.getState()).identity.status).toBe('signedOut'));
  // An anonymous visitor costs no request.
  expect(calls).toEqual([]);

  identity.emit(ANA);
  await waitFor(() => expect(calls).toEqual([expect.stringMatching(/^POST token-\d+$/)]));
  await store.dispatch(logOut());
  await waitFor(() => expect(calls).toHaveLength(2));
  expect(calls[1]).toBe('DELETE');
});

it('renews the cookie before it expires, while the user stays signed in', async () => {
  jest.useFakeTimers({ advanceTimers: true });
  const lifetime = MEDIA_SESSION_RENEW_BEFORE_MS + 5 * 60 * 1000;
  const calls = serveMediaSession(lifetime);
  const identity = fakeIdentity({ signedInAs: ANA });
  const store = makeStore({ identity });
  store.dispatch(sessionStarted());
  store.dispatch(identityWatchRequested());
  await waitFor(() => expect(calls).toHaveLength(1));
  jest.advanceTimersByTime(4 * 60 * 1000);
  expect(calls).toHaveLength(1);
  jest.advanceTimersByTime(2 * 60 * 1000);
  await waitFor(() => expect(calls).toHaveLength(2));
  expect(calls.every((call) => call.startsWith('POST token-'))).toBe(true);
});

it('asks nothing before the app has started, then at the start for whoever is signed in', async () => {
  const calls = serveMediaSession(3_600_000);
  const store = makeStore({ identity: fakeIdentity({ signedInAs: ANA }) });
  store.dispatch(signedIn(ANA));
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(calls).toEqual([]);
  store.dispatch(sessionStarted());
  await waitFor(() => expect(calls).toEqual([expect.stringMatching(/^POST token-\d+$/)]));
});
