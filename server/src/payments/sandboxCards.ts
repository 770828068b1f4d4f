import crypto from 'node:crypto';
import { detectIssuer, luhnValid, onlyDigits } from '../../../src/lib/card';
import type { Queryable } from '../db/database';
import { invalid } from '../domain/errors';

/** Installment plans of the sandbox: free up to 3, then a growing rate (percent). */
export const SANDBOX_PAYER_COSTS = [1, 2, 3, 4, 5, 6, 10, 12].map((installments) => ({
  installments,
  installment_rate: installments <= 3 ? 0 : Number((1.99 * (installments - 3)).toFixed(2)),
}));

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

/** The provider's card token: a card that passes Luhn and has not expired, good for one charge. */
export async function createSandboxCardToken(db: Queryable, card: SandboxCard, now = new Date()): Promise<SandboxCardToken> {
  const number = onlyDigits(card.cardNumber);
  if (!luhnValid(number)) throw invalid('invalid_card_number', 'Número do cartão inválido.');
  const year = Number(card.cardExpirationYear.length === 2 ? `20${card.cardExpirationYear}` : card.cardExpirationYear);
  const month = Number(card.cardExpirationMonth);
  if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1)) {
    throw invalid('card_expired', 'Cartão vencido.');
  }
  const id = crypto.randomBytes(16).toString('hex');
  await db.query('INSERT INTO sandbox_card_tokens (id, holder_name, last_four, first_six) VALUES ($1, $2, $3, $4)', [
    id,
    card.cardholderName,
    number.slice(-4),
    number.slice(0, 6),
  ]);
  return { id, first_six_digits: number.slice(0, 6), last_four_digits: number.slice(-4) };
}

/** The provider's lookup by the card's first digits: its brand and installment plans. */
export function sandboxPaymentMethods(bin: string) {
  const issuer = detectIssuer(bin);
  if (issuer === 'unknown') return { results: [] };
  return { results: [{ id: issuer, payment_type_id: 'credit_card', payer_costs: SANDBOX_PAYER_COSTS }] };
}
