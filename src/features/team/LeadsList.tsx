import type { StoredLead } from '../../../contract/wire';
import { toCsv } from '../../lib/csv';
import { formatCalendarDate, formatMoment } from '../../lib/dates';
import { downloadFile } from '../../ui/downloadFile';
import { LoadError } from '../../ui/LoadError';
import { useGetLeadsQuery } from './leadsApi';

const COLUMNS: [keyof StoredLead, string][] = [
  ['createdAt', 'Recebido em'],
  ['nome', 'Nome'],
  ['evento', 'Evento'],
  ['data', 'Data do evento'],
  ['email', 'Email'],
  ['telefone', 'Telefone'],
  ['instagram', 'Instagram'],
  ['tiktok', 'TikTok'],
  ['indicacao', 'Como nos conheceu?'],
  ['comentarios', 'Comentários'],
];

/** A cell as a person reads it: dates the Brazilian way. */
function cell(lead: StoredLead, key: keyof StoredLead): string {
  if (key === 'createdAt') return formatMoment(lead.createdAt);
  if (key === 'data') return formatCalendarDate(lead.data);
  return String(lead[key]);
}

export function leadsCsv(leads: readonly StoredLead[]): string {
  return toCsv(
    COLUMNS.map(([, label]) => label),
    leads.map((lead) => COLUMNS.map(([key]) => cell(lead, key))),
  );
}

/** The team's list of contact leads, newest first, with a CSV export. */
export function LeadsList() {
  const { data: leads, isLoading, isError, refetch } = useGetLeadsQuery();
  return (
    <section aria-labelledby="leads-title" className="leads">
      <h2 id="leads-title">Contatos recebidos</h2>
      {isLoading && <p role="status">Carregando...</p>}
      {isError && <LoadError message="Não foi possível carregar os contatos." onRetry={() => void refetch()} />}
      {leads && leads.length === 0 && <p>Nenhum contato ainda.</p>}
      {leads && leads.length > 0 && (
        <>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => downloadFile('contatos.csv', leadsCsv(leads))}
          >
            Exportar CSV
          </button>
          {/* It scrolls sideways on a phone: focusable, so the keyboard can scroll it too. */}
          <div className="leads__table" role="region" aria-labelledby="leads-title" tabIndex={0}>
            <table>
              <thead>
                <tr>
                  {COLUMNS.map(([key, label]) => (
                    <th key={key} scope="col">
                      {label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {leads.map((lead) => (
                  <tr key={lead.id}>
                    {COLUMNS.map(([key]) => (
                      <td key={key}>{cell(lead, key)}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
