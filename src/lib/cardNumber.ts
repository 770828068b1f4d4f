/**
 * Card numbers (docs/product.md#checkout): brand detection, the Luhn and length checks with `card-validator`
 * (its brands are `credit-card-type`'s, which it brings), and the product's maximum lengths per brand
 * (docs/product.md#checkout). The provider's own lookup (getPaymentMethods) has the last word on the brand that is
 * charged.
 */
import cardValidator from 'card-validator';

export interface CardBrand {
  /** credit-card-type's id: 'visa', 'mastercard', 'american-express', 'diners-club', 'elo', ... */
  type: string;
  label: string;
}

export function onlyDigits(value: string): string {
  return value.replace(/\D+/g, '');
}

/** The brand the digits typed so far point to; null while they could be several or none. */
export function cardBrand(number: string): CardBrand | null {
  const digits = onlyDigits(number);
  if (digits.length === 0) return null;
  // card-validator names a card only when the digits point to one brand alone.
  const card = cardValidator.number(digits).card;
  return card ? { type: card.type, label: card.niceType } : null;
}

/** docs/product.md#checkout: American Express 15, Diners Club 14, Visa, Mastercard and Hipercard 19, others 16. */
export function maxCardLength(brand: CardBrand | null): number {
  switch (brand?.type) {
    case 'american-express':
      return 15;
    case 'diners-club':
      return 14;
    case 'visa':
    case 'mastercard':
    case 'hipercard':
      return 19;
    default:
      return 16;
  }
}

/** What the number field keeps of what was typed or pasted: digits, up to the brand's maximum. */
export function cardNumberInput(raw: string): string {
  const digits = onlyDigits(raw);
  return digits.slice(0, maxCardLength(cardBrand(digits)));
}

/** Passes the Luhn check with a length its brand allows. */
export function isCardNumberValid(number: string): boolean {
  const digits = onlyDigits(number);
  return digits.length >= 12 && cardValidator.number(digits, { maxLength: 19 }).isValid;
}

/** Groups of four for the card preview ('5031 4332 1540 6351'), American Express 4-6-5. */
export function groupCardNumber(number: string): string {
  const digits = onlyDigits(number);
  const gaps = (digits.length > 0 ? cardValidator.number(digits).card?.gaps : undefined) ?? [4, 8, 12];
  let out = '';
  for (let i = 0; i < digits.length; i += 1) {
    if (gaps.includes(i)) out += ' ';
    out += digits[i];
  }
  return out;
}

/** The provider's payment_method_id as people read it ('master' -> 'Mastercard'). */
const PROVIDER_LABELS: Record<string, string> = {
  visa: 'Visa',
  master: 'Mastercard',
  amex: 'American Express',
  elo: 'Elo',
  hipercard: 'Hipercard',
  diners: 'Diners Club',
  cabal: 'Cabal',
  debvisa: 'Visa Débito',
  debmaster: 'Mastercard Débito',
  debelo: 'Elo Débito',
};

export function providerBrandLabel(paymentMethodId: string): string {
  return PROVIDER_LABELS[paymentMethodId] ?? paymentMethodId.toUpperCase();
}
