import { useId, useState, type FormEvent } from 'react';
import { errorMessage } from '../../api/apiError';
import type { EventVisibility } from '../../../contract/wire';
import { useSetEventVisibilityMutation } from './accountApi';
import type { EventName } from '../../../contract/names';

/** The owner's three choices, in the words the owner reads, each with what it means for guests. */
const VISIBILITY_CHOICES: readonly { value: EventVisibility; label: string; explanation: string }[] = [
  { value: 'public', label: 'Público', explanation: 'Aparece na lista de eventos e qualquer pessoa vê as fotos.' },
  {
    value: 'link',
    label: 'Somente com o link',
    explanation:
      'Só quem esteve no evento (abriu o link de uma foto ou usou um pack) ou recebeu o link do evento vê as ' +
      'fotos, sem precisar entrar.',
  },
  {
    value: 'private',
    label: 'Privado',
    explanation:
      'Só quem esteve no evento (abriu o link de uma foto ou usou um pack) vê as fotos, entrando na conta. Ter ' +
      'uma conta não basta.',
  },
];

/** What the owner and the team read of an event's visibility. */
export const VISIBILITY_LABEL = Object.fromEntries(
  VISIBILITY_CHOICES.map((choice) => [choice.value, choice.label]),
) as Record<EventVisibility, string>;

const VISIBILITY_SAVED = 'Visibilidade do evento salva.';

type Outcome = { kind: 'saved' } | { kind: 'failed'; message: string } | null;

/** Who sees the media of one of the owner's events (public, link-only or private), saved on the server. */
export function EventVisibilityControl({
  eventName,
  title,
  visibility,
}: {
  eventName: EventName;
  title?: string;
  visibility: EventVisibility;
}) {
  const [chosen, setChosen] = useState<EventVisibility>(visibility);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [save, { isLoading }] = useSetEventVisibilityMutation();
  const id = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    try {
      await save({ eventName, visibility: chosen }).unwrap();
      setOutcome({ kind: 'saved' });
    } catch (error) {
      setOutcome({ kind: 'failed', message: errorMessage(error) });
    }
  };

  return (
    <form className="visibility" onSubmit={submit}>
      <fieldset className="visibility__choices" disabled={isLoading}>
        <legend>Quem vê as fotos de {title || eventName}</legend>
        {VISIBILITY_CHOICES.map((choice) => (
          <div key={choice.value} className="visibility__choice">
            <input
              type="radio"
              id={`${id}-${choice.value}`}
              name={`${id}-visibility`}
              value={choice.value}
              checked={chosen === choice.value}
              aria-describedby={`${id}-${choice.value}-explanation`}
              onChange={() => {
                setChosen(choice.value);
                setOutcome(null);
              }}
            />
            <label htmlFor={`${id}-${choice.value}`}>{choice.label}</label>
            <span id={`${id}-${choice.value}-explanation`} className="visibility__explanation">
              {choice.explanation}
            </span>
          </div>
        ))}
      </fieldset>
      <button type="submit" className="button" disabled={isLoading}>
        {isLoading ? 'Salvando...' : 'Salvar visibilidade'}
      </button>
      <p role="status" className="visibility__saved">
        {outcome?.kind === 'saved' ? VISIBILITY_SAVED : ''}
      </p>
      {outcome?.kind === 'failed' && (
        <p role="alert" className="visibility__error">
          Não foi possível salvar: {outcome.message}
        </p>
      )}
    </form>
  );
}
