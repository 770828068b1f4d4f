import { useEffect, useId } from 'react';
import { useAppDispatch, useAppSelector } from '../../session';
import './eventNameFlow';
import {
  createRequested,
  eventNameOpened,
  NAME_INVALID,
  NAME_NOT_CHECKED,
  NAME_TAKEN,
  nameTyped,
  retryRequested,
  selectEventNameForm,
  type EventNameState,
} from './eventNameSlice';

function messageOf(state: EventNameState): string {
  switch (state.status) {
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

/**
 * Names the event of one paid order and creates it (SPEC sections 4 and 5), as the order's machine
 * says (eventNameSlice; its effects are the flow's, eventNameFlow.ts).
 */
export function EventNameForm({ orderId }: { orderId: string }) {
  const dispatch = useAppDispatch();
  const state = useAppSelector((root) => selectEventNameForm(root, orderId));
  const inputId = useId();

  useEffect(() => {
    dispatch(eventNameOpened(orderId));
  }, [dispatch, orderId]);

  if (state.status === 'created') return <p role="status">Evento {state.name} criado!</p>;

  const bad = state.status === 'taken' || state.status === 'invalid';
  return (
    <div className="event-name">
      <label className={bad ? 'field field--error' : 'field'} htmlFor={inputId}>
        <span>Nome do evento</span>
        <input
          id={inputId}
          type="text"
          value={state.name}
          maxLength={64}
          autoComplete="off"
          aria-invalid={bad}
          aria-describedby={`${inputId}-message`}
          disabled={state.status === 'creating'}
          onChange={(e) => dispatch(nameTyped(orderId, e.target.value))}
        />
        <span id={`${inputId}-message`} className="field__message" role="status">
          {messageOf(state)}
        </span>
      </label>
      {state.status === 'failed' && (
        <button type="button" className="link-button" onClick={() => dispatch(retryRequested(orderId))}>
          Tentar novamente
        </button>
      )}
      <button
        type="button"
        className="button"
        disabled={state.status !== 'available' && state.status !== 'createFailed'}
        onClick={() => dispatch(createRequested(orderId))}
      >
        Criar meu Evento
      </button>
    </div>
  );
}
