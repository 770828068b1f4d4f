import type { Deal } from '../../../contract/wire';
import { toCsv } from '../../lib/csv';
import { formatCalendarDate } from '../../lib/dates';
import { balanceOf, dealStatusLabel } from '../../lib/deals';

type DealProduct = Deal['products'][number];

const NUMBER = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 2, useGrouping: false });

/** A number in percent as Brazilians write it: 7.5 -> '7,5%'. */
export function formatPercentValue(percent: number): string {
  return `${NUMBER.format(Number.isFinite(percent) ? percent : 0)}%`;
}

/** One product of a deal in a line: 'Cabine 360 · 4 h · Acessórios: Props, Tapete · Qtd. 2'. */
export function productLine(product: DealProduct): string {
  const parts = [product.name];
  if (product.hours > 0) parts.push(`${product.hours} h`);
  if (product.accessories.length > 0) parts.push(`Acessórios: ${product.accessories.map((a) => a.name).join(', ')}`);
  parts.push(`Qtd. ${product.quantity}`);
  return parts.join(' · ');
}

/**
 * Money for a Brazilian spreadsheet: a plain number with a decimal comma and no thousands
 * separator or 'R$' ('1234,50'), which Excel and LibreOffice in Portuguese and Google Sheets in
 * the Brazilian locale read as a number (a '.' would be read as a thousands separator there).
 */
function spreadsheetNumber(value: number, decimals?: number): string {
  const safe = Number.isFinite(value) ? value : 0;
  return decimals === undefined ? NUMBER.format(safe) : safe.toFixed(decimals).replace('.', ',');
}

const HEADER = ['Evento', 'Cliente', 'Data do evento', 'Horário', 'Produtos', 'Total (R$)', 'Comissão (%)', 'Desconto (%)', 'Saldo (R$)', 'Status'];

/** The deals as CSV (src/lib/csv: every cell quoted, formulas neutralised), dates dd/mm/aaaa. */
export function dealsCsv(deals: readonly Deal[]): string {
  return toCsv(
    HEADER,
    deals.map((deal) => [
      deal.eventName,
      deal.clientName,
      formatCalendarDate(deal.eventDate),
      deal.eventTime,
      deal.products.map(productLine).join('; '),
      spreadsheetNumber(deal.total, 2),
      spreadsheetNumber(deal.rate),
      spreadsheetNumber(deal.discount * 100),
      spreadsheetNumber(balanceOf(deal), 2),
      dealStatusLabel(deal.status),
    ]),
  );
}

/** Hands `content` to the browser as a file download. */
export function downloadText(name: string, content: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
