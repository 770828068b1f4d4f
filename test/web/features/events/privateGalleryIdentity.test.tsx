import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { AuthUser, IdentityGateway } from '../../../../src/api/identityGateway';
import { ANA, fakeIdentity } from '../../../support/fakeIdentity';
import { API, network } from '../../../support/network';
import { renderApp } from '../../../support/renderWithProviders';

/** An identity service that says who is signed in only when the test lets it (the SDK still loading). */
function slowIdentity(user: AuthUser): IdentityGateway & { answer(): void } {
  const inner = fakeIdentity({ signedInAs: user, token: 'tok' });
  let answer: () => void = () => undefined;
  const answered = new Promise<void>((resolve) => (answer = resolve));
  return {
    ...inner,
    async watch(listener) {
      await answered;
      return inner.watch(listener);
    },
    answer: () => answer(),
  };
}

const refused = () =>
  HttpResponse.json(
    { error: 'unauthenticated', message: 'Este evento é privado. Faça login para ver as fotos.' },
    { status: 401 },
  );

it(`shows a private event's photos to a guest whose sign-in is known only while the gallery's first call is on its \
way, without calling the event private`, async () => {
  const identity = slowIdentity(ANA);
  const tokens: (string | null)[] = [];
  let released: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (released = resolve));
  network.use(
    http.get(`${API}/all/formatura/pad`, async ({ request }) => {
      const token = request.headers.get('idToken');
      tokens.push(token);
      if (token) return HttpResponse.json({ product: ['/media/formatura/pad/1.jpg'] });
      // The first call left before anyone knew who is signed in; it is answered after they do.
      await held;
      return refused();
    }),
  );
  const { store } = renderApp(
    { pathname: '/eventos/evento/pad', state: { bname: 'formatura', devices: ['pad'] } },
    { identity },
  );
  await waitFor(() => expect(tokens).toEqual([null]));
  expect(screen.getByText('Carregando...')).toBeInTheDocument();

  identity.answer();
  // Signed in now, while the first call is still out: its refusal is not the last word.
  await waitFor(() => expect(store.getState().auth.identity.status).toBe('signedIn'));
  released();

  expect(await screen.findByRole('button', { name: 'Foto 1 de 1' })).toBeInTheDocument();
  expect(tokens).toEqual([null, 'tok']);
  expect(screen.queryByText(/privado/)).not.toBeInTheDocument();
});

it('still tells a guest nobody signed in for that the event is private', async () => {
  const identity = slowIdentity(null as unknown as AuthUser);
  network.use(http.get(`${API}/all/formatura/pad`, refused));
  renderApp({ pathname: '/eventos/evento/pad', state: { bname: 'formatura', devices: ['pad'] } }, { identity });
  identity.answer();
  expect(await screen.findByRole('alert')).toHaveTextContent('Este evento é privado. Faça login para ver as fotos.');
});
