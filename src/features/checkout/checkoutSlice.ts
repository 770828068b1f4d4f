import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { OrderStatus, PaymentMethod } from '../../../contract/wire';
import { customerProblem } from '../../lib/checkoutValidation';
import { rootReducer } from '../../session';
import { finishProblem, type CardChoice, type CheckoutDraft } from './checkoutDraft';
import { newOrderIdentity, type OrderIdentity } from './orderIdentity';

/** The server's answer to a Pix order: the code to pay, with the server's amount in it. */
interface PixCode {
  code: string;
  amount: number;
  orderStatus: OrderStatus;
}

/**
 * The checkout (docs/product.md#checkout, docs/architecture.md#machines-and-flows) as a state machine: the customer
 * form -> the method choice -> the card panel, or the Pix panel (its order placed as it opens, once:
 * loading, then the code or why not) -> for a card, submitting -> registered, or refused by the
 * card provider (another card may be tried on the same order) -> finished, when the account
 * opens. A registered Pix order keeps its code, shown until it is paid. Every state past the form carries the order's
 * identity (its number and claim secret),
 * made once when payment is requested, so that a retry, a double tap or a change of method names
 * the same order; and, until registered, the form as it was then (the draft).
 */
export type CheckoutState =
  | { status: 'form' }
  | { status: 'method'; order: OrderIdentity; draft: CheckoutDraft }
  | { status: 'card'; order: OrderIdentity; draft: CheckoutDraft; error: string | null }
  | { status: 'pixLoading'; order: OrderIdentity; draft: CheckoutDraft }
  | { status: 'pixFailed'; order: OrderIdentity; draft: CheckoutDraft; message: string }
  | { status: 'pix'; order: OrderIdentity; draft: CheckoutDraft; pix: PixCode }
  | { status: 'submitting'; order: OrderIdentity; draft: CheckoutDraft }
  | { status: 'refused'; order: OrderIdentity; draft: CheckoutDraft; message: string }
  | { status: 'registered'; order: OrderIdentity; method: PaymentMethod; orderStatus: OrderStatus; pix: PixCode | null }
  | { status: 'finished'; order: OrderIdentity };

export type PixPanelState = Extract<CheckoutState, { status: 'pixLoading' | 'pixFailed' | 'pix' }>;
type ChoosingState = Extract<CheckoutState, { status: 'method' | 'card' | 'refused' }> | PixPanelState;

export const initialCheckoutState = { status: 'form' } as CheckoutState;

/** docs/product.md#constants-and-limits: the account opens 2 s after an order. */
export const REDIRECT_AFTER_ORDER_MS = 2_000;

export function isPixPanel(state: CheckoutState): state is PixPanelState {
  return state.status === 'pixLoading' || state.status === 'pixFailed' || state.status === 'pix';
}

/** The method may be chosen (again), or the form reopened: an order exists and nothing is being paid. */
export function isChoosing(state: CheckoutState): state is ChoosingState {
  return state.status === 'method' || state.status === 'card' || state.status === 'refused' || isPixPanel(state);
}

const checkoutMachine = createSlice({
  name: 'checkout',
  initialState: initialCheckoutState,
  reducers: {
    /**
     * 'Ir para pagamento': a form the checks accept (docs/product.md#checkout) gets its order's identity, and the
     * methods show.
     */
    paymentRequested: {
      reducer: (state, action: PayloadAction<{ draft: CheckoutDraft; order: OrderIdentity }>): CheckoutState =>
        state.status === 'form' && customerProblem(action.payload.draft.customer) === null
          ? { status: 'method', order: action.payload.order, draft: action.payload.draft }
          : state,
      prepare: (draft: CheckoutDraft) => ({ payload: { draft, order: newOrderIdentity() } }),
    },
    /** Pix opens its panel by placing the order; Pix chosen again while it shows asks nothing more. */
    methodChosen: (state, action: PayloadAction<PaymentMethod>): CheckoutState => {
      if (!isChoosing(state)) return state;
      const { order, draft } = state;
      if (action.payload === 'card') return { status: 'card', order, draft, error: null };
      return isPixPanel(state) ? state : { status: 'pixLoading', order, draft };
    },
    pixCodeReceived: (state, action: PayloadAction<PixCode>): CheckoutState =>
      state.status === 'pixLoading'
        ? { status: 'pix', order: state.order, draft: state.draft, pix: action.payload }
        : state,
    pixCodeFailed: (state, action: PayloadAction<string>): CheckoutState =>
      state.status === 'pixLoading'
        ? { status: 'pixFailed', order: state.order, draft: state.draft, message: action.payload }
        : state,
    /** 'Tentar novamente' under a Pix code that could not be made: the same order, asked again. */
    pixRetried: (state): CheckoutState =>
      state.status === 'pixFailed' ? { status: 'pixLoading', order: state.order, draft: state.draft } : state,
    /**
     * 'Finalizar pedido'. A card goes to the provider once the checks pass (docs/product.md#checkout) (the card
     * travels in the event only: it is never kept). A Pix order was placed with its code, so it is
     * registered as the server answered it.
     */
    submitted: (state, action: PayloadAction<CardChoice | null>): CheckoutState => {
      if (state.status === 'card' && action.payload && finishProblem(state.draft, action.payload) === null) {
        return { status: 'submitting', order: state.order, draft: state.draft };
      }
      if (state.status === 'pix' && action.payload === null)
        return {
          status: 'registered',
          order: state.order,
          method: 'pix',
          orderStatus: state.pix.orderStatus,
          pix: state.pix,
        };
      return state;
    },
    orderRegistered: (state, action: PayloadAction<OrderStatus>): CheckoutState =>
      state.status === 'submitting'
        ? { status: 'registered', order: state.order, method: 'card', orderStatus: action.payload, pix: null }
        : state,
    /** The card provider said no: the customer reads why and may try another card. */
    paymentRefused: (state, action: PayloadAction<string>): CheckoutState =>
      state.status === 'submitting'
        ? { status: 'refused', order: state.order, draft: state.draft, message: action.payload }
        : state,
    /** The order or the charge could not be sent (network, server): back to the card, with why. */
    submitFailed: (state, action: PayloadAction<string>): CheckoutState =>
      state.status === 'submitting'
        ? { status: 'card', order: state.order, draft: state.draft, error: action.payload }
        : state,
    anotherCardRequested: (state): CheckoutState =>
      state.status === 'refused' ? { status: 'card', order: state.order, draft: state.draft, error: null } : state,
    /**
     * Back to the form to change the customer's data: the order so far is left behind, and a new
     * identity is made at the next 'Ir para pagamento' (the server priced the old one as it was).
     */
    formReopened: (state): CheckoutState => (isChoosing(state) ? { status: 'form' } : state),
    /** 2 s after the success message: the account opens. */
    redirectDue: (state): CheckoutState =>
      state.status === 'registered' ? { status: 'finished', order: state.order } : state,
    /** The page closed (after the redirect, or mid-way); a charge under way is seen through. */
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
  pixCodeReceived,
  pixCodeFailed,
  pixRetried,
  submitted,
  orderRegistered,
  paymentRefused,
  submitFailed,
  anotherCardRequested,
  formReopened,
  redirectDue,
  checkoutReset,
} = checkoutSlice.actions;
export const { selectCheckout } = checkoutSlice.selectors;
