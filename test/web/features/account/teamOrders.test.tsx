import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { TeamOrder } from '../../../../contract/wire';
import { ANA, fakeIdentity } from '../../../support/fakeIdentity';
import { API, network } from '../../../support/network';
import { renderApp } from '../../../support/renderWithProviders';

const PENDING_PIX: TeamOrder = {
  orderId: '123456789',
  eventName: 'festa_ana',
  clientName: 'Ana Souza',
  email: 'ana@example.com',
  coupon: 'BEMVINDO10',
  paymentMethod: 'pix',
  amount: 1215,
  status: 'pending',
  createdAt: '2026-03-05T18:00:00Z',
};
const PENDING_CARD: TeamOrder = {
  ...PENDING_PIX,
  orderId: '987654321',
  paymentMethod: 'card',
  clientName: 'Bia',
  email: 'bia@example.com',
};
const PAID_PIX: TeamOrder = { ...PENDING_PIX, orderId: '111222333', status: 'approved', clientName: 'Léo' };

interface Settled {
  orderId: string;
  body: unknown;
  token: string | null;
}

/** A signed-in account (team or not); the team's orders are kept and settled as the server would. */
function serve({ team, settleStatus = 200 }: { team: 'ok' | 'no'; settleStatus?: number }) {
  const state = { orders: [PENDING_PIX, PENDING_CARD, PAID_PIX], listed: 0, settled: [] as Settled[] };
  network.use(
    http.get(`${API}/account`, () =>
      HttpResponse.json({
        email: ANA.email,
        displayName: 'Ana Souza',
        photoURL: '',
        partner: '',
        events: [],
        transactions: [],
        collection: [],
        packs: [],
      }),
    ),
    http.get(`${API}/load_transactions`, () => HttpResponse.json([])),
    http.get(`${API}/load_events`, () => HttpResponse.json([])),
    http.get(`${API}/check_team`, () => HttpResponse.text(team)),
    http.get(`${API}/team_orders`, () => {
      state.listed += 1;
      return HttpResponse.json(state.orders);
    }),
    http.post(`${API}/team_orders/:orderId`, async ({ request, params }) => {
      const body = (await request.json()) as { status: TeamOrder['status'] };
      state.settled.push({ orderId: String(params.orderId), body, token: request.headers.get('idToken') });
      if (settleStatus !== 200)
        return HttpResponse.json(
          { error: 'not_pending', message: 'Este pedido já foi resolvido.' },
          { status: settleStatus },
        );
      state.orders = state.orders.map((o) => (o.orderId === params.orderId ? { ...o, status: body.status } : o));
      return HttpResponse.json({ orderId: params.orderId, status: body.status });
    }),
  );
  return state;
}

const signedIn = () => ({ identity: fakeIdentity({ signedInAs: ANA }) });
const sidebar = () => screen.getByRole('navigation', { name: 'Minha conta' });
const order = (id: string) => screen.getByRole('listitem', { name: `Pedido ${id}` });

async function openTeamOrders(server: ReturnType<typeof serve>) {
  const view = renderApp('/account', signedIn());
  await view.user.click(
    await within(await screen.findByRole('navigation', { name: 'Minha conta' })).findByRole('button', {
      name: 'Pedidos da equipe',
    }),
  );
  expect(screen.getByRole('heading', { level: 2, name: 'Pedidos da equipe' })).toBeInTheDocument();
  await screen.findByRole('listitem', { name: `Pedido ${PENDING_PIX.orderId}` });
  expect(server.listed).toBe(1);
  return view;
}

describe("the team's orders", () => {
  it('lists every order with its client, coupon, method, amount, date and status', async () => {
    const server = serve({ team: 'ok' });
    await openTeamOrders(server);
    const pix = order('123456789');
    const text = (pix.textContent ?? '').replace(/\u00a0/g, ' ');
    for (const part of [
      'festa_ana',
      'Ana Souza (ana@example.com)',
      'BEMVINDO10',
      'Pix',
      'R$ 1.215,00',
      '05/03/2026',
      'Aguardando pagamento',
    ])
      expect(text).toContain(part);
    expect(order('111222333')).toHaveTextContent('Pago');
    expect(order('987654321')).toHaveTextContent('Cartão de crédito');
    // Only a Pix transfer still waiting is settled by hand.
    expect(within(order('987654321')).queryByRole('button', { name: 'Confirmar pagamento' })).not.toBeInTheDocument();
    expect(within(order('111222333')).queryByRole('button', { name: 'Confirmar pagamento' })).not.toBeInTheDocument();
  });

  it("confirms a Pix payment after a second look, with the team member's token, and says it is done", async () => {
    const server = serve({ team: 'ok' });
    const { user } = await openTeamOrders(server);

    await user.click(within(order('123456789')).getByRole('button', { name: 'Confirmar pagamento' }));
    const dialog = screen.getByRole('dialog', { name: 'Confirmar pagamento' });
    expect((dialog.textContent ?? '').replace(/\u00a0/g, ' ')).toContain('pedido 123456789 (Ana Souza, R$ 1.215,00)');
    expect(server.settled).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Sim, confirmar' }));
    expect(await screen.findByText('Pagamento do pedido 123456789 confirmado.')).toBeInTheDocument();
    expect(server.settled).toEqual([
      { orderId: '123456789', body: { status: 'approved' }, token: expect.stringMatching(/^token-/) },
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // The list is asked again and shows the order paid.
    expect(await within(order('123456789')).findByText('Pago')).toBeInTheDocument();
    expect(server.listed).toBe(2);
    expect(within(order('123456789')).queryByRole('button', { name: 'Confirmar pagamento' })).not.toBeInTheDocument();
  });

  it('refuses a Pix payment, and a change of mind in the dialog sends nothing', async () => {
    const server = serve({ team: 'ok' });
    const { user } = await openTeamOrders(server);

    await user.click(within(order('123456789')).getByRole('button', { name: 'Recusar pagamento' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Recusar pagamento' })).getByRole('button', { name: 'Cancelar' }),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.settled).toEqual([]);

    await user.click(within(order('123456789')).getByRole('button', { name: 'Recusar pagamento' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Recusar pagamento' })).getByRole('button', { name: 'Sim, recusar' }),
    );
    expect(await screen.findByText('Pagamento do pedido 123456789 recusado.')).toBeInTheDocument();
    expect(server.settled.map((s) => s.body)).toEqual([{ status: 'rejected' }]);
    expect(await within(order('123456789')).findByText('Recusado')).toBeInTheDocument();
  });

  it("shows the server's refusal when the order cannot be settled", async () => {
    const server = serve({ team: 'ok', settleStatus: 409 });
    const { user } = await openTeamOrders(server);
    await user.click(within(order('123456789')).getByRole('button', { name: 'Confirmar pagamento' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Sim, confirmar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Não foi possível atualizar o pedido 123456789: Este pedido já foi resolvido.',
    );
    expect(within(order('123456789')).getByText('Aguardando pagamento')).toBeInTheDocument();
  });

  it('is not there for someone outside the team, not even by its link, and the list is never asked', async () => {
    const server = serve({ team: 'no' });
    renderApp('/account?secao=equipe', signedIn());
    await screen.findByRole('heading', { name: 'Olá, Ana Souza!' });
    await new Promise((r) => setTimeout(r, 50));
    expect(within(sidebar()).queryByRole('button', { name: 'Pedidos da equipe' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Pedidos da equipe' })).not.toBeInTheDocument();
    expect(server.listed).toBe(0);
  });
});
