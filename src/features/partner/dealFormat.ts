import type { Deal } from '../../../contract/wire';
import { csvDate, csvMoney, toCsv } from '../../lib/csv';
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

const HEADER = [
  'Evento',
  'Cliente',
  'Data do evento',
  'Horário',
  'Produtos',
  'Total (R$)',
  'Comissão (%)',
  'Desconto (%)',
  'Saldo (R$)',
  'Status',
];

/** The deals as a Brazilian spreadsheet reads them (src/lib/csv: ';', decimal commas, dd/mm/aaaa). */
export function dealsCsv(deals: readonly Deal[]): string {
  return toCsv(
    HEADER,
    deals.map((deal) => [
      deal.eventName,
      deal.clientName,
      csvDate(deal.eventDate),
      deal.eventTime,
      deal.products.map(productLine).join('; '),
      csvMoney(deal.total),
      deal.rate,
      deal.discount * 100,
      csvMoney(balanceOf(deal)),
      dealStatusLabel(deal.status),
    ]),
  );
}
