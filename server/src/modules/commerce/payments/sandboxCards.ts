import crypto from 'node:crypto';
import cardValidator from 'card-validator';
import type { Queryable } from '../../../platform/db/database';
import { invalid } from '../../../platform/errors';
import { storeSandboxCardToken } from '../sandboxPayments';

/** Installment plans of the sandbox: free up to 3, then a growing rate (percent). */
const SANDBOX_PAYER_COSTS = [1, 2, 3, 4, 5, 6, 10, 12].map((installments) => ({
  installments,
  installment_rate: installments <= 3 ? 0 : Number((1.99 * (installments - 3)).toFixed(2)),
}));

/**
 * Mercado Pago's payment method ids for the brands `card-validator` detects (`credit-card-type`'s). Maestro's ranges
 * hold bins the provider calls Mastercard in Brazil: its own Mastercard test card, 5031 4332 1540
 * 6351, is bin 503143. Its Elo test card (506776) is a debit card; the sandbox answers elo all the
 * same.
 */
const PROVIDER_IDS: Record<string, string> = {
  visa: 'visa',
  mastercard: 'master',
  maestro: 'master',
  'american-express': 'amex',
  elo: 'elo',
  hipercard: 'hipercard',
  hiper: 'hipercard',
  'diners-club': 'diners',
};

/**
 * The provider's payment method id of a card's first digits, null for a brand it does not take or
 * for digits that could be several brands (a token is never made for such a number: its card is
 * not valid for card-validator).
 */
export function providerBrandOf(digits: string): string | null {
  const card = cardValidator.number(digits).card;
  return (card && PROVIDER_IDS[card.type]) ?? null;
}

export interface SandboxCard {
  cardNumber: string;
  cardholderName: string;
  cardExpirationMonth: string;
  cardExpirationYear: string;
  securityCode: string;
}

export interface SandboxCardToken {
  id: string;
  first_six_digits: string;
  last_four_digits: string;
}

/**
 * The provider's card token: a valid card number (Luhn, length of its brand) that has not expired, good for one charge.
 */
export async function createSandboxCardToken(
  db: Queryable,
  card: SandboxCard,
  now = new Date(),
): Promise<SandboxCardToken> {
  const number = card.cardNumber.replace(/[\s-]/g, '');
  if (!/^\d+$/.test(number) || !cardValidator.number(number).isValid) {
    throw invalid('invalid_card_number', 'Número do cartão inválido.');
  }
  const year = Number(card.cardExpirationYear.length === 2 ? `20${card.cardExpirationYear}` : card.cardExpirationYear);
  const month = Number(card.cardExpirationMonth);
  if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1)) {
    throw invalid('card_expired', 'Cartão vencido.');
  }
  const id = crypto.randomBytes(16).toString('hex');
  await storeSandboxCardToken(db, {
    id,
    holderName: card.cardholderName,
    firstSix: number.slice(0, 6),
    lastFour: number.slice(-4),
  });
  return { id, first_six_digits: number.slice(0, 6), last_four_digits: number.slice(-4) };
}

/** The provider's lookup by the card's first digits: its payment method and installment plans. */
export function sandboxPaymentMethods(bin: string) {
  const id = providerBrandOf(bin);
  if (!id) return { results: [] };
  return { results: [{ id, payment_type_id: 'credit_card', payer_costs: SANDBOX_PAYER_COSTS }] };
}
