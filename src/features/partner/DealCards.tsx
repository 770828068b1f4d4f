import type { Deal } from '../../../contract/wire';
import { formatCalendarDate } from '../../lib/dates';
import { balanceOf, dealOutcome, dealStatusLabel } from '../../lib/deals';
import { formatReais } from '../../lib/money';
import { formatPercentValue, productLine } from './dealFormat';

/**
 * Every deal as a card, for a phone: what a partner looks for first (the balance and the status)
 * at the top of each, the rest below, nothing wider than the screen.
 */
export function DealCards({ deals }: { deals: readonly Deal[] }) {
  return (
    <ul className="deal-cards" aria-label="Negócios">
      {deals.map((deal, i) => (
        // Deals carry no id: the server's order is stable, so the index is.
        <li key={i} className="deal-card">
          <article aria-labelledby={`deal-${i}`}>
            <h3 id={`deal-${i}`} className="deal-card__event">
              {deal.eventName}
            </h3>
            <p className="deal-card__headline">
              <span className="deal-card__balance">
                Saldo <strong>{formatReais(balanceOf(deal))}</strong>
              </span>
              <span className={`deal-status deal-status--${dealOutcome(deal.status)}`}>
                {dealStatusLabel(deal.status)}
              </span>
            </p>
            <dl className="deal-card__facts">
              <div>
                <dt>Cliente</dt>
                <dd>{deal.clientName}</dd>
              </div>
              <div>
                <dt>Data</dt>
                <dd>
                  {formatCalendarDate(deal.eventDate)} às {deal.eventTime}
                </dd>
              </div>
              <div>
                <dt>Total</dt>
                <dd>{formatReais(deal.total)}</dd>
              </div>
              <div>
                <dt>Comissão</dt>
                <dd>{formatPercentValue(deal.rate)}</dd>
              </div>
              <div>
                <dt>Desconto</dt>
                <dd>{formatPercentValue(deal.discount * 100)}</dd>
              </div>
              <div className="deal-card__products">
                <dt>Produtos</dt>
                <dd>
                  <ul className="deals__products">
                    {deal.products.map((product, j) => (
                      <li key={j}>{productLine(product)}</li>
                    ))}
                  </ul>
                </dd>
              </div>
            </dl>
          </article>
        </li>
      ))}
    </ul>
  );
}
