/**
 * The checkout screen as its tests drive it: the shop's server (orders, card tokens, charges, Pix codes)
 * with what it was sent, the screen opened with a cart, and the form filled.
 */
import { act, fireEvent, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { CardPaymentRequest, OrderPayload, OrderStatus } from '../../../../contract/wire';
import { productAdded, accessoryToggled, hoursChanged } from '../../../../src/features/shop/cartSlice';
import { API, network } from '../../../support/network';
import { CABINE } from '../shop/fixtures';
import { renderApp } from '../../../support/renderWithProviders';
import { withSession } from '../../../support/session';

export const nbsp = (text: string | null | undefined) => (text ?? '').replace(/\u00a0/g, ' ');

// The shop's own fixture: R$ 1.000,00 for 2 h, R$ 200,00 an extra hour, Neon R$ 150,00.
const cabine = CABINE;

// 3 h with Neon: 1000 + 200 + 150 = 1350; coupon DEZ takes 10 %: 1215.
export const TOTAL = 'R$ 1.350,00';
export const DISCOUNTED = 'R$ 1.215,00';
export const AMOUNT = 1215;

export const AGENT = 'agent0001';
export const PIX_CODE = '00020126580014br.gov.bcb.pix0136pix@cabine.example5204000053039865406';

// The screen is a lazy chunk: each file compiles it once before its tests (beforeAll), so that its
// first render in a test waits for no compiler (a cold compile on a busy machine outlasts findBy's wait).
export const loadCheckoutScreen = () => import('../../../../src/features/checkout/CheckoutPage');

export interface Seen {
  orders: OrderPayload[];
  payments: CardPaymentRequest[];
  bins: string[];
  tokens: string[];
  /** How many times the order was asked for after it was registered. */
  asked: number;
  /** Where the order stands now, as the server says when asked (null: as the last charge left it). */
  settled: OrderStatus | null;
}

export function serveShop(overrides: { cardStatus?: string[] } = {}): Seen {
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

export function openCheckout(url = '/checkout?coupon=DEZ', options: Parameters<typeof renderApp>[1] = {}) {
  const view = renderApp(url, { preloadedState: withSession({ agent: AGENT }), ...options });
  act(() => {
    view.store.dispatch(productAdded(cabine));
    view.store.dispatch(hoursChanged({ productId: 'cabine360', hours: 3 }));
    view.store.dispatch(accessoryToggled({ productId: 'cabine360', accessoryId: 'neon' }));
  });
  return view;
}

export async function fillCustomer(user: ReturnType<typeof renderApp>['user']) {
  await user.type(await screen.findByLabelText('Nome'), 'Ana Souza');
  await user.type(screen.getByLabelText('E-mail'), 'ana@example.com');
  await user.type(screen.getByLabelText('CPF'), '529.982.247-25');
  await user.type(screen.getByLabelText('Nome do evento'), 'Festa da Ana');
  await user.type(screen.getByLabelText('Data do evento'), '2026-12-20');
  await user.type(screen.getByLabelText('Horário do evento'), '20:00');
}

export async function fillCard(user: ReturnType<typeof renderApp>['user'], holder = 'APRO') {
  await user.type(screen.getByLabelText('Número do cartão'), '5031433215406351');
  await user.type(screen.getByLabelText('Nome do titular'), holder);
  await user.type(screen.getByLabelText('Validade (MM/AA)'), '1130');
  await user.type(screen.getByLabelText('Código de segurança (CVC)'), '123');
  await user.type(screen.getByLabelText('CPF do titular'), '52998224725');
}

/** The elements a tap or a keyboard reaches, in the order of the page. */
export function controls(): Element[] {
  return Array.from(document.querySelectorAll('button, input, select, textarea, a[href]'));
}

/** The form filled at once (one change per field): these tests are about what the taps that follow cause. */
export async function payingBy(
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

export async function cardFilled(holder: string) {
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
