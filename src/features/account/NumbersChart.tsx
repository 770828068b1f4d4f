import { useId } from 'react';
import type { EventNumbersReply } from '../../../contract/wire';
import { count, hourLabel, hourText } from './eventNumbersText';

const BAR = 28;
const GAP = 8;
const HEIGHT = 120;
const LABEL = 18;

/**
 * The night hour by hour: a bar per hour of the photos taken, drawn in SVG (no chart library on a phone), with a
 * title and a description for a screen reader, and the same figures as a table for anyone who wants them.
 */
export function NumbersChart({ hours }: { hours: EventNumbersReply['hours'] }) {
  const titleId = useId();
  const descriptionId = useId();
  if (hours.length === 0) return <p>Ainda não há fotos nesta festa.</p>;
  const highest = Math.max(1, ...hours.map((hour) => hour.taken));
  const busiest = hours.reduce((best, hour) => (hour.taken > best.taken ? hour : best), hours[0]);
  const width = hours.length * (BAR + GAP);
  return (
    <figure className="event-numbers__chart">
      <div className="event-numbers__scroll">
        <svg
          role="img"
          aria-labelledby={titleId}
          aria-describedby={descriptionId}
          width={width}
          height={HEIGHT + LABEL}
          viewBox={`0 0 ${width} ${HEIGHT + LABEL}`}
        >
          <title id={titleId}>Fotos tiradas por hora</title>
          <desc id={descriptionId}>
            {`De ${hourText(hours[0].hour)} a ${hourText(hours[hours.length - 1].hour)}; ` +
              `a hora com mais fotos: ${hourText(busiest.hour)}, ${count(busiest.taken)}.`}
          </desc>
          {hours.map((hour, index) => {
            const barHeight = Math.round((hour.taken / highest) * (HEIGHT - LABEL));
            const x = index * (BAR + GAP);
            return (
              <g key={hour.hour}>
                <rect className="event-numbers__bar" x={x} y={HEIGHT - barHeight} width={BAR} height={barHeight} />
                {hour.taken > 0 && (
                  <text x={x + BAR / 2} y={HEIGHT - barHeight - 4} textAnchor="middle">
                    {count(hour.taken)}
                  </text>
                )}
                <text x={x + BAR / 2} y={HEIGHT + LABEL - 4} textAnchor="middle">
                  {hourLabel(hour.hour)}
                </text>
              </g>
            );
          })}
        </svg>
      </div>
      <details>
        <summary>Ver por hora em tabela</summary>
        <table>
          <caption className="visually-hidden">Fotos tiradas e coletadas por hora</caption>
          <thead>
            <tr>
              <th scope="col">Hora</th>
              <th scope="col">Fotos tiradas</th>
              <th scope="col">Fotos coletadas</th>
            </tr>
          </thead>
          <tbody>
            {hours.map((hour) => (
              <tr key={hour.hour}>
                <th scope="row">{hourText(hour.hour)}</th>
                <td>{count(hour.taken)}</td>
                <td>{count(hour.collected)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
