/**
 * A guest's contact left to receive an event's photos (docs/privacy.md#guests-contacts): the
 * rules the form and the server share. A WhatsApp number is Brazilian (+55, a real DDD, a
 * mobile's nine digits); an e-mail has a name, an '@' and a domain with a dot.
 */
import { cleanTitle } from './eventTitle';

/** How many days a contact is kept after it was left: the owner's choice, 90 by default. */
export const CONTACT_RETENTION_CHOICES = [30, 90, 180, 365] as const;
export type ContactRetentionDays = (typeof CONTACT_RETENTION_CHOICES)[number];
export const DEFAULT_CONTACT_RETENTION: ContactRetentionDays = 90;

/** A guest's name, as typed: at most this long. */
export const CONTACT_NAME_MAX_LENGTH = 80;

/** Brazil's area codes (DDD) in use, by Anatel's plan. */
const DDDS = new Set([
  11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 24, 27, 28, 31, 32, 33, 34, 35, 37, 38, 41, 42, 43, 44, 45, 46, 47, 48,
  49, 51, 53, 54, 55, 61, 62, 63, 64, 65, 66, 67, 68, 69, 71, 73, 74, 75, 77, 79, 81, 82, 83, 84, 85, 86, 87, 88, 89,
  91, 92, 93, 94, 95, 96, 97, 98, 99,
]);

/**
 * A WhatsApp number as typed ('(11) 98765-4321', '+55 11 98765 4321') in E.164 (`+5511987654321`), or
 * null when it is no Brazilian mobile: 11 digits after the country code, a DDD in use, then a 9.
 */
export function whatsappNumber(typed: string): string | null {
  if (typed.length > 40 || /[^\d\s()+.-]/.test(typed)) return null;
  let digits = typed.replace(/\D/g, '');
  if (digits.length === 13 && digits.startsWith('55')) digits = digits.slice(2);
  if (!/^\d{2}9\d{8}$/.test(digits) || !DDDS.has(Number(digits.slice(0, 2)))) return null;
  return `+55${digits}`;
}

/** A number in E.164 as people in Brazil write it: `(11) 98765-4321`. */
export function nationalWhatsapp(e164: string): string {
  const digits = e164.replace(/^\+55/, '');
  return `(${digits.slice(0, 2)}) ${digits.slice(2, 7)}-${digits.slice(7)}`;
}

/** A number in E.164 as people read it: `+55 (11) 98765-4321`. */
export const formatWhatsapp = (e164: string) => `+55 ${nationalWhatsapp(e164)}`;

export const CONTACT_EMAIL_MAX_LENGTH = 254;
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** An e-mail as typed, trimmed and lowercased, or null when it cannot be one. */
export function contactEmail(typed: string): string | null {
  const email = typed.trim().toLowerCase();
  return email.length <= CONTACT_EMAIL_MAX_LENGTH && EMAIL.test(email) ? email : null;
}

/** A name as kept: no control characters, spaces collapsed; null when nothing is left or it is too long. */
export function contactName(typed: string): string | null {
  const name = cleanTitle(typed);
  return name !== '' && name.length <= CONTACT_NAME_MAX_LENGTH ? name : null;
}
