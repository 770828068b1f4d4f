import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { CardPaymentRequest, OrderPayload, OrderStatus } from '../../../../contract/wire';
import { productAdded, accessoryToggled, hoursChanged } from '../../../../src/features/shop/cartSlice';
import { browserCookieJar } from '../../../../src/session/cookieJar';
import { ANA, fakeIdentity } from '../../../support/fakeIdentity';
import { API, network } from '../../../support/network';
import { CABINE } from '../shop/fixtures';
import { renderApp } from '../../../support/renderWithProviders';
import { sessionOf, withSession } from '../../../support/session';

const nbsp = (text: string | null | undefined) => (text ?? '').replace(/\u00a0/g, ' ');

// The shop's own fixture: R$ 1.000,00 for 2 h, R$ 200,00 an extra hour, Neon R$ 150,00.
const cabine = CABINE;

// 3 h with Neon: 1000 + 200 + 150 = 1350; coupon DEZ takes 10 %: 1215.
const TOTAL = 'R$ 1.350,00';
const DISCOUNTED = 'R$ 1.215,00';
const AMOUNT = 1215;

const AGENT = 'agent0001';
const PIX_CODE = '00020126580014br.gov.bcb.pix0136pix@cabine.example5204000053039865406';

// The screen is a lazy chunk: compiled once here, so that its first render in a test waits for
// no compiler (a cold compile on a busy machine outlasts findBy's wait).
beforeAll(() => import('../../../../src/features/checkout/CheckoutPage'));

interface Seen {
  orders: OrderPayload[];
  payments: CardPaymentRequest[];
  bins: string[];
  tokens: string[];
  /** How many times the order was asked for after it was registered. */
  asked: number;
  /** Where the order stands now, as the server says when asked (null: as the last charge left it). */
  settled: OrderStatus | null;
}

function serveShop(overrides: { cardStatus?: string[] } = {}): Seen {
  const seen: Seen = { orders: [], payments: [], bins: [], tokens: [], asked: 0, settled: null };
  const outcomes = [...(overrides.cardStatus ?? ['approved'])];
  const charged: string[] = [];
  network.use(
    // The registered order, as the checkout (and the account after it) follows it.
    http.get(`${API}/orders/:orderId`, ({ params }) => {
      const placed = seen.orders.findLast((o) => o.orderId === params.orderId);
      if (!placed)
        return HttpResponse.json({ error: 'order_not_found', message: 'Pedido não encontrado.' }, { status: 404 });
      seen.asked += 1;
      const status = seen.settled ?? (charged.at(-1) === 'approved' ? 'approved' : 'pending');
      const pix = placed.paymentMethod === 'pix' && status === 'pending';
      return HttpResponse.json({
        orderId: placed.orderId,
        eventName: placed.eventName,
        status,
        paymentMethod: placed.paymentMethod,
        amount: AMOUNT,
        ...(pix ? { pixCode: PIX_CODE } : {}),
      });
    }),
    http.get(`${API}/shop/:coupon/:agent`, () => HttpResponse.json({ data: [cabine], discount: 0.1 })),
    http.post(`${API}/order/:coupon`, async ({ request }) => {
      const body = (await request.json()) as OrderPayload;
      seen.orders.push(body);
      return HttpResponse.json({
        orderId: body.orderId,
        status: 'pending',
        amount: AMOUNT,
        ...(body.paymentMethod === 'pix' ? { pixCode: PIX_CODE } : {}),
      });
    }),
    http.get(`${API}/sandbox/payment_methods`, ({ request }) => {
      const bin = new URL(request.url).searchParams.get('bin') ?? '';
      seen.bins.push(bin);
      return HttpResponse.json({
        results: [
          {
            id: 'master',
            payer_costs: [
              { installments: 1, installment_rate: 0 },
              { installments: 3, installment_rate: 0 },
              { installments: 4, installment_rate: 1.99 },
            ],
          },
        ],
      });
    }),
    http.post(`${API}/sandbox/card_tokens`, async ({ request }) => {
      const body = (await request.json()) as { cardholderName: string };
      const id = `tok_${seen.tokens.length + 1}`;
      seen.tokens.push(`${id} ${body.cardholderName}`);
      return HttpResponse.json({ id });
    }),
    http.post(`${API}/process_payment_card`, async ({ request }) => {
      const body = (await request.json()) as CardPaymentRequest;
      seen.payments.push(body);
      const status = outcomes.shift() ?? 'approved';
      charged.push(status);
      return HttpResponse.json({
        id: `pay_${seen.payments.length}`,
        status,
        status_detail:
          status === 'rejected'
            ? 'cc_rejected_insufficient_amount'
            : status === 'approved'
              ? 'accredited'
              : 'pending_contingency',
      });
    }),
  );
  return seen;
}

function openCheckout(url = '/checkout?coupon=DEZ', options: Parameters<typeof renderApp>[1] = {}) {
  const view = renderApp(url, { preloadedState: withSession({ agent: AGENT }), ...options });
  act(() => {
    view.store.dispatch(productAdded(cabine));
    view.store.dispatch(hoursChanged({ productId: 'cabine360', hours: 3 }));
    view.store.dispatch(accessoryToggled({ productId: 'cabine360', accessoryId: 'neon' }));
  });
  return view;
}

async function fillCustomer(user: ReturnType<typeof renderApp>['user']) {
  await user.type(await screen.findByLabelText('Nome'), 'Ana Souza');
  await user.type(screen.getByLabelText('E-mail'), 'ana@example.com');
  await user.type(screen.getByLabelText('CPF'), '529.982.247-25');
  await user.type(screen.getByLabelText('Nome do evento'), 'Festa da Ana');
  await user.type(screen.getByLabelText('Data do evento'), '2026-12-20');
  await user.type(screen.getByLabelText('Horário do evento'), '20:00');
}

async function fillCard(user: ReturnType<typeof renderApp>['user'], holder = 'APRO') {
  await user.type(screen.getByLabelText('Número do cartão'), '5031433215406351');
  await user.type(screen.getByLabelText('Nome do titular'), holder);
  await user.type(screen.getByLabelText('Validade (MM/AA)'), '1130');
  await user.type(screen.getByLabelText('Código de segurança (CVC)'), '123');
  await user.type(screen.getByLabelText('CPF do titular'), '52998224725');
}

describe('the checkout screen', () => {
  it('shows nothing without a coupon', async () => {
    serveShop();
    const { container } = renderApp('/checkout', { preloadedState: withSession({ agent: AGENT }) });
    await act(async () => new Promise((r) => setTimeout(r, 20)));
    expect(container.querySelector('main#main, main')?.textContent ?? '').not.toContain('Finalizar compra');
    expect(screen.queryByRole('button', { name: 'Ir para pagamento' })).not.toBeInTheDocument();
  });

  it('summarises each product and the totals, with the coupon discount struck through', async () => {
    serveShop();
    openCheckout();
    const summary = await screen.findByRole('region', { name: 'Resumo do pedido' });
    expect(within(summary).getByRole('heading', { name: 'Cabine 360' })).toBeInTheDocument();
    expect(nbsp(summary.textContent)).toContain('Preço baseR$ 1.000,00');
    expect(nbsp(summary.textContent)).toContain('Neon: R$ 150,00');
    expect(nbsp(summary.textContent)).toContain('Horas de serviço3');
    expect(nbsp(summary.textContent)).toContain('Preço unitárioR$ 1.350,00');
    expect(nbsp(summary.textContent)).toContain('Quantidade1');
    await screen.findByText('10% de desconto');
    expect(nbsp(summary.querySelector('s')?.textContent)).toBe(TOTAL);
    expect(nbsp(summary.textContent)).toContain(`Total com desconto: ${DISCOUNTED}`);
  });

  it('shows the totals one to a line, as the cart does, not run together', async () => {
    serveShop();
    openCheckout();
    const summary = await screen.findByRole('region', { name: 'Resumo do pedido' });
    // The coupon's discount comes with the shop's answer.
    await within(summary).findByText('10% de desconto');
    const line = (text: RegExp) => nbsp(within(summary).getByText(text).closest('p')?.textContent);
    expect(line(/^Total sem desconto/)).toBe(`Total sem desconto: ${TOTAL}`);
    expect(line(/^10% de desconto$/)).toBe('10% de desconto');
    expect(line(/^Total com desconto/)).toBe(`Total com desconto: ${DISCOUNTED}`);
  });

  it("is one screen in the page's one main landmark, from the form to the registered order", async () => {
    serveShop();
    const { container, user } = openCheckout('/checkout?coupon=DEZ', {
      identity: fakeIdentity({ signedInAs: ANA, token: 'tok' }),
    });
    await screen.findByRole('heading', { level: 1, name: 'Finalizar compra' });
    expect(container.querySelectorAll('main')).toHaveLength(1);
    expect(screen.getByRole('main')).toContainElement(
      screen.getByRole('heading', { level: 1, name: 'Finalizar compra' }),
    );
    await fillCustomer(user);
    await user.click(screen.getByRole('button', { name: 'Ir para pagamento' }));
    await user.click(screen.getByRole('button', { name: 'Pagar com Pix' }));
    await user.click(await screen.findByRole('button', { name: 'Finalizar pedido' }));
    expect(await screen.findByText('Pedido registrado com sucesso!')).toBeInTheDocument();
    expect(container.querySelectorAll('main')).toHaveLength(1);
  });

  it('alerts the first problem of the form and does not reveal the payment methods', async () => {
    serveShop();
    const { user } = openCheckout();
    await user.click(await screen.findByRole('button', { name: 'Ir para pagamento' }));
    expect(window.alert).toHaveBeenLastCalledWith('Por favor, entre com seu nome.');
    await user.type(screen.getByLabelText('Nome'), 'Ana');
    await user.type(screen.getByLabelText('CPF'), '12345678900');
    await user.click(screen.getByRole('button', { name: 'Ir para pagamento' }));
    expect(window.alert).toHaveBeenLastCalledWith('Por favor, entre com um CPF válido.');
    expect(screen.queryByRole('button', { name: 'Pagar com Pix' })).not.toBeInTheDocument();
  });

  it('keeps digits only in the CPF and alerts a malformed e-mail on blur', async () => {
    serveShop();
    const { user } = openCheckout();
    const cpf = await screen.findByLabelText('CPF');
    await user.type(cpf, '529.982.247-25');
    expect(cpf).toHaveValue('52998224725');
    await user.type(screen.getByLabelText('E-mail'), 'ana@');
    await user.tab();
    expect(window.alert).toHaveBeenLastCalledWith('Formato de email inválido');
  });

  it('takes pasted numbers whole, with their dots, dashes and spaces, as if typed', async () => {
    serveShop();
    const { user } = openCheckout();
    const cpf = await screen.findByLabelText('CPF');
    await user.click(cpf);
    await user.paste('529.982.247-25');
    expect(cpf).toHaveValue('52998224725');
    await fillCustomer(user);
    await user.click(screen.getByRole('button', { name: 'Ir para pagamento' }));
    await user.click(screen.getByRole('button', { name: 'Pagar com Cartão de Crédito' }));
    const pasted: Array<[string, string, string]> = [
      ['Número do cartão', '5031 4332 1540 6351', '5031433215406351'],
      ['Validade (MM/AA)', '11/2030', '11/30'],
      ['Código de segurança (CVC)', ' 123 ', '123'],
      ['CPF do titular', '529.982.247-25', '52998224725'],
    ];
    for (const [label, text, value] of pasted) {
      const field = screen.getByLabelText(label);
      await user.click(field);
      await user.paste(text);
      expect(field).toHaveValue(value);
    }
  });

  it(`pays by card: the provider names the brand, the installments show reais, the server amount is \
charged`, async () => {
    const seen = serveShop();
    const { user, router, store } = openCheckout('/checkout?coupon=DEZ', {
      identity: fakeIdentity({ signedInAs: ANA, token: 'tok' }),
    });
    await screen.findByRole('button', { name: 'Ir para pagamento' });
    await fillCustomer(user);
    await user.click(screen.getByRole('button', { name: 'Ir para pagamento' }));
    await user.click(screen.getByRole('button', { name: 'Pagar com Cartão de Crédito' }));
    await fillCard(user);
    // 5031 43 is Maestro for the local library, Mastercard for the provider: the provider wins.
    expect(await screen.findByText('Mastercard')).toBeInTheDocument();
    expect(seen.bins).toEqual(['503143']);
    const options = within(screen.getByLabelText('Parcelas'))
      .getAllByRole('option')
      .map((o) => nbsp(o.textContent));
    expect(options).toEqual([
      '1x de R$ 1.215,00 (sem juros)',
      '3x de R$ 405,00 (sem juros)',
      '4x de R$ 309,79 (total R$ 1.239,18)',
    ]);
    await user.selectOptions(screen.getByLabelText('Parcelas'), '3');
    expect(screen.getByLabelText('Validade (MM/AA)')).toHaveValue('11/30');

    jest.useFakeTimers({ advanceTimers: true });
    try {
      await user.click(screen.getByRole('button', { name: 'Finalizar pedido' }));
      expect(await screen.findByText('Pedido registrado com sucesso!')).toBeInTheDocument();
      expect(seen.orders).toHaveLength(1);
      expect(seen.orders[0]).toMatchObject({
        paymentMethod: 'card',
        cpf: '52998224725',
        clientName: 'Ana Souza',
        eventDate: '2026-12-20',
      });
      expect(seen.payments).toHaveLength(1);
      expect(seen.payments[0]).toMatchObject({
        transaction_amount: AMOUNT,
        installments: 3,
        payment_method_id: 'master',
        token: 'tok_1',
        orderId: seen.orders[0].orderId,
        // The order's claim secret: the server lets only whoever placed the order pay it.
        claim: seen.orders[0].claim,
        description: 'Cabine 360',
        statement_descriptor: 'Cabine 360',
      });
      expect(seen.payments[0].claim).toMatch(/^[A-Za-z0-9_-]{22}$/);
      // The cart is empty at once; the account opens 2 s later.
      expect(store.getState().cart?.lines).toEqual([]);
      expect(JSON.parse(localStorage.getItem('cabine.cart.v1') ?? '{}')).toMatchObject({ lines: [] });
      act(() => jest.advanceTimersByTime(1_900));
      expect(router.state.location.pathname).toBe('/checkout');
      act(() => jest.advanceTimersByTime(200));
      await waitFor(() => expect(router.state.location.pathname).toBe('/account'));
      // Signed in: on the orders, where this one goes on being followed.
      expect(router.state.location.search).toBe('?secao=pedidos');
      // Signed in: the order is theirs already, nothing waits in the cookies.
      expect(sessionOf(store.getState()).loginRequired).toBe(false);
    } finally {
      jest.useRealTimers();
    }
  });

  it('a refused card says why, and another card pays the same order once', async () => {
    const seen = serveShop({ cardStatus: ['rejected', 'approved'] });
    const { user } = openCheckout();
    await fillCustomer(user);
    await user.click(screen.getByRole('button', { name: 'Ir para pagamento' }));
    await user.click(screen.getByRole('button', { name: 'Pagar com Cartão de Crédito' }));
    await fillCard(user, 'FUND');
    await screen.findByText('Mastercard');
    await user.click(screen.getByRole('button', { name: 'Finalizar pedido' }));
    expect(
      (await screen.findByText('Pagamento recusado: o cartão não tem limite suficiente.')).closest('[role="alert"]'),
    ).not.toBeNull();
    expect(screen.queryByText('Pedido registrado com sucesso!')).not.toBeInTheDocument();

    await user.clear(screen.getByLabelText('Nome do titular'));
    await user.type(screen.getByLabelText('Nome do titular'), 'APRO');
    await user.click(screen.getByRole('button', { name: 'Finalizar pedido' }));
    expect(await screen.findByText('Pedido registrado com sucesso!')).toBeInTheDocument();
    expect(seen.payments).toHaveLength(2);
    expect(new Set(seen.orders.map((o) => o.orderId)).size).toBe(1);
    expect(seen.payments.map((p) => p.token)).toEqual(['tok_1', 'tok_2']);
  });

  it('a double tap on Finalizar pedido charges once', async () => {
    const seen = serveShop();
    const { user } = openCheckout();
    await fillCustomer(user);
    await user.click(screen.getByRole('button', { name: 'Ir para pagamento' }));
    await user.click(screen.getByRole('button', { name: 'Pagar com Cartão de Crédito' }));
    await fillCard(user);
    await screen.findByText('Mastercard');
    const finish = screen.getByRole('button', { name: 'Finalizar pedido' });
    await user.dblClick(finish);
    await screen.findByText('Pedido registrado com sucesso!');
    expect(seen.payments).toHaveLength(1);
    expect(seen.tokens).toHaveLength(1);
  });

  it('looks the bin up at once the first time, then 2 s after the digits settle', async () => {
    const seen = serveShop();
    const { user } = openCheckout();
    await fillCustomer(user);
    await user.click(screen.getByRole('button', { name: 'Ir para pagamento' }));
    await user.click(screen.getByRole('button', { name: 'Pagar com Cartão de Crédito' }));
    jest.useFakeTimers({ advanceTimers: true });
    try {
      const number = screen.getByLabelText('Número do cartão');
      await user.type(number, '50314');
      act(() => jest.advanceTimersByTime(3_000));
      expect(seen.bins).toEqual([]);
      await user.type(number, '3');
      await waitFor(() => expect(seen.bins).toEqual(['503143']));
      await user.clear(number);
      await user.type(number, '4235647728025682');
      act(() => jest.advanceTimersByTime(1_500));
      expect(seen.bins).toEqual(['503143']);
      act(() => jest.advanceTimersByTime(600));
      await waitFor(() => expect(seen.bins).toEqual(['503143', '423564']));
    } finally {
      jest.useRealTimers();
    }
  });

  it('clears an expiry that is not MM/AA on blur, with the alert', async () => {
    serveShop();
    const { user } = openCheckout();
    await fillCustomer(user);
    await user.click(screen.getByRole('button', { name: 'Ir para pagamento' }));
    await user.click(screen.getByRole('button', { name: 'Pagar com Cartão de Crédito' }));
    const expiry = screen.getByLabelText('Validade (MM/AA)');
    await user.type(expiry, '1');
    await user.tab();
    expect(window.alert).toHaveBeenLastCalledWith('Formato de data inválido. Por favor use MM/AA.');
    expect(expiry).toHaveValue('');
  });

  it(`pays by Pix: the server code as a 220 px QR and copy-and-paste text; signed out, the order waits in the \
cookies`, async () => {
    const seen = serveShop();
    const { user, store, router } = openCheckout('/checkout?coupon=DEZ', { cookies: browserCookieJar });
    await fillCustomer(user);
    await user.click(screen.getByRole('button', { name: 'Ir para pagamento' }));
    await user.click(screen.getByRole('button', { name: 'Pagar com Pix' }));
    const qr = await screen.findByRole('img', { name: 'QR code do Pix deste pedido' });
    expect(qr).toHaveAttribute('height', '220');
    const code = screen.getByLabelText('Pix copia e cola');
    expect((code as HTMLTextAreaElement).value).toMatch(/^000201/);
    expect(nbsp(screen.getByText(/Valor:/).textContent)).toContain(DISCOUNTED);
    // user-event's clipboard stands in for the phone's.
    const writeText = jest.spyOn(navigator.clipboard, 'writeText');
    await user.click(screen.getByRole('button', { name: 'Copiar código Pix' }));
    expect(writeText).toHaveBeenCalledWith(expect.stringMatching(/^000201/));
    // Said beside the button (a live region), as on the account's Pix orders.
    expect(screen.getByText('Chave copiada para a área de transferência')).toHaveAttribute('role', 'status');

    jest.useFakeTimers({ advanceTimers: true });
    try {
      await user.click(screen.getByRole('button', { name: 'Finalizar pedido' }));
      await screen.findByText('Pedido registrado com sucesso!');
      const orderId = seen.orders[0].orderId;
      expect(orderId).toMatch(/^[1-9]\d{8}$/);
      expect(seen.orders.every((o) => o.orderId === orderId && o.paymentMethod === 'pix')).toBe(true);
      // The claim is kept at once; the redirect comes with loginRequired after 2 s.
      expect(document.cookie).toContain(`transaction=${orderId}`);
      expect(document.cookie).toContain(`transactionClaim=${seen.orders[0].claim}`);
      act(() => jest.advanceTimersByTime(2_100));
      // /account, which tells the signed-out customer the order waits for a sign-in (no alert).
      await waitFor(() => expect(router.state.location.pathname).toBe('/account'));
      expect(
        await screen.findByText(`Seu pedido ${orderId} foi registrado. Entre ou crie sua conta para guardá-lo nela.`),
      ).toBeInTheDocument();
      expect(window.alert).not.toHaveBeenCalled();
      expect(sessionOf(store.getState()).loginRequired).toBe(true);
      expect(document.cookie).toContain('loginRequired=true');
    } finally {
      jest.useRealTimers();
    }
  });

  it(`posts a Pix order once: its code comes from that post, and Finalizar pedido registers it without posting it \
again`, async () => {
    const seen = serveShop();
    const { user } = openCheckout();
    await fillCustomer(user);
    await user.click(screen.getByRole('button', { name: 'Ir para pagamento' }));
    await user.click(screen.getByRole('button', { name: 'Pagar com Pix' }));
    await screen.findByLabelText('Pix copia e cola');
    expect(seen.orders).toHaveLength(1);
    // Choosing Pix again while its code shows asks for nothing more.
    await user.click(screen.getByRole('button', { name: 'Pagar com Pix' }));
    await user.click(screen.getByRole('button', { name: 'Finalizar pedido' }));
    expect(await screen.findByText('Pedido registrado com sucesso!')).toBeInTheDocument();
    expect(seen.orders).toHaveLength(1);
    expect(seen.orders[0]).toMatchObject({ paymentMethod: 'pix', clientName: 'Ana Souza', total: AMOUNT });
    // The choices, never prices: the server prices the order itself.
    expect(seen.orders[0].products).toEqual([
      { id: 'cabine360', hours: 3, quantity: 1, selectedAccessories: [{ name: 'Neon' }] },
    ]);
  });

  it('a Pix code the server could not make says why, and Tentar novamente asks again for the same order', async () => {
    const seen = serveShop();
    let refusals = 1;
    network.use(
      http.post(`${API}/order/:coupon`, async ({ request }) => {
        if (refusals === 0) return undefined;
        refusals -= 1;
        seen.orders.push((await request.json()) as OrderPayload);
        return HttpResponse.json(
          { error: 'unavailable', message: 'Serviço indisponível. Tente novamente.' },
          { status: 503 },
        );
      }),
    );
    const { user } = openCheckout();
    await fillCustomer(user);
    await user.click(screen.getByRole('button', { name: 'Ir para pagamento' }));
    await user.click(screen.getByRole('button', { name: 'Pagar com Pix' }));
    const problem = await screen.findByRole('alert');
    expect(problem).toHaveTextContent('Serviço indisponível. Tente novamente.');
    expect(screen.queryByRole('button', { name: 'Finalizar pedido' })).not.toBeInTheDocument();
    await user.click(within(problem).getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByLabelText('Pix copia e cola')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(seen.orders).toHaveLength(2);
    expect(seen.orders[1].orderId).toBe(seen.orders[0].orderId);
  });

  it('an empty cart points back to the shop', async () => {
    serveShop();
    renderApp('/checkout?coupon=DEZ', { preloadedState: withSession({ agent: AGENT }) });
    expect(await screen.findByText('Seu carrinho está vazio.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Escolher produtos na loja' })).toHaveAttribute('href', '/shop?coupon=DEZ');
  });
});

describe('what happened to the payment is said, and follows the order by itself', () => {
  const wait = (ms: number) => act(async () => void (await jest.advanceTimersByTimeAsync(ms)));
  beforeEach(() => jest.useFakeTimers({ advanceTimers: true }));
  afterEach(() => jest.useRealTimers());

  /** The payment's state, said in the registered order's live region. */
  const paymentState = () => within(screen.getByRole('region', { name: /^Pedido \d{9}$/ })).getAllByRole('status')[0];

  async function payByCard(holder: string, cardStatus: string) {
    const seen = serveShop({ cardStatus: [cardStatus] });
    const view = openCheckout();
    await payingBy('Pagar com Cartão de Crédito', view.user);
    await cardFilled(holder);
    await view.user.click(screen.getByRole('button', { name: 'Finalizar pedido' }));
    await screen.findByText('Pedido registrado com sucesso!');
    return { seen, ...view };
  }

  it('a card approved (APRO) says it is paid, and asks nothing more', async () => {
    const { seen } = await payByCard('APRO', 'approved');
    expect(paymentState()).toHaveTextContent('Pagamento aprovado! Seu pedido está pago.');
    await wait(1_900);
    expect(seen.asked).toBe(0);
  });

  it('a card in review (CONT) says so, then what the review decided, by itself', async () => {
    const { seen } = await payByCard('CONT', 'in_process');
    expect(paymentState()).toHaveTextContent('Pagamento em análise: avisaremos quando for aprovado.');
    expect(screen.queryByText(/Pagamento aprovado/)).not.toBeInTheDocument();
    seen.settled = 'rejected';
    await wait(3_100);
    await waitFor(() => expect(paymentState()).toHaveTextContent('Pagamento recusado: o pedido não foi pago.'));
  });

  it('a card in review that is approved meanwhile says it is paid, without a reload', async () => {
    const { seen } = await payByCard('CONT', 'in_process');
    seen.settled = 'approved';
    await wait(3_100);
    await waitFor(() => expect(paymentState()).toHaveTextContent('Pagamento aprovado! Seu pedido está pago.'));
  });

  it(`Pix: the code stays after Finalizar pedido and on /account before a sign-in, and turns paid by \
itself`, async () => {
    const seen = serveShop();
    const { user, router } = openCheckout('/checkout?coupon=DEZ', { cookies: browserCookieJar });
    await payingBy('Pagar com Pix', user);
    await screen.findByLabelText('Pix copia e cola');
    await user.click(screen.getByRole('button', { name: 'Finalizar pedido' }));
    await screen.findByText('Pedido registrado com sucesso!');
    const orderId = seen.orders[0].orderId;
    expect(paymentState()).toHaveTextContent(
      'Aguardando o Pix: pague pelo QR code ou pelo Pix copia e cola. Esta tela avisa quando o pagamento chegar.',
    );
    expect(screen.getByRole('img', { name: `QR code Pix do pedido ${orderId}` })).toBeInTheDocument();
    expect(screen.getByLabelText('Pix copia e cola')).toHaveValue(PIX_CODE);
    expect(screen.getByRole('button', { name: 'Copiar código Pix' })).toBeInTheDocument();
    expect(nbsp(screen.getByText(/Valor:/).textContent)).toContain(DISCOUNTED);

    // The redirect after an order (docs/product.md#checkout): signed out, /account tells of the order, its state and
    // its code.
    await wait(2_100);
    await waitFor(() => expect(router.state.location.pathname).toBe('/account'));
    expect(
      await screen.findByText(`Seu pedido ${orderId} foi registrado. Entre ou crie sua conta para guardá-lo nela.`),
    ).toBeInTheDocument();
    expect(paymentState()).toHaveTextContent('Aguardando o Pix');
    expect(await screen.findByLabelText('Pix copia e cola')).toHaveValue(PIX_CODE);
    await wait(3_100);
    expect(paymentState()).toHaveTextContent('Aguardando o Pix');

    // The customer's bank pays it: the page says so, and the code to pay is gone.
    seen.settled = 'approved';
    const asked = seen.asked;
    await wait(3_100);
    expect(seen.asked).toBeGreaterThan(asked);
    await waitFor(() => expect(paymentState()).toHaveTextContent('Pagamento aprovado! Seu pedido está pago.'));
    expect(screen.queryByLabelText('Pix copia e cola')).not.toBeInTheDocument();
    // Settled: nothing more to ask.
    const settled = seen.asked;
    await wait(30_000);
    expect(seen.asked).toBe(settled);
  });

  it(`a payment refused as soon as the order is registered is told as one account: registered, then \
refused`, async () => {
    const seen = serveShop();
    const { user, router } = openCheckout();
    await payingBy('Pagar com Pix', user);
    seen.settled = 'rejected';
    await user.click(await screen.findByRole('button', { name: 'Finalizar pedido' }));
    await waitFor(() =>
      expect(paymentState()).toHaveTextContent(
        'Pedido registrado com sucesso! Depois, o Pix foi recusado: o pedido está registrado, mas não foi pago.',
      ),
    );
    expect(router.state.location.pathname).toBe('/checkout');
    // One live region says it all: 'Pedido registrado com sucesso!' is not a second message beside the refusal.
    expect(screen.getByText('Pedido registrado com sucesso!').closest('[role="status"]')).toBe(paymentState());
    expect(
      screen.getAllByRole('status').filter((region) => /registrado|recusado/.test(region.textContent ?? '')),
    ).toHaveLength(1);
    expect(screen.queryByText(/^Pix recusado/)).not.toBeInTheDocument();
  });

  it('Pix refused by the bank says so', async () => {
    const seen = serveShop();
    const { user } = openCheckout();
    await payingBy('Pagar com Pix', user);
    await user.click(await screen.findByRole('button', { name: 'Finalizar pedido' }));
    await screen.findByText('Pedido registrado com sucesso!');
    seen.settled = 'rejected';
    await wait(3_100);
    await waitFor(() => expect(paymentState()).toHaveTextContent('Pix recusado: o pedido não foi pago.'));
    expect(screen.queryByLabelText('Pix copia e cola')).not.toBeInTheDocument();
  });
});

/** The elements a tap or a keyboard reaches, in the order of the page. */
function controls(): Element[] {
  return Array.from(document.querySelectorAll('button, input, select, textarea, a[href]'));
}

/** The form filled at once (one change per field): these tests are about what the taps that follow cause. */
async function payingBy(
  method: 'Pagar com Cartão de Crédito' | 'Pagar com Pix',
  user: ReturnType<typeof renderApp>['user'],
) {
  const fields: Array<[string, string]> = [
    ['Nome', 'Ana Souza'],
    ['E-mail', 'ana@example.com'],
    ['CPF', '52998224725'],
    ['Nome do evento', 'Festa da Ana'],
    ['Data do evento', '2026-12-20'],
    ['Horário do evento', '20:00'],
  ];
  await screen.findByLabelText('Nome');
  for (const [label, value] of fields) fireEvent.change(screen.getByLabelText(label), { target: { value } });
  await user.click(screen.getByRole('button', { name: 'Ir para pagamento' }));
  await user.click(await screen.findByRole('button', { name: method }));
}

async function cardFilled(holder: string) {
  const fields: Array<[string, string]> = [
    ['Número do cartão', '5031433215406351'],
    ['Nome do titular', holder],
    ['Validade (MM/AA)', '11/30'],
    ['Código de segurança (CVC)', '123'],
    ['CPF do titular', '52998224725'],
  ];
  for (const [label, value] of fields) fireEvent.change(screen.getByLabelText(label), { target: { value } });
  await screen.findByText('Mastercard');
}

describe('what a tap on the payment causes is beside it, brought into view and announced', () => {
  it(`a refused card: the reason and Tentar outro cartão come right after Finalizar pedido, in a live region that is \
scrolled to and focused`, async () => {
    serveShop({ cardStatus: ['rejected'] });
    const scrolled = jest.spyOn(Element.prototype, 'scrollIntoView');
    const { user } = openCheckout();
    await payingBy('Pagar com Cartão de Crédito', user);
    await cardFilled('FUND');
    scrolled.mockClear();
    const finish = screen.getByRole('button', { name: 'Finalizar pedido' });
    await user.click(finish);

    const reason = await screen.findByText('Pagamento recusado: o cartão não tem limite suficiente.');
    const region = reason.closest('[aria-live], [role="alert"], [role="status"]');
    expect(region).not.toBeNull();
    const live = region as HTMLElement;
    // Announced: a live region that holds the reason and the way out.
    expect(live.getAttribute('aria-live') ?? (live.getAttribute('role') === 'alert' ? 'assertive' : 'polite')).toMatch(
      /^(assertive|polite)$/,
    );
    const another = within(live).getByRole('button', { name: 'Tentar outro cartão' });
    // Beside the button tapped: the next control after Finalizar pedido is Tentar outro cartão.
    const all = controls();
    expect(all.indexOf(another)).toBe(all.indexOf(screen.getByRole('button', { name: 'Finalizar pedido' })) + 1);
    // Brought into view and focused, wherever the page was scrolled.
    expect(scrolled.mock.contexts).toContain(live);
    expect(live.contains(document.activeElement)).toBe(true);

    // Trying another card goes to the card's number.
    await user.click(another);
    expect(screen.queryByText('Pagamento recusado: o cartão não tem limite suficiente.')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Número do cartão')).toHaveFocus();
  });

  it(`a charge that could not be sent says why right after Finalizar pedido, announced, scrolled to and \
focused`, async () => {
    serveShop();
    network.use(
      http.post(`${API}/process_payment_card`, () =>
        HttpResponse.json({ error: 'unavailable', message: 'Serviço indisponível. Tente novamente.' }, { status: 503 }),
      ),
    );
    const scrolled = jest.spyOn(Element.prototype, 'scrollIntoView');
    const { user } = openCheckout();
    await payingBy('Pagar com Cartão de Crédito', user);
    await cardFilled('APRO');
    scrolled.mockClear();
    await user.click(screen.getByRole('button', { name: 'Finalizar pedido' }));

    const reason = await screen.findByText(/Serviço indisponível/);
    const live = reason.closest('[aria-live], [role="alert"], [role="status"]') as HTMLElement | null;
    expect(live).not.toBeNull();
    const finish = screen.getByRole('button', { name: 'Finalizar pedido' });
    expect(finish.compareDocumentPosition(reason) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(scrolled.mock.contexts).toContain(live);
    expect(live?.contains(document.activeElement)).toBe(true);
  });

  it(`Pix: its panel is scrolled to as it opens, takes the focus, and says in a live region that the code is being \
made, then that it is ready`, async () => {
    serveShop();
    // The server's answer waits until the panel has been looked at while the code is being made.
    let answer = () => undefined as void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    network.use(
      http.post(`${API}/order/:coupon`, async () => {
        await answered;
        return undefined;
      }),
    );
    const scrolled = jest.spyOn(Element.prototype, 'scrollIntoView');
    const { user } = openCheckout();
    await payingBy('Pagar com Pix', user);

    const panel = await screen.findByRole('region', { name: 'Pix' });
    expect(scrolled.mock.contexts).toContain(panel);
    expect(panel.contains(document.activeElement)).toBe(true);
    const live = within(panel).getByText('Gerando o código Pix...');
    expect(live).toHaveAttribute('role', 'status');
    scrolled.mockClear();
    answer();
    await screen.findByLabelText('Pix copia e cola');
    // Opened at the end of the page, the panel could not be scrolled up yet: it is, now the code made it taller.
    expect(scrolled.mock.contexts).toContain(panel);
    // The same region (there before, so that the change is announced) now says the code is there.
    expect(live).toBeInTheDocument();
    expect(live).toHaveTextContent('Código Pix gerado');
  });
});
