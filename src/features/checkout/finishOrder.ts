import { errorMessage } from '../../api/apiError';
import type { OrderPayload } from '../../../contract/wire';
import { checkoutProblem, type CardForm, type CustomerForm } from '../../lib/checkoutValidation';
import { onlyDigits } from '../../lib/cardNumber';
import { splitExpiry } from '../../lib/expiry';
import { refusalMessage } from '../../lib/paymentMessages';
import { pendingOrderRecorded, selectAuthStatus, type AppDispatch, type GetState } from '../../session';
import { notify } from '../../ui/notify';
import { cartCleared, type PricedLine } from '../shop';
import { checkoutApi } from './checkoutApi';
import { orderRegistered, paymentRefused, selectCheckout, submitFailed, submitted } from './checkoutSlice';
import type { OrderIdentity } from './orderIdentity';

export interface CardChoice extends CardForm {
  installments: number;
  /** The provider's id for the card (its lookup by the first six digits). */
  paymentMethodId: string;
}

export interface FinishInput {
  coupon: string;
  customer: CustomerForm;
  lines: readonly PricedLine[];
  /** The total the customer saw; the server's own is the one charged. */
  total: number;
  /** The card panel's data; null for Pix. */
  card: CardChoice | null;
}

export const UNKNOWN_CARD = 'Não reconhecemos este cartão. Confira o número ou use outro cartão.';

/** What the server needs of the cart: the choices, never trusted prices. */
export function orderPayload(input: FinishInput, order: OrderIdentity, paymentMethod: 'card' | 'pix'): OrderPayload {
  const { customer } = input;
  return {
    products: input.lines.map((line) => ({
      id: line.product.id,
      name: line.product.name,
      type: line.product.type,
      hours: line.hours,
      quantity: line.quantity,
      selectedAccessories: line.selectedAccessories,
      unitPrice: line.unitPrice,
      totalPrice: line.totalPrice,
    })),
    total: input.total,
    clientName: customer.name.trim(),
    eventName: customer.eventName.trim(),
    eventDate: customer.eventDate,
    eventTime: customer.eventTime,
    paymentMethod,
    email: customer.email.trim(),
    cpf: onlyDigits(customer.cpf),
    orderId: order.orderId,
    claim: order.claim,
  };
}

/** SPEC section 9: the card's description and statement descriptor are the product name. */
function productName(lines: readonly PricedLine[]): string {
  return lines[0]?.product.name ?? 'Pedido';
}

/**
 * 'Finalizar pedido' (SPEC section 4): the checks in SPEC section 5's order, then the order,
 * priced by the server, and for a card the provider's token and the charge of exactly the
 * server's amount. A refused card leaves the order unpaid and the customer may try another.
 */
export function finishOrder(input: FinishInput) {
  return async (dispatch: AppDispatch, getState: GetState): Promise<void> => {
    const machine = selectCheckout(getState());
    if (machine.status !== 'card' && machine.status !== 'pix') return;
    const problem = checkoutProblem(input.customer, machine.status === 'card' ? input.card : null);
    if (problem) {
      notify(problem);
      return;
    }
    if (machine.status === 'card' && !input.card?.paymentMethodId) {
      notify(UNKNOWN_CARD);
      return;
    }
    const method = machine.status;
    const { order } = machine;
    dispatch(submitted());

    const placed = await dispatch(
      checkoutApi.endpoints.placeOrder.initiate({ coupon: input.coupon, order: orderPayload(input, order, method) }),
    );
    if (placed.error || !placed.data) {
      dispatch(submitFailed(errorMessage(placed.error)));
      return;
    }

    let status = placed.data.status;
    // A retry after a lost reply can find the order already paid: nothing more to charge.
    if (method === 'card' && input.card && status !== 'approved') {
      const card = input.card;
      const expiry = splitExpiry(card.expiry);
      const token = await dispatch(
        checkoutApi.endpoints.createCardToken.initiate({
          cardNumber: onlyDigits(card.number),
          cardholderName: card.holderName.trim(),
          cardExpirationMonth: expiry?.month ?? '',
          cardExpirationYear: expiry?.year ?? '',
          securityCode: card.cvc,
          identificationType: 'CPF',
          identificationNumber: onlyDigits(card.holderCpf),
        }),
      );
      if (token.error || !token.data) {
        dispatch(submitFailed(errorMessage(token.error)));
        return;
      }
      const description = productName(input.lines);
      const payment = await dispatch(
        checkoutApi.endpoints.processCardPayment.initiate({
          transaction_amount: placed.data.amount,
          token: token.data,
          description,
          installments: card.installments,
          payment_method_id: card.paymentMethodId,
          email: input.customer.email.trim(),
          type: 'CPF',
          number: onlyDigits(card.holderCpf),
          statement_descriptor: description,
          orderId: order.orderId,
        }),
      );
      if (payment.error || !payment.data) {
        dispatch(submitFailed(errorMessage(payment.error)));
        return;
      }
      if (payment.data.status === 'rejected' || payment.data.status === 'cancelled') {
        dispatch(paymentRefused(refusalMessage(payment.data.status_detail)));
        return;
      }
      status = payment.data.status === 'approved' ? 'approved' : 'pending';
    }

    if (selectAuthStatus(getState()) !== 'signedIn') dispatch(pendingOrderRecorded({ ...order, loginRequired: false }));
    dispatch(cartCleared());
    dispatch(orderRegistered(status));
  };
}
