import { useEffect, useId } from 'react';
import { EVENT_QUERY } from '../../../contract/eventAddress';
import { EVENT_TITLE_MAX_LENGTH, isEventTitle } from '../../../contract/eventTitle';
import { ROUTES, withQuery } from '../../../contract/routePaths';
import { useAppDispatch, useAppSelector } from '../../session';
import './eventNameFlow';
import {
  createRequested,
  eventNameOpened,
  LINK_TOO_SHORT,
  linkEditOpened,
  NAME_INVALID,
  NAME_NOT_CHECKED,
  NAME_TAKEN,
  nameTyped,
  retryRequested,
  selectEventDraft,
  selectEventNameForm,
  suggestionTaken,
  TITLE_LINK_TOO_SHORT,
  TITLE_MAKES_NO_LINK,
  titleTyped,
  type EventDraft,
  type EventNameState,
} from './eventNameSlice';

function messageOf(state: EventNameState, draft: EventDraft): string {
  switch (state.status) {
    // Too short to be checked: without a word the button would just stay off.
    case 'empty':
      if (draft.linkEdited) return LINK_TOO_SHORT;
      return draft.title.trim() === '' ? '' : TITLE_MAKES_NO_LINK;
    case 'short':
      return draft.linkEdited ? LINK_TOO_SHORT : TITLE_LINK_TOO_SHORT;
    case 'taken':
      return NAME_TAKEN;
    case 'invalid':
      return NAME_INVALID;
    case 'available':
      return 'OK';
    case 'checking':
      return 'Verificando...';
    case 'failed':
      return NAME_NOT_CHECKED;
    case 'createFailed':
      return state.error;
    default:
      return '';
  }
}

/** The event's address as guests will open it, for the owner to see what the name makes. */
function eventLink(name: string): string {
  return `${window.location.host}${withQuery(ROUTES.event, { [EVENT_QUERY]: name })}`;
}

/**
 * Names the event of one paid order and creates it (docs/product.md#event-dashboard), as the order's machine
 * says (eventNameSlice; its effects are the flow's, eventNameFlow.ts): the owner types the title,
 * sees the link it makes, may edit the link, and is offered a free one when it is taken.
 */
export function EventNameForm({ orderId }: { orderId: string }) {
  const dispatch = useAppDispatch();
  const state = useAppSelector((root) => selectEventNameForm(root, orderId));
  const draft = useAppSelector((root) => selectEventDraft(root, orderId));
  const titleId = useId();
  const linkId = useId();
  const messageId = `${titleId}-message`;

  useEffect(() => {
    dispatch(eventNameOpened(orderId));
  }, [dispatch, orderId]);

  if (state.status === 'created') return <p role="status">Evento {draft.title.trim() || state.name} criado!</p>;

  const bad = state.status === 'taken' || state.status === 'invalid';
  const creating = state.status === 'creating';
  const message = (
    <span id={messageId} className="field__message" role="status">
      {messageOf(state, draft)}
    </span>
  );
  const suggestion = state.status === 'taken' && draft.suggestion?.for === state.name ? draft.suggestion.name : null;
  return (
    <div className="event-name">
      <label className={bad && !draft.linkEdited ? 'field field--error' : 'field'} htmlFor={titleId}>
        <span>Nome do evento</span>
        <input
          id={titleId}
          type="text"
          value={draft.title}
          maxLength={EVENT_TITLE_MAX_LENGTH}
          autoComplete="off"
          placeholder="Ex.: Aniversário da Ana"
          aria-invalid={bad && !draft.linkEdited}
          aria-describedby={draft.linkEdited ? undefined : messageId}
          disabled={creating}
          onChange={(e) => dispatch(titleTyped(orderId, e.target.value))}
        />
      </label>
      {draft.linkEdited ? (
        <label className={bad ? 'field field--error' : 'field'} htmlFor={linkId}>
          <span>Link do evento</span>
          <input
            id={linkId}
            type="text"
            value={state.name}
            maxLength={64}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            aria-invalid={bad}
            aria-describedby={messageId}
            disabled={creating}
            onChange={(e) => dispatch(nameTyped(orderId, e.target.value))}
          />
        </label>
      ) : (
        // Always there: a title that makes no link (emoji, symbols) or a short one is mended here.
        <p className="event-name__link">
          <span>Link do evento: </span>
          {state.name !== '' && (
            <>
              <code>{eventLink(state.name)}</code>{' '}
            </>
          )}
          <button
            type="button"
            className="link-button"
            disabled={creating}
            onClick={() => dispatch(linkEditOpened(orderId))}
          >
            Editar link
          </button>
        </p>
      )}
      {/* What the check says of the link, under it and outside its label (not part of the field's name); the
          title's field is described by it too. */}
      <div className={bad ? 'field field--error' : 'field'}>{message}</div>
      {suggestion && (
        <p className="event-name__suggestion">
          Este link está livre: <code>{eventLink(suggestion)}</code>{' '}
          <button type="button" className="button button--secondary" onClick={() => dispatch(suggestionTaken(orderId))}>
            Usar {suggestion}
          </button>
        </p>
      )}
      {state.status === 'failed' && (
        <button type="button" className="link-button" onClick={() => dispatch(retryRequested(orderId))}>
          Tentar novamente
        </button>
      )}
      <button
        type="button"
        className="button"
        disabled={(state.status !== 'available' && state.status !== 'createFailed') || !isEventTitle(draft.title)}
        onClick={() => dispatch(createRequested(orderId))}
      >
        Criar meu Evento
      </button>
    </div>
  );
}
