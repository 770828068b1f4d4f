import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { OrderStatus, PaymentMethod } from '../../../contract/wire';
import { rootReducer } from '../../session';
import { newOrderIdentity, type OrderIdentity } from './orderIdentity';

/**
 * The checkout (SPEC section 4, ARCHITECTURE section 2) as a state machine: the customer form ->
 * the method choice -> the card or Pix panel -> submitting -> registered, or refused by the card
 * provider (another card may be tried on the same order). Every state past the form carries the
 * order's identity (its number and claim secret), made once when payment is requested, so that
 * a retry, a double tap or a change of method names the same order.
 */
export type CheckoutState =
  | { status: 'form' }
  | { status: 'method'; order: OrderIdentity }
  | { status: 'card'; order: OrderIdentity; error: string | null }
  | { status: 'pix'; order: OrderIdentity; error: string | null }
  | { status: 'submitting'; order: OrderIdentity; method: PaymentMethod }
  | { status: 'registered'; order: OrderIdentity; method: PaymentMethod; orderStatus: OrderStatus }
  | { status: 'refused'; order: OrderIdentity; message: string };

export const initialCheckoutState = { status: 'form' } as CheckoutState;

type WithOrder = Exclude<CheckoutState, { status: 'form' }>;

const panel = (order: OrderIdentity, method: PaymentMethod): CheckoutState =>
  method === 'card' ? { status: 'card', order, error: null } : { status: 'pix', order, error: null };

const checkoutMachine = createSlice({
  name: 'checkout',
  initialState: initialCheckoutState,
  reducers: {
    /** 'Ir para pagamento' with a valid form: the order gets its identity and the methods show. */
    paymentRequested: {
      reducer: (state, action: PayloadAction<OrderIdentity>): CheckoutState =>
        state.status === 'form' ? { status: 'method', order: action.payload } : state,
      prepare: () => ({ payload: newOrderIdentity() }),
    },
    methodChosen: (state, action: PayloadAction<PaymentMethod>): CheckoutState =>
      state.status === 'method' || state.status === 'card' || state.status === 'pix' || state.status === 'refused'
        ? panel(state.order, action.payload)
        : state,
    /** 'Finalizar pedido' with valid data. */
    submitted: (state): CheckoutState =>
      state.status === 'card' || state.status === 'pix' ? { status: 'submitting', order: state.order, method: state.status } : state,
    orderRegistered: (state, action: PayloadAction<OrderStatus>): CheckoutState =>
      state.status === 'submitting'
        ? { status: 'registered', order: state.order, method: state.method, orderStatus: action.payload }
        : state,
    /** The card provider said no: the customer reads why and may try another card. */
    paymentRefused: (state, action: PayloadAction<string>): CheckoutState =>
      state.status === 'submitting' && state.method === 'card' ? { status: 'refused', order: state.order, message: action.payload } : state,
    /** The order or the charge could not be sent (network, server): back to the panel, with why. */
    submitFailed: (state, action: PayloadAction<string>): CheckoutState =>
      state.status === 'submitting' ? { ...panel(state.order, state.method), error: action.payload } as CheckoutState : state,
    anotherCardRequested: (state): CheckoutState => (state.status === 'refused' ? panel(state.order, 'card') : state),
    /**
     * Back to the form to change the customer's data: the order so far is left behind, and a new
     * identity is made at the next 'Ir para pagamento' (the server priced the old one as it was).
     */
    formReopened: (state): CheckoutState =>
      state.status === 'method' || state.status === 'card' || state.status === 'pix' || state.status === 'refused'
        ? { status: 'form' }
        : state,
    /** After the redirect that follows a registered order, or when the page closes mid-way. */
    checkoutReset: (state): CheckoutState => (state.status === 'submitting' ? state : { status: 'form' }),
  },
  selectors: {
    selectCheckout: (state) => state,
  },
});

declare module '../../session' {
  interface LazyLoadedSlices extends WithSlice<typeof checkoutMachine> {}
}

/** Injected into the store when this feature's code loads. */
export const checkoutSlice = checkoutMachine.injectInto(rootReducer);

export const {
  paymentRequested,
  methodChosen,
  submitted,
  orderRegistered,
  paymentRefused,
  submitFailed,
  anotherCardRequested,
  formReopened,
  checkoutReset,
} = checkoutSlice.actions;
export const { selectCheckout } = checkoutSlice.selectors;

export function orderOf(state: CheckoutState): OrderIdentity | null {
  return state.status === 'form' ? null : (state as WithOrder).order;
}
