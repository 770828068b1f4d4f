import type { ContractPayload } from '../../../contract/wire';

/**
 * The contract form's six fields (docs/product.md#team): all required, four numeric. The
 * values are what was typed; `validateContract` turns them into the wire's payload or says,
 * per field, what is wrong.
 */
export const CONTRACT_FIELDS = ['partner', 'duration', 'rate', 'discount', 'n_coupons', 'kit'] as const;
export type ContractField = (typeof CONTRACT_FIELDS)[number];
export type ContractFields = Record<ContractField, string>;
export type ContractErrors = Partial<Record<ContractField, string>>;

export const emptyContractFields: ContractFields = {
  partner: '',
  duration: '',
  rate: '',
  discount: '',
  n_coupons: '',
  kit: '',
};

// The wire's bounds (contract/wire/partner.ts ContractPayload): refused here, before sending.
export const PARTNER_MAX_LENGTH = 64;
export const KIT_MAX_LENGTH = 500;
const MAX_DURATION_DAYS = 3650;
const MAX_COUPONS = 10_000;

export const NAME_TOO_SHORT = 'Name must be at least 3 characters';
export const NAME_WRONG = 'Use only letters, numbers, hyphens (-), and underlines (_)';

export const CONTRACT_MESSAGES = {
  partnerMissing: 'Enter the partner name.',
  durationMissing: 'Enter the contract duration in days.',
  durationBad: `The duration must be a whole number of days, from 1 to ${MAX_DURATION_DAYS}.`,
  rateMissing: 'Enter the commission.',
  rateBad: 'The commission must be a number from 0 to 100.',
  discountMissing: 'Enter the discount.',
  discountBad: 'The discount must be a number from 0 to 99.',
  couponsMissing: 'Enter the number of coupons.',
  couponsBad: `The number of coupons must be a whole number, from 1 to ${MAX_COUPONS}.`,
  kitMissing: 'Enter the kit.',
} as const;

const WHOLE = /^\d+$/;
// A decimal with a point or a Brazilian comma: 12, 12.5, 12,5.
const DECIMAL = /^\d+(?:[.,]\d+)?$/;

function whole(text: string, min: number, max: number): number | null {
  if (!WHOLE.test(text)) return null;
  const value = Number(text);
  return value >= min && value <= max ? value : null;
}

function decimal(text: string, min: number, max: number): number | null {
  if (!DECIMAL.test(text)) return null;
  const value = Number(text.replace(',', '.'));
  return value >= min && value <= max ? value : null;
}

export type ContractCheck = { ok: true; payload: ContractPayload } | { ok: false; errors: ContractErrors };

export function validateContract(fields: ContractFields): ContractCheck {
  const text = (field: ContractField) => fields[field].trim();
  const errors: ContractErrors = {};
  const partner = text('partner');
  if (!partner) errors.partner = CONTRACT_MESSAGES.partnerMissing;
  else if (partner.length < 3) errors.partner = NAME_TOO_SHORT;
  else if (!/^[A-Za-z0-9_-]+$/.test(partner)) errors.partner = NAME_WRONG;

  const number = (field: ContractField, read: (t: string) => number | null, missing: string, bad: string) => {
    if (!text(field)) errors[field] = missing;
    else if (read(text(field)) === null) errors[field] = bad;
    return read(text(field)) ?? 0;
  };
  const duration = number(
    'duration',
    (t) => whole(t, 1, MAX_DURATION_DAYS),
    CONTRACT_MESSAGES.durationMissing,
    CONTRACT_MESSAGES.durationBad,
  );
  const rate = number('rate', (t) => decimal(t, 0, 100), CONTRACT_MESSAGES.rateMissing, CONTRACT_MESSAGES.rateBad);
  const discount = number(
    'discount',
    (t) => decimal(t, 0, 99),
    CONTRACT_MESSAGES.discountMissing,
    CONTRACT_MESSAGES.discountBad,
  );
  const coupons = number(
    'n_coupons',
    (t) => whole(t, 1, MAX_COUPONS),
    CONTRACT_MESSAGES.couponsMissing,
    CONTRACT_MESSAGES.couponsBad,
  );
  const kit = text('kit');
  if (!kit) errors.kit = CONTRACT_MESSAGES.kitMissing;

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, payload: { partner, duration, rate, discount, kit, n_coupons: coupons } };
}

/** The first field, in the form's order, that has an error. */
export function firstBadField(errors: ContractErrors): ContractField | undefined {
  return CONTRACT_FIELDS.find((field) => errors[field] !== undefined);
}
