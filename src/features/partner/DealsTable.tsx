import type { Deal } from '../../../contract/wire';
import { formatCalendarDate } from '../../lib/dates';
import { balanceOf, dealOutcome, dealStatusLabel } from '../../lib/deals';
import { formatReais } from '../../lib/money';
import { formatPercentValue, productLine } from './dealFormat';

const COLUMNS = [
  'Evento',
  'Cliente',
  'Data',
  'Horário',
  'Produtos',
  'Total',
  'Comissão',
  'Desconto',
  'Saldo',
  'Status',
];
const NUMERIC = new Set(['Total', 'Comissão', 'Desconto', 'Saldo']);

/** Every deal, as the server lists them (newest order first), for a computer (DealCards on a phone). */
export function DealsTable({ deals }: { deals: readonly Deal[] }) {
  return (
    // It scrolls sideways in a narrow window: focusable, so the keyboard can scroll it too.
    <div className="deals__table" role="region" aria-labelledby="deals-table-title" tabIndex={0}>
      <table>
        <caption id="deals-table-title" className="visually-hidden">
          Negócios
        </caption>
        <thead>
          <tr>
            {COLUMNS.map((column) => (
              <th key={column} scope="col" className={NUMERIC.has(column) ? 'deals__number' : undefined}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {deals.map((deal, i) => (
            // Deals carry no id: the server's order is stable, so the index is.
            <tr key={i}>
              <th scope="row">{deal.eventName}</th>
              <td>{deal.clientName}</td>
              <td>{formatCalendarDate(deal.eventDate)}</td>
              <td>{deal.eventTime}</td>
              <td>
                <ul className="deals__products">
                  {deal.products.map((product, j) => (
                    <li key={j}>{productLine(product)}</li>
                  ))}
                </ul>
              </td>
              <td className="deals__number">{formatReais(deal.total)}</td>
              <td className="deals__number">{formatPercentValue(deal.rate)}</td>
              <td className="deals__number">{formatPercentValue(deal.discount * 100)}</td>
              <td className="deals__number">{formatReais(balanceOf(deal))}</td>
              <td>
                <span className={`deal-status deal-status--${dealOutcome(deal.status)}`}>
                  {dealStatusLabel(deal.status)}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
