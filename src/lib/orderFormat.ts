import type { OrderStatus, PaymentMethod } from '../../contract/wire';
import { formatCalendarDate } from './dates';

/** An order's status as the customer reads it. */
const STATUS_LABEL: Record<OrderStatus, string> = {
  pending: 'Aguardando pagamento',
  approved: 'Pago',
  rejected: 'Recusado',
  refunded: 'Estornado',
  charged_back: 'Contestado no cartão',
};

export const METHOD_LABEL: Record<PaymentMethod, string> = {
  card: 'Cartão de crédito',
  pix: 'Pix',
};

export function statusLabel(status: string): string {
  return STATUS_LABEL[status as OrderStatus] ?? status;
}

const DAY = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

/** When an order was made, as dd/mm/aaaa: the day in Brasília of a moment, a calendar date as written. */
export function formatOrderDate(value: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value.trim())) return formatCalendarDate(value);
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : DAY.format(date);
}
