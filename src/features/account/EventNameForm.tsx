import { useEffect, useId, useReducer } from 'react';
import { errorMessage, isApiErrorBody } from '../../api/apiError';
import { eventVisited, useAppDispatch } from '../../session';
import { reloadPage } from '../../ui/pageReload';
import { useCreateEventMutation, useLazyCheckEventNameQuery } from './accountApi';
import {
  checkFailed,
  createFailed,
  createRequested,
  createSucceeded,
  eventNameSlice,
  initialEventNameState,
  NAME_CHECK_DEBOUNCE_MS,
  NAME_INVALID,
  NAME_TAKEN,
  nameChecked,
  nameTyped,
  typingPaused,
} from './eventNameSlice';

/** Names the event of one paid order and creates it (SPEC sections 4 and 5). */
export function EventNameForm({ orderId }: { orderId: string }) {
  const [state, dispatch] = useReducer(eventNameSlice.reducer, initialEventNameState);
  const [check] = useLazyCheckEventNameQuery();
  const [createEvent] = useCreateEventMutation();
  const appDispatch = useAppDispatch();
  const inputId = useId();

  // 1 s after the last keystroke the name is checked.
  useEffect(() => {
    if (state.status !== 'waiting') return;
    const timer = setTimeout(() => dispatch(typingPaused(state.name)), NAME_CHECK_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [state]);

  useEffect(() => {
    if (state.status !== 'checking') return;
    const { name } = state;
    check(name)
      .unwrap()
      .then((answer) => dispatch(nameChecked({ name, answer })))
      .catch(() => dispatch(checkFailed(name)));
  }, [state, check]);

  const create = async () => {
    dispatch(createRequested());
    try {
      await createEvent({ name: state.name, orderId }).unwrap();
      dispatch(createSucceeded());
      // The new event is the owner's: it shows in /eventos on this device at once.
      appDispatch(eventVisited(state.name));
      reloadPage();
    } catch (error) {
      const taken = isApiErrorBody((error as { data?: unknown }).data) && (error as { data: { error: string } }).data.error === 'name_taken';
      dispatch(createFailed({ error: errorMessage(error), taken }));
    }
  };

  if (state.status === 'created') return <p role="status">Evento {state.name} criado!</p>;

  const message =
    state.status === 'taken' ? NAME_TAKEN : state.status === 'invalid' ? NAME_INVALID : state.status === 'available' ? (state.error ?? 'OK') : state.status === 'checking' ? 'Verificando...' : '';
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
          onChange={(e) => dispatch(nameTyped(e.target.value))}
        />
        <span id={`${inputId}-message`} className="field__message" role="status">
          {message}
        </span>
      </label>
      <button type="button" className="button" disabled={state.status !== 'available'} onClick={() => void create()}>
        Criar meu Evento
      </button>
    </div>
  );
}
