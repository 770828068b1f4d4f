import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { ANA, fakeIdentity } from '../../../support/fakeIdentity';
import { API, network } from '../../../support/network';
import { renderApp } from '../../../support/renderWithProviders';

/** The owner's control of who sees a created event's media (public, link-only, private). */
const created = {
  orderId: '123456789',
  eventName: 'Aniversário',
  eventCreated: 1,
  createdName: 'festa_ana',
  visibility: 'public',
  products: [],
};

function serveDashboard(saved: { body: unknown; token: string | null }[], answer: () => Response) {
  network.use(
    http.get(`${API}/account`, () => HttpResponse.json({ email: ANA.email, displayName: 'Ana', photoURL: '', partner: '', events: [], transactions: [] })),
    http.get(`${API}/load_transactions`, () => HttpResponse.json([])),
    http.get(`${API}/load_events`, () => HttpResponse.json([created])),
    http.get(`${API}/check_team`, () => HttpResponse.text('no')),
    http.put(`${API}/events/:bname/visibility`, async ({ request, params }) => {
      saved.push({ body: { bname: params.bname, ...((await request.json()) as object) }, token: request.headers.get('idToken') });
      return answer();
    }),
  );
}

async function openControl() {
  const view = renderApp('/account?secao=evento', { identity: fakeIdentity({ signedInAs: ANA }) });
  const group = await screen.findByRole('group', { name: 'Quem vê as fotos de festa_ana' }, { timeout: 10_000 });
  return { ...view, group };
}

it('offers the three choices with their explanations, the current one checked', async () => {
  serveDashboard([], () => HttpResponse.json({}));
  const { group } = await openControl();
  const radios = within(group).getAllByRole('radio');
  expect(radios.map((radio) => radio.getAttribute('value'))).toEqual(['public', 'link', 'private']);
  expect(within(group).getByRole('radio', { name: 'Público' })).toBeChecked();
  expect(within(group).getByRole('radio', { name: 'Somente com o link' })).toHaveAccessibleDescription(
    'Cada foto abre só para quem tem o link dela; a galeria do evento pede login.',
  );
  expect(within(group).getByRole('radio', { name: 'Privado' })).toHaveAccessibleDescription('Só quem entra com uma conta vê as fotos e a galeria do evento.');
});

it("shows 'Salvar visibilidade' as the app's button, not the browser's bare one", async () => {
  serveDashboard([], () => HttpResponse.json({}));
  await openControl();
  expect(screen.getByRole('button', { name: 'Salvar visibilidade' })).toHaveClass('button');
});

it("saves the owner's choice with their token and says so", async () => {
  const saved: { body: unknown; token: string | null }[] = [];
  serveDashboard(saved, () => HttpResponse.json({ bname: 'festa_ana', visibility: 'private' }));
  const { group, user } = await openControl();
  await user.click(within(group).getByRole('radio', { name: 'Privado' }));
  await user.click(screen.getByRole('button', { name: 'Salvar visibilidade' }));
  expect(await screen.findByText('Visibilidade do evento salva.')).toBeInTheDocument();
  expect(saved).toEqual([{ body: { bname: 'festa_ana', visibility: 'private' }, token: expect.stringMatching(/^token-/) }]);
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

it("shows the server's refusal in Portuguese, and no success", async () => {
  serveDashboard([], () =>
    HttpResponse.json({ error: 'not_event_owner', message: 'Só quem contratou o evento pode mudar quem vê as fotos.' }, { status: 403 }),
  );
  const { group, user } = await openControl();
  await user.click(within(group).getByRole('radio', { name: 'Somente com o link' }));
  await user.click(screen.getByRole('button', { name: 'Salvar visibilidade' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Não foi possível salvar: Só quem contratou o evento pode mudar quem vê as fotos.');
  expect(screen.queryByText('Visibilidade do evento salva.')).not.toBeInTheDocument();
});
