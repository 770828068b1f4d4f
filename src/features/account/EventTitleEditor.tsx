import { useId, useState, type FormEvent } from 'react';
import { EVENT_TITLE_MAX_LENGTH, isEventTitle } from '../../../contract/eventTitle';
import { errorMessage } from '../../api/apiError';
import { useSetEventTitleMutation } from './accountApi';
import type { EventName } from '../../../contract/names';

type Outcome = { kind: 'saved' } | { kind: 'failed'; message: string } | null;

/**
 * The created event's title, what guests read on the wall, the lists and the pages: its owner
 * changes it here; the link (the name) stays.
 */
export function EventTitleEditor({ eventName, title }: { eventName: EventName; title: string }) {
  const [editing, setEditing] = useState(false);
  const [typed, setTyped] = useState(title);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [save, { isLoading }] = useSetEventTitleMutation();
  const id = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    try {
      await save({ eventName, title: typed }).unwrap();
      setOutcome({ kind: 'saved' });
      setEditing(false);
    } catch (error) {
      setOutcome({ kind: 'failed', message: errorMessage(error) });
    }
  };

  const status = (
    <>
      <p role="status" className="event-title__saved">
        {outcome?.kind === 'saved' ? 'Nome do evento salvo.' : ''}
      </p>
      {outcome?.kind === 'failed' && (
        <p role="alert" className="visibility__error">
          Não foi possível salvar: {outcome.message}
        </p>
      )}
    </>
  );

  if (!editing) {
    return (
      <div className="event-title">
        <button
          type="button"
          className="link-button"
          onClick={() => {
            setTyped(title);
            setOutcome(null);
            setEditing(true);
          }}
        >
          Mudar o nome do evento
        </button>
        {status}
      </div>
    );
  }
  return (
    <form className="event-title" onSubmit={submit}>
      <label className="field" htmlFor={id}>
        <span>Novo nome do evento</span>
        <input
          id={id}
          type="text"
          value={typed}
          maxLength={EVENT_TITLE_MAX_LENGTH}
          autoComplete="off"
          autoFocus
          onChange={(e) => setTyped(e.target.value)}
        />
      </label>
      <div className="event-title__actions">
        <button type="submit" className="button" disabled={isLoading || !isEventTitle(typed)}>
          Salvar
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={isLoading}
          onClick={() => setEditing(false)}
        >
          Cancelar
        </button>
      </div>
      {status}
    </form>
  );
}
