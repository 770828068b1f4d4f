import { useId, useState, type FormEvent } from 'react';
import type { TeamEvent } from '../../../contract/wire';
import { formatOrderDate } from '../../lib/orderFormat';
import { LoadError } from '../../ui/LoadError';
import { EventLink } from '../events';
import { useLoadTeamEventsQuery } from './accountApi';
import { CreatedEventTools } from './CreatedEventTools';
import { VISIBILITY_LABEL } from './EventVisibilityControl';

const mediaCount = (media: number) =>
  media === 1 ? '1 foto ou vídeo' : `${media.toLocaleString('pt-BR')} fotos e vídeos`;

function TeamEventItem({ event, open, onToggle }: { event: TeamEvent; open: boolean; onToggle: () => void }) {
  const titleId = useId();
  const toolsId = useId();
  return (
    <li className="dashboard__item" aria-labelledby={titleId}>
      <h3 id={titleId}>{event.title || event.name}</h3>
      <p>
        {event.name} · {VISIBILITY_LABEL[event.visibility]} ·{' '}
        {event.ownerEmail ? `de ${event.ownerEmail}` : 'sem conta de cliente'} · criado em{' '}
        {formatOrderDate(event.createdAt)} · {mediaCount(event.media)}
      </p>
      {event.suspended && (
        <p role="note" className="dashboard__suspended">
          Evento suspenso: o pagamento foi estornado ou contestado. Só a equipe abre as fotos.
        </p>
      )}
      <div className="orders__actions">
        <EventLink eventName={event.name} displayTitle={event.title || undefined} className="button button--secondary">
          Ver o evento
        </EventLink>
        <button
          type="button"
          className="button"
          aria-expanded={open}
          aria-controls={toolsId}
          aria-describedby={titleId}
          onClick={onToggle}
        >
          Telão e impressão
        </button>
      </div>
      {/* Only the open event asks for its wall link and polls its printers. */}
      <div id={toolsId} hidden={!open}>
        {open && <CreatedEventTools eventName={event.name} title={event.title} visibility={event.visibility} />}
      </div>
    </li>
  );
}

/**
 * Every event, for the team: newest first, found by name, title or the owner's email;
 * each opens what its owner has on the dashboard (who sees it, its wall, its printers), since the
 * team runs the booths and the screens at the party.
 */
export function TeamEventsList() {
  const headingId = useId();
  const [draft, setDraft] = useState('');
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState<string | null>(null);
  const { data: events, isFetching, isError, refetch } = useLoadTeamEventsQuery(search);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSearch(draft.trim());
  };

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>Eventos da equipe</h2>
      <form role="search" className="team-events__search" onSubmit={submit}>
        <label htmlFor={`${headingId}-busca`}>Buscar por nome, título ou e-mail do cliente</label>
        <div className="team-events__row">
          <input
            id={`${headingId}-busca`}
            type="search"
            value={draft}
            maxLength={100}
            onChange={(event) => setDraft(event.target.value)}
          />
          <button type="submit" className="button">
            Buscar
          </button>
        </div>
      </form>
      {isError ? (
        <LoadError message="Não foi possível carregar os eventos." onRetry={() => void refetch()} />
      ) : !events ? (
        <p role="status">Carregando...</p>
      ) : (
        <>
          <p role="status" className="team-events__count">
            {isFetching
              ? 'Carregando...'
              : events.length === 0
                ? search
                  ? `Nenhum evento encontrado para “${search}”.`
                  : 'Nenhum evento ainda.'
                : search
                  ? `${events.length === 1 ? '1 evento encontrado' : `${events.length} eventos encontrados`} ` +
                    `para “${search}”.`
                  : 'Os eventos mais recentes primeiro. Busque para achar um mais antigo.'}
          </p>
          <ul className="dashboard" aria-labelledby={headingId}>
            {events.map((event) => (
              <TeamEventItem
                key={event.name}
                event={event}
                open={open === event.name}
                onToggle={() => setOpen(open === event.name ? null : event.name)}
              />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
