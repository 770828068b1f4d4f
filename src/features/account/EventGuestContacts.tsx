import { useId, useState } from 'react';
import {
  CONTACT_RETENTION_CHOICES,
  DEFAULT_CONTACT_RETENTION,
  type ContactRetentionDays,
} from '../../../contract/guestContact';
import { errorMessage } from '../../api/apiError';
import { formatMoment } from '../../lib/dates';
import { downloadFile } from '../../ui/downloadFile';
import { LoadError } from '../../ui/LoadError';
import {
  contactAddress,
  contactsFileName,
  eventContactsCsv,
  contactListsApi,
  useGetEventContactsQuery,
  useSetEventContactsMutation,
} from '../guestContacts';
import { LIVE_QUERY } from './dashboardLive';

const counted = (n: number) => `${n.toLocaleString('pt-BR')} ${n === 1 ? 'contato deixado' : 'contatos deixados'}`;

/**
 * 'Contatos dos convidados' in the owner's (and the team's) hands (docs/privacy.md#guests-contacts):
 * off by default; on, the collect and face pages offer 'Quero receber as fotos'. The list follows
 * the party while it is on, and 'Baixar CSV' hands it to a spreadsheet.
 */
export function EventGuestContacts({ eventName }: { eventName: string }) {
  const headingId = useId();
  // Followed while it is on: guests leave contacts all night. Off, nothing moves.
  const on = contactListsApi.endpoints.getEventContacts.useQueryState(eventName).data?.enabled === true;
  const { data, isError, refetch } = useGetEventContactsQuery(eventName, on ? LIVE_QUERY : { pollingInterval: 0 });
  const [save, saving] = useSetEventContactsMutation();
  const [failure, setFailure] = useState<string | null>(null);

  const change = async (enabled: boolean, days: ContactRetentionDays) => {
    setFailure(null);
    try {
      await save({ eventName, enabled, days }).unwrap();
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };
  const days = data?.days ?? DEFAULT_CONTACT_RETENTION;

  return (
    <section className="event-contacts" aria-labelledby={headingId}>
      <h4 id={headingId}>Contatos dos convidados</h4>
      <p>
        Ligado, quem coleta uma foto ou procura as suas fotos pelo rosto pode deixar nome e WhatsApp ou e-mail para
        receber as fotos, aceitando um texto que diz para que serve, por quanto tempo fica guardado e como retirar
        (LGPD). Desligado, nada é perguntado.
      </p>
      {isError && <LoadError message="Não foi possível ver os contatos." onRetry={() => void refetch()} />}
      {data && (
        <div className="event-contacts__settings">
          <label className="event-faces__switch">
            <input
              type="checkbox"
              role="switch"
              checked={data.enabled}
              disabled={saving.isLoading}
              onChange={(event) => void change(event.target.checked, days)}
            />
            Pedir contato aos convidados {data.enabled ? '(ligado)' : '(desligado)'}
          </label>
          <label className="field">
            <span className="field__label">Guardar cada contato por</span>
            <select
              value={days}
              disabled={saving.isLoading}
              onChange={(event) => void change(data.enabled, Number(event.target.value) as ContactRetentionDays)}
            >
              {CONTACT_RETENTION_CHOICES.map((choice) => (
                <option key={choice} value={choice}>
                  {choice} dias
                </option>
              ))}
            </select>
          </label>
        </div>
      )}
      {failure && <p role="alert">Não foi possível mudar os contatos: {failure}</p>}
      <p role="status">{data ? counted(data.contacts.length) : ''}</p>
      {data && data.contacts.length > 0 && (
        <>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => downloadFile(contactsFileName(eventName), eventContactsCsv(data.contacts))}
          >
            Baixar CSV
          </button>
          {/* It scrolls sideways on a phone: focusable, so the keyboard can scroll it too. */}
          <div className="leads__table" role="region" aria-label="Lista de contatos" tabIndex={0}>
            <table>
              <thead>
                <tr>
                  <th scope="col">Nome</th>
                  <th scope="col">Contato</th>
                  <th scope="col">Deixado em</th>
                </tr>
              </thead>
              <tbody>
                {data.contacts.map((contact) => (
                  <tr key={`${contact.leftAt}-${contact.name}-${contactAddress(contact)}`}>
                    <td>{contact.name}</td>
                    <td>{contactAddress(contact)}</td>
                    <td>{formatMoment(contact.leftAt)}</td>
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
