/**
 * A partner's deals summed up (docs/product.md#deals): the balance of each deal, what
 * was earned (paid deals), what is still to come (deals waiting for payment), and the balance per
 * month of the event. Pure: the figures a deal carries in, numbers and labels out.
 */
import { dealBalance } from '../../contract/pricing';

/** What this module reads of a deal (`Deal` of the wire contract has these and more). */
export interface DealFigures {
  total: number;
  /** Commission, in percent. */
  rate: number;
  /** Discount, as a fraction. */
  discount: number;
  status: string;
  /** The event's day, `YYYY-MM-DD` (a date input's value). */
  eventDate: string;
}

/** How a payment status counts for the partner. */
export type DealOutcome = 'paid' | 'pending' | 'refused' | 'other';

const STATUSES: Record<string, { label: string; outcome: DealOutcome }> = {
  approved: { label: 'Pago', outcome: 'paid' },
  pending: { label: 'Aguardando pagamento', outcome: 'pending' },
  // The card provider's "in review": still waiting, as far as the partner is concerned.
  in_process: { label: 'Aguardando pagamento', outcome: 'pending' },
  rejected: { label: 'Recusado', outcome: 'refused' },
  cancelled: { label: 'Cancelado', outcome: 'refused' },
  refunded: { label: 'Estornado', outcome: 'refused' },
  charged_back: { label: 'Contestado no cartão', outcome: 'refused' },
};

export function dealOutcome(status: string): DealOutcome {
  return Object.hasOwn(STATUSES, status) ? STATUSES[status].outcome : 'other';
}

/** The payment status in Portuguese; a status this module does not know is shown as it came. */
export function dealStatusLabel(status: string): string {
  return Object.hasOwn(STATUSES, status) ? STATUSES[status].label : status;
}

/** The partner's balance on one deal: round(total × rate/100 × (1 − discount)), in reais. */
export function balanceOf(deal: DealFigures): number {
  return dealBalance(deal.total, deal.rate, deal.discount);
}

export interface DealsSummary {
  /** Balances of the paid deals. */
  earned: number;
  /** Balances of the deals waiting for payment. */
  receivable: number;
  count: number;
  paid: number;
  pending: number;
  refused: number;
}

export function summariseDeals(deals: readonly DealFigures[]): DealsSummary {
  const summary: DealsSummary = { earned: 0, receivable: 0, count: deals.length, paid: 0, pending: 0, refused: 0 };
  for (const deal of deals) {
    const outcome = dealOutcome(deal.status);
    if (outcome === 'paid') {
      summary.paid += 1;
      summary.earned += balanceOf(deal);
    } else if (outcome === 'pending') {
      summary.pending += 1;
      summary.receivable += balanceOf(deal);
    } else if (outcome === 'refused') {
      summary.refused += 1;
    }
  }
  return summary;
}

const ISO_DAY = /^(\d{4})-(\d{2})-\d{2}/;
const BR_DAY = /^\d{2}\/(\d{2})\/(\d{4})$/;

/**
 * The month (`YYYY-MM`) of an event's day, read as text (never through Date and its zones); null when it is not a date.
 */
export function eventMonth(eventDate: string): string | null {
  const text = eventDate.trim();
  const iso = ISO_DAY.exec(text);
  const br = iso ? null : BR_DAY.exec(text);
  const [year, month] = iso ? [iso[1], iso[2]] : br ? [br[2], br[1]] : [null, null];
  if (!year || !month || Number(month) < 1 || Number(month) > 12) return null;
  return `${year}-${month}`;
}

export interface MonthBalance {
  /** `YYYY-MM` */
  month: string;
  /** Balances of the month's paid deals. */
  paid: number;
  /** Balances of the month's deals waiting for payment. */
  pending: number;
}

function nextMonth(month: string): string {
  const [year, m] = month.split('-').map(Number);
  return m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, '0')}`;
}

/**
 * The balance per month of the event (refused deals earn nothing and are left out): every month
 * from the first deal's to the last one's, empty months included so the bars read as a timeline.
 * Never cut to the latest months: the bars add up to the summary's 'Ganhos' and 'A receber' (the
 * chart scrolls sideways when they are many). Deals without a readable date are left out.
 */
export function balanceByMonth(deals: readonly DealFigures[]): MonthBalance[] {
  const byMonth = new Map<string, MonthBalance>();
  for (const deal of deals) {
    const outcome = dealOutcome(deal.status);
    const month = eventMonth(deal.eventDate);
    if (!month || (outcome !== 'paid' && outcome !== 'pending')) continue;
    const entry = byMonth.get(month) ?? { month, paid: 0, pending: 0 };
    entry[outcome] += balanceOf(deal);
    byMonth.set(month, entry);
  }
  const months = [...byMonth.keys()].sort();
  if (months.length === 0) return [];
  const last = months[months.length - 1];
  const out: MonthBalance[] = [];
  for (let month = months[0]; month <= last; month = nextMonth(month)) {
    out.push(byMonth.get(month) ?? { month, paid: 0, pending: 0 });
  }
  return out;
}

const MONTH_NAMES = [
  'janeiro',
  'fevereiro',
  'março',
  'abril',
  'maio',
  'junho',
  'julho',
  'agosto',
  'setembro',
  'outubro',
  'novembro',
  'dezembro',
];

/** `2026-03` as 'mar/2026' (short, under a bar) or 'março de 2026' (long, said aloud). */
export function monthLabel(month: string, style: 'short' | 'long' = 'short'): string {
  const [year, m] = month.split('-');
  const name = MONTH_NAMES[Number(m) - 1] ?? m;
  return style === 'long' ? `${name} de ${year}` : `${name.slice(0, 3)}/${year}`;
}
