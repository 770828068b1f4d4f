/**
 * The checkout's checks in the order docs/product.md#checkout gives: the first failure is the alert shown. The CPF
 * is checked for its check digits too (`@brazilian-utils/brazilian-utils`), under the same message.
 */
import { isValidCPF } from '@brazilian-utils/brazilian-utils';
import { isCardNumberValid, onlyDigits } from './cardNumber';
import { isValidExpiry } from './expiry';
import type { EventName } from '../../contract/names';

export interface CustomerForm {
  name: string;
  email: string;
  cpf: string;
  eventName: EventName;
  /** yyyy-mm-dd, as the date input gives it. */
  eventDate: string;
  /** hh:mm, as the time input gives it. */
  eventTime: string;
}

export interface CardForm {
  number: string;
  holderName: string;
  /** MM/YY */
  expiry: string;
  cvc: string;
  holderCpf: string;
}

export const CHECKOUT_MESSAGES = {
  name: 'Por favor, entre com seu nome.',
  cpf: 'Por favor, entre com um CPF válido.',
  email: 'Por favor, entre com um email válido.',
  eventName: 'Por favor, entre com o nome do evento.',
  eventDate: 'Por favor, entre com a data do evento.',
  eventTime: 'Por favor, entre com o horário do evento.',
  cardNumber: 'Por favor, entre com o número do cartão.',
  holderName: 'Por favor, entre com o nome do titular do cartão.',
  expiry: 'Por favor, entre com a data de validade do cartão no formato MM/YY.',
  cvc: 'Por favor, entre com o código de segurança do cartão.',
  emailFormat: 'Formato de email inválido',
  expiryFormat: 'Formato de data inválido. Por favor use MM/AA.',
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidEmail(value: string): boolean {
  return EMAIL.test(value.trim());
}

/** Eleven digits whose check digits add up. */
function isValidCpf(value: string): boolean {
  const digits = onlyDigits(value);
  return digits.length === 11 && isValidCPF(digits);
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The customer part, common to card and Pix; null when everything is fine. */
export function customerProblem(form: CustomerForm): string | null {
  if (form.name.trim() === '') return CHECKOUT_MESSAGES.name;
  if (!isValidCpf(form.cpf)) return CHECKOUT_MESSAGES.cpf;
  if (!isValidEmail(form.email)) return CHECKOUT_MESSAGES.email;
  if (form.eventName.trim() === '') return CHECKOUT_MESSAGES.eventName;
  if (!DATE.test(form.eventDate)) return CHECKOUT_MESSAGES.eventDate;
  if (!TIME.test(form.eventTime)) return CHECKOUT_MESSAGES.eventTime;
  return null;
}

/** The card part, after the customer part. */
function cardProblem(card: CardForm): string | null {
  if (!isCardNumberValid(card.number)) return CHECKOUT_MESSAGES.cardNumber;
  if (card.holderName.trim() === '') return CHECKOUT_MESSAGES.holderName;
  if (!isValidExpiry(card.expiry)) return CHECKOUT_MESSAGES.expiry;
  if (!/^\d{3,4}$/.test(card.cvc)) return CHECKOUT_MESSAGES.cvc;
  if (!isValidCpf(card.holderCpf)) return CHECKOUT_MESSAGES.cpf;
  return null;
}

/** The whole order of docs/product.md#checkout: the customer, then (card only) the card. */
export function checkoutProblem(form: CustomerForm, card: CardForm | null): string | null {
  return customerProblem(form) ?? (card ? cardProblem(card) : null);
}
