import type { UnknownAction } from '@reduxjs/toolkit';
import { errorMessage } from '../../api/apiError';
import { onlyDigits } from '../../lib/cardNumber';
import { splitExpiry } from '../../lib/expiry';
import { refusalMessage } from '../../lib/paymentMessages';
import type { FlowApi } from '../../session';
import { checkoutApi } from './checkoutApi';
import { orderPayload, type CardChoice } from './checkoutDraft';
import { orderRegistered, paymentRefused, submitFailed, type CheckoutState } from './checkoutSlice';

/** docs/product.md#constants-and-limits: the card's description and statement descriptor are the product name. */
function productName(state: Extract<CheckoutState, { status: 'submitting' }>): string {
  return state.draft.lines[0]?.product.name ?? 'Pedido';
}

/**
 * A card payment (docs/product.md#checkout): the order, priced by the server, then the provider's token for
 * the card and the charge of exactly the server's amount. Answers the machine's next event: the
 * order registered, the card refused (the order stays unpaid, another card may pay it), or why
 * nothing could be sent.
 */
export async function payByCard(
  api: FlowApi,
  state: Extract<CheckoutState, { status: 'submitting' }>,
  card: CardChoice,
): Promise<UnknownAction> {
  const { order, draft } = state;
  const placed = await api.dispatch(
    checkoutApi.endpoints.placeOrder.initiate({ coupon: draft.coupon, order: orderPayload(draft, order, 'card') }),
  );
  if (!placed.data) return submitFailed(errorMessage(placed.error));
  // A retry after a lost reply can find the order already paid: nothing more to charge.
  if (placed.data.status === 'approved') return orderRegistered('approved');

  const expiry = splitExpiry(card.expiry);
  const token = await api.dispatch(
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
  if (!token.data) return submitFailed(errorMessage(token.error));

  const description = productName(state);
  const payment = await api.dispatch(
    checkoutApi.endpoints.processCardPayment.initiate({
      transaction_amount: placed.data.amount,
      token: token.data,
      description,
      installments: card.installments,
      payment_method_id: card.paymentMethodId,
      email: draft.customer.email.trim(),
      type: 'CPF',
      number: onlyDigits(card.holderCpf),
      statement_descriptor: description,
      orderId: order.orderId,
      // Whoever placed the order pays it: its claim secret (signed out) or the account's token.
      claim: order.claim,
    }),
  );
  if (!payment.data) return submitFailed(errorMessage(payment.error));
  if (payment.data.status === 'rejected' || payment.data.status === 'cancelled')
    return paymentRefused(refusalMessage(payment.data.status_detail));
  return orderRegistered(payment.data.status === 'approved' ? 'approved' : 'pending');
}
