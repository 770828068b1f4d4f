/**
 * An order placed while signed out waits for a sign-in (docs/product.md#account: the cookies transaction
 * and loginRequired, every page but login, signup and account leading to /account). The customer
 * is told so, on the account page, instead of the 'not logged in' alert.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Transaction } from '../../../../contract/wire';
import { API, network } from '../../../support/network';
import { renderApp } from '../../../support/renderWithProviders';
import { withSession } from '../../../support/session';

const WAITING = 'Seu pedido 123456789 foi registrado. Entre ou crie sua conta para guardá-lo nela.';
const pending = withSession({ loginRequired: true, pendingTransaction: '123456789', pendingClaim: 'k'.repeat(22) });
const PIX_CODE =
  '00020126360014BR.GOV.BCB.PIX0114+55119999999995204000053039865406450.005802BR5913Cabine Eventos6009SAO ' +
  'PAULO62130509123456789630412AB';
const WAITING_PIX: Transaction = {
  orderId: '123456789',
  eventName: 'Aniversário da Ana',
  status: 'pending',
  paymentMethod: 'pix',
  amount: 450,
  pixCode: PIX_CODE,
  createdAt: '2026-03-05T01:30:00Z',
};

/** The order as the server tells this browser (its claim cookie), counting the asks. */
function serveOrder(initial: Transaction) {
  const order = { current: initial, asked: 0 };
  network.use(
    http.get(`${API}/orders/:orderId`, ({ params }) => {
      order.asked += 1;
      if (params.orderId !== order.current.orderId)
        return HttpResponse.json({ error: 'order_not_found', message: 'Pedido não encontrado.' }, { status: 404 });
      return HttpResponse.json(order.current);
    }),
  );
  return order;
}

beforeEach(() => {
  serveOrder(WAITING_PIX);
});

describe('an order waiting for a sign-in', () => {
  it('the account page says the order is registered and how to follow it, with no alert, and stays', async () => {
    const { router } = renderApp('/account', { preloadedState: pending });
    expect(await screen.findByText(WAITING)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Conta' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Entrar' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Criar conta' })).toHaveAttribute('href', '/signup');
    expect(window.alert).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/account');
  });

  it.each(['/', '/eventos', '/collection', '/shop?coupon=C1', '/nao-existe'])(
    '%s leads to that message on /account, without an alert',
    async (url) => {
      const { router } = renderApp(url, { preloadedState: pending });
      expect(await screen.findByText(WAITING)).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/account');
      expect(window.alert).not.toHaveBeenCalled();
    },
  );

  it.each([
    ['/login', 'Login'],
    ['/signup', 'Criar conta'],
  ])('%s, where the customer goes next, says it too', async (url, title) => {
    renderApp(url, { preloadedState: pending });
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByText(WAITING)).toBeInTheDocument();
  });

  it(`says where its payment stands and keeps the Pix code to pay before a sign-in, then turns paid by \
itself`, async () => {
    jest.useFakeTimers({ advanceTimers: true });
    const wait = (ms: number) => act(async () => void (await jest.advanceTimersByTimeAsync(ms)));
    try {
      const order = serveOrder(WAITING_PIX);
      renderApp('/account', { preloadedState: pending });
      const region = await screen.findByRole('region', { name: 'Pedido 123456789' });
      const state = () => within(region).getAllByRole('status')[0];
      await waitFor(() =>
        expect(state()).toHaveTextContent('Aguardando o Pix: pague pelo QR code ou pelo Pix copia e cola.'),
      );
      expect(await within(region).findByRole('img', { name: 'QR code Pix do pedido 123456789' })).toBeInTheDocument();
      expect(within(region).getByLabelText('Pix copia e cola')).toHaveValue(PIX_CODE);
      expect(within(region).getByRole('button', { name: 'Copiar código Pix' })).toBeInTheDocument();
      expect((region.textContent ?? '').replace(/\u00a0/g, ' ')).toContain('Valor: R$ 450,00');

      order.current = { ...WAITING_PIX, status: 'approved', pixCode: undefined };
      const asked = order.asked;
      await wait(3_100);
      expect(order.asked).toBeGreaterThan(asked);
      await waitFor(() => expect(state()).toHaveTextContent('Pagamento aprovado! Seu pedido está pago.'));
      expect(within(region).queryByLabelText('Pix copia e cola')).not.toBeInTheDocument();
      // The sign-in that ties it to an account is still offered.
      expect(screen.getByRole('link', { name: 'Entrar' })).toBeInTheDocument();
      const settled = order.asked;
      await wait(30_000);
      expect(order.asked).toBe(settled);
    } finally {
      jest.useRealTimers();
    }
  });

  it('an order this browser may not read (404) says nothing of it, and is not asked for again', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    try {
      const order = serveOrder({ ...WAITING_PIX, orderId: '999999999' });
      renderApp('/account', { preloadedState: pending });
      const region = await screen.findByRole('region', { name: 'Pedido 123456789' });
      await act(async () => void (await jest.advanceTimersByTimeAsync(30_000)));
      expect(within(region).getByRole('status')).toBeEmptyDOMElement();
      expect(order.asked).toBe(1);
      expect(screen.getByText(WAITING)).toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  it("without a waiting order, the account still alerts 'Você não está logado!' and goes to /login", async () => {
    const { router } = renderApp('/account');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(window.alert).toHaveBeenCalledWith('Você não está logado!');
    expect(screen.queryByText(/Seu pedido/)).not.toBeInTheDocument();
  });
});
