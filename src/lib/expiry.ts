/** Card expiry as MM/YY (docs/product.md#checkout): the slash comes by itself after two digits. */

export function formatExpiryInput(raw: string): string {
  const all = raw.replace(/\D+/g, '');
  // A pasted or autofilled '12/2030' (MM/YYYY) keeps the year's last two digits.
  const digits = all.length === 6 ? all.slice(0, 2) + all.slice(4) : all.slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

const EXPIRY = /^(0[1-9]|1[0-2])\/(\d{2})$/;

export function isValidExpiry(value: string): boolean {
  return EXPIRY.test(value);
}

/** '07/29' -> { month: '07', year: '2029' }, the provider's card-token fields. */
export function splitExpiry(value: string): { month: string; year: string } | null {
  const match = EXPIRY.exec(value);
  if (!match) return null;
  return { month: match[1], year: `20${match[2]}` };
}
