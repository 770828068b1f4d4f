import type { CardChoice, CheckoutDraft } from '../../../../src/features/checkout/checkoutDraft';
import {
  anotherCardRequested,
  checkoutReset,
  checkoutSlice,
  formReopened,
  initialCheckoutState,
  methodChosen,
  orderRegistered,
  paymentRefused,
  paymentRequested,
  pixCodeFailed,
  pixCodeReceived,
  pixRetried,
  redirectDue,
  submitFailed,
  submitted,
  type CheckoutState,
} from '../../../../src/features/checkout/checkoutSlice';
import { newOrderIdentity } from '../../../../src/features/checkout/orderIdentity';
import { describeMachineGrid } from '../../../support/machineGrid';

const order = { orderId: '123456789', claim: 'k'.repeat(22) };
const fresh = { orderId: '987654321', claim: 'n'.repeat(22) };
const customer = {
  name: 'Ana Souza',
  email: 'ana@example.com',
  cpf: '52998224725',
  eventName: 'Festa da Ana',
  eventDate: '2026-12-20',
  eventTime: '20:00',
};
const draft: CheckoutDraft = { coupon: 'DEZ', customer, lines: [], total: 1215 };
const card: CardChoice = {
  number: '5031433215406351',
  holderName: 'APRO',
  expiry: '11/30',
  cvc: '123',
  holderCpf: '52998224725',
  installments: 3,
  paymentMethodId: 'master',
};
const pixCode = { code: '000201...6304ABCD', amount: 1215, orderStatus: 'pending' } as const;

const states = {
  form: initialCheckoutState,
  method: { status: 'method', order, draft },
  card: { status: 'card', order, draft, error: null },
  cardWithError: { status: 'card', order, draft, error: 'Sem conexão' },
  pixLoading: { status: 'pixLoading', order, draft },
  pixFailed: { status: 'pixFailed', order, draft, message: 'Sem conexão' },
  pix: { status: 'pix', order, draft, pix: pixCode },
  submitting: { status: 'submitting', order, draft },
  registered: { status: 'registered', order, method: 'card', orderStatus: 'approved', pix: null },
  refused: { status: 'refused', order, draft, message: 'Pagamento recusado' },
  finished: { status: 'finished', order },
} satisfies Record<string, CheckoutState>;

const events = {
  // The identity is made by the action's prepare; a fixed one keeps the grid deterministic.
  paymentRequested: { type: paymentRequested.type, payload: { draft, order: fresh } },
  // docs/product.md#checkout refuses the form (its alert is the flow's): no order, no methods.
  paymentRequestedNoName: {
    type: paymentRequested.type,
    payload: { draft: { ...draft, customer: { ...customer, name: ' ' } }, order: fresh },
  },
  methodCard: methodChosen('card'),
  methodPix: methodChosen('pix'),
  pixCodeReceived: pixCodeReceived(pixCode),
  pixCodeFailed: pixCodeFailed('Sem conexão'),
  pixRetried: pixRetried(),
  submittedCard: submitted(card),
  submittedNoCvc: submitted({ ...card, cvc: '' }),
  submittedUnknownCard: submitted({ ...card, paymentMethodId: '' }),
  submittedPix: submitted(null),
  orderRegistered: orderRegistered('approved'),
  paymentRefused: paymentRefused('Pagamento recusado'),
  submitFailed: submitFailed('Sem conexão'),
  anotherCardRequested: anotherCardRequested(),
  formReopened: formReopened(),
  redirectDue: redirectDue(),
  checkoutReset: checkoutReset(),
};

const form = initialCheckoutState;
const cardPanel = states.card;
const pixLoading = states.pixLoading;
// From every state that shows the methods: the card panel, the Pix panel (placing its order),
// the form again, or a fresh start when the page closes.
const choosing = { methodCard: cardPanel, methodPix: pixLoading, formReopened: form, checkoutReset: form } as const;

// Per state, the events that move it; every other event leaves it as it is.
describeMachineGrid('the checkout machine', checkoutSlice, states, events, {
  form: { paymentRequested: { status: 'method', order: fresh, draft } },
  method: choosing,
  card: { ...choosing, submittedCard: states.submitting },
  cardWithError: { ...choosing, submittedCard: states.submitting },
  // Pix chosen again while its order is placed (or its code shows) asks for nothing more.
  pixLoading: { ...choosing, methodPix: pixLoading, pixCodeReceived: states.pix, pixCodeFailed: states.pixFailed },
  pixFailed: { ...choosing, methodPix: states.pixFailed, pixRetried: pixLoading },
  // The Pix order was placed with its code: finishing registers it, code kept, nothing is sent again.
  pix: {
    ...choosing,
    methodPix: states.pix,
    submittedPix: { status: 'registered', order, method: 'pix', orderStatus: 'pending', pix: pixCode },
  },
  // A charge under way is seen through, even when the page closes.
  submitting: {
    orderRegistered: states.registered,
    paymentRefused: states.refused,
    submitFailed: states.cardWithError,
  },
  registered: { redirectDue: states.finished, checkoutReset: form },
  refused: { ...choosing, anotherCardRequested: cardPanel },
  finished: { checkoutReset: form },
});

describe("an order's identity", () => {
  it('is a 9-digit number from 100000000 to 999999999 and a 128-bit claim, new each time', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i += 1) {
      const { orderId, claim } = newOrderIdentity();
      expect(orderId).toMatch(/^[1-9]\d{8}$/);
      expect(claim).toMatch(/^[A-Za-z0-9_-]{22}$/);
      seen.add(claim);
    }
    expect(seen.size).toBe(200);
  });

  it('is made when payment is requested', () => {
    const next = checkoutSlice.reducer(initialCheckoutState, paymentRequested(draft));
    expect(next.status).toBe('method');
    expect(next.status === 'method' && next.order.orderId).toMatch(/^[1-9]\d{8}$/);
  });
});
