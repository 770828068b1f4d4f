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
  submitFailed,
  submitted,
  type CheckoutState,
} from '../../../src/features/checkout/checkoutSlice';
import { newOrderIdentity } from '../../../src/features/checkout/orderIdentity';
import { describeMachineGrid } from '../../support/machineGrid';

const order = { orderId: '123456789', claim: 'k'.repeat(22) };
const fresh = { orderId: '987654321', claim: 'n'.repeat(22) };

const states = {
  form: initialCheckoutState,
  method: { status: 'method', order },
  card: { status: 'card', order, error: null },
  cardWithError: { status: 'card', order, error: 'Sem conexão' },
  pix: { status: 'pix', order, error: null },
  submittingCard: { status: 'submitting', order, method: 'card' },
  submittingPix: { status: 'submitting', order, method: 'pix' },
  registered: { status: 'registered', order, method: 'card', orderStatus: 'approved' },
  refused: { status: 'refused', order, message: 'Pagamento recusado' },
} satisfies Record<string, CheckoutState>;

const events = {
  // The identity is made by the action's prepare; a fixed one keeps the grid deterministic.
  paymentRequested: { type: paymentRequested.type, payload: fresh },
  methodCard: methodChosen('card'),
  methodPix: methodChosen('pix'),
  submitted: submitted(),
  orderRegistered: orderRegistered('approved'),
  paymentRefused: paymentRefused('Pagamento recusado'),
  submitFailed: submitFailed('Sem conexão'),
  anotherCardRequested: anotherCardRequested(),
  formReopened: formReopened(),
  checkoutReset: checkoutReset(),
};

const card = { status: 'card', order, error: null } as const;
const pix = { status: 'pix', order, error: null } as const;
const form = initialCheckoutState;

describeMachineGrid('the checkout machine', { reducer: checkoutSlice.reducer, actions: checkoutSlice.actions }, states, events, {
  form: { paymentRequested: { status: 'method', order: fresh } },
  method: { methodCard: card, methodPix: pix, formReopened: form, checkoutReset: form },
  card: { methodCard: card, methodPix: pix, submitted: states.submittingCard, formReopened: form, checkoutReset: form },
  cardWithError: { methodCard: card, methodPix: pix, submitted: states.submittingCard, formReopened: form, checkoutReset: form },
  pix: { methodCard: card, methodPix: pix, submitted: states.submittingPix, formReopened: form, checkoutReset: form },
  submittingCard: {
    orderRegistered: { status: 'registered', order, method: 'card', orderStatus: 'approved' },
    paymentRefused: states.refused,
    submitFailed: states.cardWithError,
  },
  submittingPix: {
    orderRegistered: { status: 'registered', order, method: 'pix', orderStatus: 'approved' },
    submitFailed: { status: 'pix', order, error: 'Sem conexão' },
  },
  registered: { checkoutReset: form },
  refused: { methodCard: card, methodPix: pix, anotherCardRequested: card, formReopened: form, checkoutReset: form },
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
    const next = checkoutSlice.reducer(initialCheckoutState, paymentRequested());
    expect(next.status).toBe('method');
    expect(next.status === 'method' && next.order.orderId).toMatch(/^[1-9]\d{8}$/);
  });
});
