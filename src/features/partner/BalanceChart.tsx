import { useId } from 'react';
import { monthLabel, type MonthBalance } from '../../lib/deals';
import { formatReais } from '../../lib/money';

const SLOT = 64;
const BAR = 36;
const HEIGHT = 220;
const TOP = 24;
const BASELINE = HEIGHT - 28;
const COMPACT = new Intl.NumberFormat('pt-BR', { notation: 'compact', maximumFractionDigits: 1 });

/** What one bar says, aloud and on hover. */
function barLabel(month: MonthBalance): string {
  return (
    `${monthLabel(month.month, 'long')}: ${formatReais(month.paid)} pagos, ${formatReais(month.pending)} a ` + `receber`
  );
}

/**
 * The balance per month of the event, as stacked bars (paid below, still to receive above):
 * an SVG drawn here, each bar named for assistive technology and titled for a pointer, and
 * the same numbers in a table that only screen readers see.
 */
export function BalanceChart({ months }: { months: readonly MonthBalance[] }) {
  const captionId = useId();
  if (months.length === 0) return null;
  const max = Math.max(1, ...months.map((m) => m.paid + m.pending));
  const scale = (amount: number) => (amount / max) * (BASELINE - TOP);
  const width = months.length * SLOT;

  return (
    <figure className="deals-chart" aria-labelledby={captionId}>
      <figcaption id={captionId}>Saldo por mês do evento</figcaption>
      <p className="deals-chart__note">Pela data de cada evento; negócios recusados não entram.</p>
      {/* It scrolls sideways on a phone: focusable, so the keyboard can scroll it too. */}
      <div className="deals-chart__scroll" role="region" aria-labelledby={captionId} tabIndex={0}>
        <svg
          className="deals-chart__svg"
          viewBox={`0 0 ${width} ${HEIGHT}`}
          style={{ minWidth: months.length * 48, maxWidth: width * 1.5 }}
          role="group"
          aria-labelledby={captionId}
        >
          <line className="deals-chart__axis" x1={0} x2={width} y1={BASELINE} y2={BASELINE} />
          {months.map((month, i) => {
            const x = i * SLOT + (SLOT - BAR) / 2;
            const paid = scale(month.paid);
            const pending = scale(month.pending);
            const label = barLabel(month);
            return (
              <g key={month.month} role="img" aria-label={label}>
                <title>{label}</title>
                <rect className="deals-chart__paid" x={x} y={BASELINE - paid} width={BAR} height={paid} />
                <rect
                  className="deals-chart__pending"
                  x={x}
                  y={BASELINE - paid - pending}
                  width={BAR}
                  height={pending}
                />
                <text className="deals-chart__value" x={x + BAR / 2} y={BASELINE - paid - pending - 6}>
                  {COMPACT.format(month.paid + month.pending)}
                </text>
                <text className="deals-chart__label" x={x + BAR / 2} y={HEIGHT - 8}>
                  {monthLabel(month.month)}
                </text>
              </g>
            );
          })}
        </svg>
      </div>
      <ul className="deals-chart__legend" aria-hidden="true">
        <li>
          <span className="deals-chart__swatch deals-chart__swatch--paid" />
          Pago
        </li>
        <li>
          <span className="deals-chart__swatch deals-chart__swatch--pending" />A receber
        </li>
      </ul>
      <table className="visually-hidden">
        <caption>Saldo por mês do evento, em reais</caption>
        <thead>
          <tr>
            <th scope="col">Mês</th>
            <th scope="col">Pago</th>
            <th scope="col">A receber</th>
          </tr>
        </thead>
        <tbody>
          {months.map((month) => (
            <tr key={month.month}>
              <th scope="row">{monthLabel(month.month, 'long')}</th>
              <td>{formatReais(month.paid)}</td>
              <td>{formatReais(month.pending)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
