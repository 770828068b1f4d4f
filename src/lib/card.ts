/** Card numbers: digits only, the Luhn check, the issuer and its maximum length (SPEC section 5). */

export type Issuer =
  | 'elo'
  | 'hipercard'
  | 'hiper'
  | 'amex'
  | 'diners'
  | 'discover'
  | 'jcb'
  | 'aura'
  | 'master'
  | 'visa'
  | 'unknown';

// Order matters: Elo and Hipercard ranges sit inside ranges of the larger networks.
const ISSUER_PATTERNS: [Issuer, RegExp][] = [
  [
    'elo',
    /^(401178|401179|431274|438935|451416|457393|457631|457632|504175|627780|636297|636368|506699|5067[0-6]\d|50677[0-8]|50900\d|5090[1-9]\d|509[1-9]\d{2}|65003[1-3]|65003[5-9]|65004\d|65005[01]|65040[5-9]|6504[1-3]\d|65048[5-9]|65049\d|6505[0-2]\d|65053[0-8]|65054[1-9]|6505[5-8]\d|65059[0-8]|65070\d|65071[0-8]|65072[0-7]|65090[1-9]|65091\d|650920|65165[2-9]|6516[67]\d|65500\d|65501\d|65502[1-9]|6550[34]\d|65505[0-8])/,
  ],
  ['hipercard', /^(606282|3841)/],
  ['hiper', /^(637095|637568|637599|637609|637612)/],
  ['amex', /^3[47]/],
  ['diners', /^3(0[0-5]|[68])/],
  ['jcb', /^35(2[89]|[3-8])/],
  ['discover', /^6(011|5)/],
  ['aura', /^50/],
  ['master', /^(5[1-5]|222[1-9]|22[3-9]|2[3-6]|27[01]|2720)/],
  ['visa', /^4/],
];

export const ISSUER_LABEL: Record<Issuer, string> = {
  elo: 'Elo',
  hipercard: 'Hipercard',
  hiper: 'Hiper',
  amex: 'American Express',
  diners: 'Diners Club',
  discover: 'Discover',
  jcb: 'JCB',
  aura: 'Aura',
  master: 'Mastercard',
  visa: 'Visa',
  unknown: 'Cartão',
};

export function onlyDigits(value: string): string {
  return value.replace(/\D+/g, '');
}

export function detectIssuer(number: string): Issuer {
  const digits = onlyDigits(number);
  for (const [issuer, pattern] of ISSUER_PATTERNS) if (pattern.test(digits)) return issuer;
  return 'unknown';
}

/** 15 for American Express, 14 for Diners Club, 19 for Visa, Mastercard and Hipercard, else 16. */
export function maxCardLength(issuer: Issuer): number {
  switch (issuer) {
    case 'amex':
      return 15;
    case 'diners':
      return 14;
    case 'visa':
    case 'master':
    case 'hipercard':
      return 19;
    default:
      return 16;
  }
}

/** Keeps the digits a card number input may hold for the issuer its first digits show. */
export function cleanCardNumber(input: string): string {
  const digits = onlyDigits(input);
  return digits.slice(0, maxCardLength(detectIssuer(digits)));
}

export function luhnValid(number: string): boolean {
  const digits = onlyDigits(number);
  if (digits.length < 12 || digits.length > 19) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}
