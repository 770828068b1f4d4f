import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { ANA, fakeIdentity } from '../../../support/fakeIdentity';
import { API, network } from '../../../support/network';
import { renderApp } from '../../../support/renderWithProviders';

/** The title people read of a created event: on the owner's dashboard, and the owner's to change. */
let created = {
  orderId: '123456789',
  eventName: 'Pedido da festa',
  eventCreated: 1,
  createdName: 'aniversario-da-convidada',
  createdTitle: 'Aniversário da Convidada',
  visibility: 'public',
  products: [],
};

function serveDashboard(saved: { bname: unknown; body: unknown }[]) {
  network.use(
    http.get(`${API}/account`, () =>
      HttpResponse.json({
        email: ANA.email,
        displayName: 'Ana',
        photoURL: '',
        partner: '',
        events: [],
        transactions: [],
      }),
    ),
    http.get(`${API}/load_transactions`, () => HttpResponse.json([])),
    http.get(`${API}/load_events`, () => HttpResponse.json([created])),
    http.get(`${API}/check_team`, () => HttpResponse.text('no')),
    http.put(`${API}/events/:bname/title`, async ({ request, params }) => {
      const body = (await request.json()) as { title: string };
      saved.push({ bname: params.bname, body });
      created = { ...created, createdTitle: body.title.trim() };
      return HttpResponse.json({ bname: params.bname, title: body.title.trim() });
    }),
  );
}

const dashboard = () => screen.findByRole('region', { name: 'Meu Evento' }, { timeout: 10_000 });

it("heads the created event's card with its title, not its name nor the order's words", async () => {
  serveDashboard([]);
  renderApp('/account?secao=evento', { identity: fakeIdentity({ signedInAs: ANA }) });
  const region = await dashboard();
  expect(
    await within(region).findByRole('heading', { level: 3, name: 'Aniversário da Convidada' }),
  ).toBeInTheDocument();
  expect(within(region).queryByRole('heading', { name: 'Pedido da festa' })).not.toBeInTheDocument();
  expect(within(region).queryByRole('heading', { name: 'aniversario-da-convidada' })).not.toBeInTheDocument();
  expect(
    within(region).getByRole('group', { name: 'Quem vê as fotos de Aniversário da Convidada' }),
  ).toBeInTheDocument();
});

it('lets the owner change the title; the card shows the new one, the link stays', async () => {
  const saved: { bname: unknown; body: unknown }[] = [];
  serveDashboard(saved);
  const { user } = renderApp('/account?secao=evento', { identity: fakeIdentity({ signedInAs: ANA }) });
  const region = await dashboard();
  await user.click(await within(region).findByRole('button', { name: 'Mudar o nome do evento' }));
  const field = within(region).getByLabelText('Novo nome do evento');
  expect(field).toHaveValue('Aniversário da Convidada');
  await user.clear(field);
  expect(within(region).getByRole('button', { name: 'Salvar' })).toBeDisabled();
  await user.type(field, 'Festa dos 15 anos');
  await user.click(within(region).getByRole('button', { name: 'Salvar' }));
  expect(await within(region).findByText('Nome do evento salvo.')).toBeInTheDocument();
  expect(saved).toEqual([{ bname: 'aniversario-da-convidada', body: { title: 'Festa dos 15 anos' } }]);
  expect(await within(region).findByRole('heading', { level: 3, name: 'Festa dos 15 anos' })).toBeInTheDocument();
});
