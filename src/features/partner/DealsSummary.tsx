import type { DealsSummary as Summary } from '../../lib/deals';
import { formatReais } from '../../lib/money';

function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** What a partner opens the deals to learn: what was earned, what is still to come, and how many of each. */
export function DealsSummary({ summary }: { summary: Summary }) {
  return (
    <section aria-labelledby="deals-summary-title">
      <h2 id="deals-summary-title" className="visually-hidden">
        Resumo
      </h2>
      <dl className="deals__summary">
        <div>
          <dt>Ganhos</dt>
          <dd>
            {formatReais(summary.earned)} <small>{count(summary.paid, 'negócio pago', 'negócios pagos')}</small>
          </dd>
        </div>
        <div>
          <dt>A receber</dt>
          <dd>
            {formatReais(summary.receivable)}{' '}
            <small>{count(summary.pending, 'aguardando pagamento', 'aguardando pagamento')}</small>
          </dd>
        </div>
        <div>
          <dt>Negócios</dt>
          <dd>
            {summary.count} <small>{count(summary.refused, 'recusado', 'recusados')}</small>
          </dd>
        </div>
      </dl>
    </section>
  );
}
