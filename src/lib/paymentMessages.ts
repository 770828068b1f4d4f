import type { OrderStatus, PaymentMethod } from '../../contract/wire';

/**
 * What a customer reads when the card provider does not approve a charge, by its `status_detail`
 * (Mercado Pago's published codes: its Orders API's, and the Payments API's `cc_rejected_*` of the
 * charges made before it), and the order statuses in Portuguese.
 */

const REFUSALS: Record<string, string> = {
  invalid_security_code: 'Pagamento recusado: confira o código de segurança do cartão.',
  invalid_expiration_date: 'Pagamento recusado: confira a data de validade do cartão.',
  bad_filled_card_data: 'Pagamento recusado: confira os dados do cartão.',
  insufficient_amount: 'Pagamento recusado: o cartão não tem limite suficiente.',
  card_insufficient_amount: 'Pagamento recusado: o cartão não tem limite suficiente.',
  required_call_for_authorize: 'Pagamento recusado: ligue para o banco emissor do cartão para autorizar o pagamento.',
  card_disabled: 'Pagamento recusado: ligue para o banco emissor para ativar o cartão.',
  high_risk: 'Pagamento recusado pela análise de segurança. Use outro cartão ou pague com Pix.',
  max_attempts_exceeded: 'Pagamento recusado: limite de tentativas atingido. Use outro cartão.',
  cc_rejected_bad_filled_security_code: 'Pagamento recusado: confira o código de segurança do cartão.',
  cc_rejected_bad_filled_date: 'Pagamento recusado: confira a data de validade do cartão.',
  cc_rejected_bad_filled_card_number: 'Pagamento recusado: confira o número do cartão.',
  cc_rejected_bad_filled_other: 'Pagamento recusado: confira os dados do cartão.',
  cc_rejected_insufficient_amount: 'Pagamento recusado: o cartão não tem limite suficiente.',
  cc_rejected_call_for_authorize:
    'Pagamento recusado: ligue para o banco emissor do cartão para autorizar o pagamento.',
  cc_rejected_card_disabled: 'Pagamento recusado: ligue para o banco emissor para ativar o cartão.',
  cc_rejected_duplicated_payment: 'Pagamento recusado: um pagamento igual acabou de ser feito.',
  cc_rejected_high_risk: 'Pagamento recusado pela análise de segurança. Use outro cartão ou pague com Pix.',
  cc_rejected_max_attempts: 'Pagamento recusado: limite de tentativas atingido. Use outro cartão.',
};

const OTHER = 'Pagamento recusado pelo banco emissor. Tente outro cartão ou pague com Pix.';

export function refusalMessage(statusDetail: string): string {
  return REFUSALS[statusDetail] ?? OTHER;
}

export const IN_REVIEW_MESSAGE = 'Pagamento em análise: avisaremos quando for aprovado.';

/** What the buyer reads of where an order's payment stands, by its status and how it is paid. */
export function orderOutcomeMessage(status: OrderStatus, method: PaymentMethod | undefined): string {
  switch (status) {
    case 'approved':
      return 'Pagamento aprovado! Seu pedido está pago.';
    case 'pending':
      return method === 'pix'
        ? 'Aguardando o Pix: pague pelo QR code ou pelo Pix copia e cola. Esta tela avisa quando o pagamento chegar.'
        : IN_REVIEW_MESSAGE;
    case 'rejected':
      return method === 'pix' ? 'Pix recusado: o pedido não foi pago.' : 'Pagamento recusado: o pedido não foi pago.';
    case 'refunded':
      return 'Pagamento estornado: o valor foi devolvido.';
    case 'charged_back':
      return 'Pagamento contestado no cartão.';
  }
}

/**
 * The same, said right after 'Pedido registrado com sucesso!' in one breath (the checkout): what
 * ended the payment is told as what came after the registration, which still stands.
 */
export function outcomeAfterRegistration(status: OrderStatus, method: PaymentMethod | undefined): string {
  switch (status) {
    case 'rejected':
      return (
        `Depois, ${method === 'pix' ? 'o Pix' : 'o pagamento'} foi recusado: o pedido está registrado, mas não ` +
        `foi pago.`
      );
    case 'refunded':
      return 'Depois, o pagamento foi estornado: o valor foi devolvido.';
    case 'charged_back':
      return 'Depois, o pagamento foi contestado no cartão.';
    default:
      return orderOutcomeMessage(status, method);
  }
}

/** An order whose payment will not move by itself any more (paid, refused, given back). */
export function isOrderSettled(status: OrderStatus): boolean {
  return status !== 'pending';
}
