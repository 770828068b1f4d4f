import './eventNumbers.css';
import { useId, useState } from 'react';
import { parseMediaPath, thumbUrl } from '../../../contract/mediaPath';
import { errorMessage } from '../../api/apiError';
import { mediaSource } from '../../api/mediaSource';
import { downloadFile } from '../../ui/downloadFile';
import { LoadError } from '../../ui/LoadError';
import { LIVE_QUERY } from './dashboardLive';
import { boothNames, count, figureCards } from './eventNumbersText';
import { useGetEventNumbersQuery, useLazyGetEventNumbersCsvQuery } from './insightsApi';
import { NumbersChart } from './NumbersChart';

/** A spreadsheet reads the file as UTF-8 by its byte order mark, which reading the reply as text took off. */
const BOM = '\uFEFF';

/**
 * 'A festa em números' (docs/product.md#the-party-in-numbers): what the party did, for its owner and the team, moving
 * while the dashboard is open during the party (asked again every few seconds, as the printers are).
 */
export function EventNumbers({ eventName }: { eventName: string }) {
  const headingId = useId();
  const { data, isError, refetch } = useGetEventNumbersQuery(eventName, LIVE_QUERY);
  const [fetchCsv, csv] = useLazyGetEventNumbersCsvQuery();
  const [failure, setFailure] = useState<string | null>(null);

  const downloadCsv = async () => {
    setFailure(null);
    try {
      const text = await fetchCsv(eventName).unwrap();
      downloadFile(`${eventName}-numeros.csv`, text.startsWith(BOM) ? text : BOM + text);
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };

  return (
    <section className="event-numbers" aria-labelledby={headingId}>
      <h4 id={headingId}>A festa em números</h4>
      {isError && <LoadError message="Não foi possível ver os números da festa." onRetry={() => void refetch()} />}
      {data && (
        <>
          <dl className="event-numbers__figures">
            {figureCards(data).map((figure) => (
              <div key={figure.label} className="event-numbers__figure">
                <dt>{figure.label}</dt>
                <dd>{count(figure.value)}</dd>
              </div>
            ))}
          </dl>
          {data.booths.length > 0 && (
            <table className="event-numbers__booths">
              <caption>Fotos por cabine</caption>
              <tbody>
                {boothNames(data.booths).map((name, index) => (
                  <tr key={`${data.booths[index].mode} ${data.booths[index].device ?? ''}`}>
                    <th scope="row">{name}</th>
                    <td>{count(data.booths[index].taken)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <h5>Fotos por hora</h5>
          <NumbersChart hours={data.hours} />
          <h5>As mais coletadas</h5>
          {data.top.length === 0 ? (
            <p>Nenhuma foto coletada ainda.</p>
          ) : (
            <ol className="event-numbers__top">
              {data.top.map((photo, index) => {
                const ref = parseMediaPath(photo.url);
                const collects = `${count(photo.collected)} ${photo.collected === 1 ? 'coleta' : 'coletas'}`;
                return (
                  <li key={photo.url}>
                    {ref && (
                      <img
                        src={mediaSource(thumbUrl(ref))}
                        alt={`${index + 1}ª foto mais coletada`}
                        width={96}
                        height={96}
                        loading="lazy"
                      />
                    )}
                    <span>{collects}</span>
                  </li>
                );
              })}
            </ol>
          )}
        </>
      )}
      <button
        type="button"
        className="button button--secondary"
        disabled={csv.isFetching}
        onClick={() => void downloadCsv()}
      >
        Baixar CSV
      </button>
      {failure && <p role="alert">Não foi possível baixar o CSV: {failure}</p>}
    </section>
  );
}
