import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { Transaction } from '../../../../contract/wire';
import { ANA, fakeIdentity } from '../../../support/fakeIdentity';
import { API, network } from '../../../support/network';
import { renderApp } from '../../../support/renderWithProviders';

const PIX_CODE =
  '00020126360014BR.GOV.BCB.PIX0114+55119999999995204000053039865406450.005802BR5913Cabine Eventos6009SAO ' +
  'PAULO62130509123456789630412AB';

const ORDERS: Transaction[] = [
  {
    orderId: '123456789',
    eventName: 'Aniversário da Ana',
    status: 'pending',
    paymentMethod: 'pix',
    amount: 450,
    pixCode: PIX_CODE,
    createdAt: '2026-03-05T01:30:00Z',
  },
  {
    orderId: '222333444',
    eventName: 'Casamento',
    status: 'approved',
    paymentMethod: 'card',
    amount: 1234.56,
    createdAt: '2026-02-10T15:00:00Z',
  },
  {
    orderId: '555666777',
    eventName: 'Formatura',
    status: 'rejected',
    paymentMethod: 'card',
    amount: 800,
    createdAt: '2026-01-20T12:00:00Z',
  },
  { orderId: '888999000', eventName: 'Festa antiga', status: 'approved' },
];

/** The account answers; `/load_transactions` serves whatever `orders.current` holds, counting the asks. */
function serve(initial: Transaction[], team: 'ok' | 'no' = 'no') {
  const orders = { current: initial, asked: 0 };
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
    http.get(`${API}/load_transactions`, () => {
      orders.asked += 1;
      return HttpResponse.json(orders.current);
    }),
    http.get(`${API}/load_events`, () => HttpResponse.json([])),
    http.get(`${API}/check_team`, () => HttpResponse.text(team)),
  );
  return orders;
}

const signedIn = () => ({ identity: fakeIdentity({ signedInAs: ANA }) });
const order = (id: string) => screen.getByRole('listitem', { name: `Pedido ${id}` });
const fact = (item: HTMLElement, label: string) =>
  (within(item).getByText(label).nextElementSibling?.textContent ?? '').replace(/\u00a0/g, ' ');

describe("the user's orders", () => {
  it('shows each order with its event, amount in reais, method, date and status in Portuguese', async () => {
    serve(ORDERS);
    renderApp('/account?secao=pedidos', signedIn());
    await screen.findByRole('heading', { level: 2, name: 'Pedidos' });

    const pix = order('123456789');
    expect(fact(pix, 'Evento')).toBe('Aniversário da Ana');
    expect(fact(pix, 'Valor')).toBe('R$ 450,00');
    expect(fact(pix, 'Pagamento')).toBe('Pix');
    // 01:30 UTC on the 5th is still the 4th in Brasília.
    expect(fact(pix, 'Data')).toBe('04/03/2026');
    expect(fact(pix, 'Situação')).toBe('Aguardando pagamento');

    const card = order('222333444');
    expect(fact(card, 'Valor')).toBe('R$ 1.234,56');
    expect(fact(card, 'Pagamento')).toBe('Cartão de crédito');
    expect(fact(card, 'Data')).toBe('10/02/2026');
    expect(fact(card, 'Situação')).toBe('Pago');
    expect(fact(order('555666777'), 'Situação')).toBe('Recusado');

    // An order from before amounts and methods were kept shows what it has.
    const old = order('888999000');
    expect(within(old).queryByText('Valor')).not.toBeInTheDocument();
    expect(fact(old, 'Situação')).toBe('Pago');
  });

  it("shows a waiting Pix order's QR code and copy-and-paste code, and copies it", async () => {
    serve(ORDERS);
    const user = userEvent.setup();
    renderApp('/account?secao=pedidos', signedIn());
    await screen.findByRole('heading', { level: 2, name: 'Pedidos' });
    const pix = order('123456789');

    const qr = await within(pix).findByRole('img', { name: 'QR code Pix do pedido 123456789' });
    expect(qr.tagName.toLowerCase()).toBe('svg');
    expect(qr).toHaveAttribute('width', '220');
    expect(within(pix).getByLabelText('Pix copia e cola')).toHaveValue(PIX_CODE);

    expect(within(pix).getByRole('status')).toBeEmptyDOMElement();
    const copied = jest.spyOn(navigator.clipboard, 'writeText');
    await user.click(within(pix).getByRole('button', { name: 'Copiar código Pix' }));
    expect(copied).toHaveBeenCalledWith(PIX_CODE);
    expect(within(pix).getByRole('status')).toHaveTextContent('Chave copiada para a área de transferência');

    // Nothing to pay on a card order, or on a paid one.
    for (const id of ['222333444', '555666777', '888999000']) {
      expect(within(order(id)).queryByRole('img')).not.toBeInTheDocument();
      expect(within(order(id)).queryByRole('button', { name: 'Copiar código Pix' })).not.toBeInTheDocument();
    }
  });

  it('says so when the code cannot be copied', async () => {
    serve(ORDERS);
    const user = userEvent.setup();
    renderApp('/account?secao=pedidos', signedIn());
    await screen.findByRole('heading', { level: 2, name: 'Pedidos' });
    jest.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    await user.click(within(order('123456789')).getByRole('button', { name: 'Copiar código Pix' }));
    expect(within(order('123456789')).getByRole('status')).toHaveTextContent(
      'Não foi possível copiar. Selecione o código e copie manualmente.',
    );
  });
});

describe('a waiting order follows its payment', () => {
  const wait = (ms: number) => act(async () => void (await jest.advanceTimersByTimeAsync(ms)));
  beforeEach(() => jest.useFakeTimers({ advanceTimers: true }));
  afterEach(() => jest.useRealTimers());

  it(`asks again every 3 s while an order waits, and stops once it is paid: a Pix paid shows within \
seconds`, async () => {
    const orders = serve([ORDERS[0]]);
    renderApp('/account?secao=pedidos', signedIn());
    await screen.findByRole('heading', { level: 2, name: 'Pedidos' });
    const before = orders.asked;

    await wait(2_500);
    expect(orders.asked).toBe(before);
    orders.current = [{ ...ORDERS[0], status: 'approved' }];
    await wait(1_000);
    expect(orders.asked).toBe(before + 1);
    expect(await within(order('123456789')).findByText('Pago')).toBeInTheDocument();
    expect(within(order('123456789')).queryByLabelText('Pix copia e cola')).not.toBeInTheDocument();

    await wait(60_000);
    expect(orders.asked).toBe(before + 1);
  });

  it('does not ask while the page is hidden, and goes on once it is seen again', async () => {
    const setVisibility = (state: 'visible' | 'hidden') => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
      document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
    };
    const orders = serve([ORDERS[0]]);
    renderApp('/account?secao=pedidos', signedIn());
    await screen.findByRole('heading', { level: 2, name: 'Pedidos' });
    const before = orders.asked;
    try {
      act(() => setVisibility('hidden'));
      await wait(60_000);
      expect(orders.asked).toBe(before);
      act(() => setVisibility('visible'));
      await wait(3_500);
      expect(orders.asked).toBeGreaterThan(before);
    } finally {
      setVisibility('visible');
    }
  });

  it('does not ask again when no order waits', async () => {
    const orders = serve([ORDERS[1], ORDERS[2]]);
    renderApp('/account?secao=pedidos', signedIn());
    await screen.findByRole('heading', { level: 2, name: 'Pedidos' });
    const before = orders.asked;
    await wait(60_000);
    expect(orders.asked).toBe(before);
  });
});
