import type { OrderPayload, PaymentMethod } from '../../../contract/wire';
import { onlyDigits } from '../../lib/cardNumber';
import { checkoutProblem, type CardForm, type CustomerForm } from '../../lib/checkoutValidation';
import type { PricedLine } from '../shop';
import type { OrderIdentity } from './orderIdentity';

/**
 * What the order needs of the checkout form, taken when payment is requested: the form is frozen
 * from then on (changing it goes back to the form, and to a new order).
 */
export interface CheckoutDraft {
  coupon: string;
  customer: CustomerForm;
  lines: readonly PricedLine[];
  /** The total the customer saw; the server's own is the one charged. */
  total: number;
}

export interface CardChoice extends CardForm {
  installments: number;
  /** The provider's id for the card (its lookup by the first six digits). */
  paymentMethodId: string;
}

const UNKNOWN_CARD = 'Não reconhecemos este cartão. Confira o número ou use outro cartão.';

/**
 * 'Finalizar pedido' (docs/product.md#checkout): the first problem, in the spec's order, or null when the order may go.
 */
export function finishProblem(draft: CheckoutDraft, card: CardChoice | null): string | null {
  return checkoutProblem(draft.customer, card) ?? (card && !card.paymentMethodId ? UNKNOWN_CARD : null);
}

/** What the server needs of the cart: the choices, never prices (it prices the order itself). */
export function orderPayload(draft: CheckoutDraft, order: OrderIdentity, paymentMethod: PaymentMethod): OrderPayload {
  const { customer } = draft;
  return {
    products: draft.lines.map((line) => ({
      id: line.product.id,
      hours: line.hours,
      quantity: line.quantity,
      selectedAccessories: line.selectedAccessories.map(({ name }) => ({ name })),
    })),
    // Ignored by the server, but one of the order's fields (docs/product.md#entities).
    total: draft.total,
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
