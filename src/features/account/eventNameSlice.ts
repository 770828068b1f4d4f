import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { NameCheckReply } from '../../../contract/wire';
import { rootReducer } from '../../session';
// Its own entry: the landing page's code does not carry it (.dependency-cruiser.cjs).
import { nameCheck, type NameCheckState } from '../../session/nameCheck';

/**
 * Naming the event of a paid order and creating it (SPEC sections 4 and 5) as a state machine, one
 * per order: the dashboard shows a form for each order still without its event. The name is
 * checked only when longer than 3 characters, 1 second after the last keystroke (yes: taken, no:
 * available, anything else: invalid characters); only an available name can be created.
 */
export type EventNameVerdict = 'taken' | 'available' | 'invalid';

export type EventNameState =
  | NameCheckState<EventNameVerdict>
  | { status: 'creating'; name: string }
  | { status: 'created'; name: string }
  /** Not created, for a reason other than the name (its message): Criar can be tried again. */
  | { status: 'createFailed'; name: string; error: string };

export const eventNameCheck = nameCheck<NameCheckReply, EventNameVerdict>({
  minLength: 4,
  debounceMs: 1_000,
  verdictOf: (reply) => (reply === 'yes' ? 'taken' : reply === 'no' ? 'available' : 'invalid'),
});

export const initialEventNameState = eventNameCheck.initial as EventNameState;

/** The forms, by order id. */
type EventNameForms = Record<string, EventNameState>;

/** A transition of one order's form, as a case reducer of the forms. */
function onForm<P extends { orderId: string }>(transition: (form: EventNameState, payload: P) => EventNameState) {
  return (forms: EventNameForms, { payload }: PayloadAction<P>) => {
    const form = forms[payload.orderId] ?? initialEventNameState;
    const next = transition(form, payload);
    if (next !== form) forms[payload.orderId] = next;
  };
}

const order = (orderId: string) => ({ payload: { orderId } });
const orderName = (orderId: string, name: string) => ({ payload: { orderId, name } });

const eventNameMachine = createSlice({
  name: 'eventName',
  initialState: {} as EventNameForms,
  reducers: {
    /** The order's form is shown: it starts afresh, unless its event is being created (the call decides). */
    eventNameOpened: {
      reducer: onForm((form) => (form.status === 'creating' ? form : initialEventNameState)),
      prepare: order,
    },
    nameTyped: {
      reducer: onForm<{ orderId: string; name: string }>((form, { name }) =>
        form.status === 'creating' || form.status === 'created' ? form : eventNameCheck.typed(name),
      ),
      prepare: orderName,
    },
    /** The debounce of the name it was started for. */
    typingPaused: {
      reducer: onForm<{ orderId: string; name: string }>((form, { name }) => eventNameCheck.paused(form, name)),
      prepare: orderName,
    },
    nameChecked: {
      reducer: onForm<{ orderId: string; name: string; reply: NameCheckReply }>((form, { name, reply }) => eventNameCheck.answered(form, name, reply)),
      prepare: (orderId: string, name: string, reply: NameCheckReply) => ({ payload: { orderId, name, reply } }),
    },
    checkFailed: {
      reducer: onForm<{ orderId: string; name: string }>((form, { name }) => eventNameCheck.checkFailed(form, name)),
      prepare: orderName,
    },
    retryRequested: {
      reducer: onForm((form) => eventNameCheck.retried(form)),
      prepare: order,
    },
    createRequested: {
      reducer: onForm((form) => (form.status === 'available' || form.status === 'createFailed' ? { status: 'creating', name: form.name } : form)),
      prepare: order,
    },
    createSucceeded: {
      reducer: onForm((form) => (form.status === 'creating' ? { status: 'created', name: form.name } : form)),
      prepare: order,
    },
    /** Someone took the name meanwhile (`taken`), or the event could not be created (its message). */
    createFailed: {
      reducer: onForm<{ orderId: string; error: string; taken: boolean }>((form, { error, taken }) => {
        if (form.status !== 'creating') return form;
        return taken ? { status: 'taken', name: form.name } : { status: 'createFailed', name: form.name, error };
      }),
      prepare: (orderId: string, failure: { error: string; taken: boolean }) => ({ payload: { orderId, ...failure } }),
    },
  },
  selectors: {
    selectEventNameForm: (forms, orderId: string): EventNameState => forms[orderId] ?? initialEventNameState,
  },
});

declare module '../../session' {
  interface LazyLoadedSlices extends WithSlice<typeof eventNameMachine> {}
}

/** Injected into the store when this feature's code loads. */
export const eventNameSlice = eventNameMachine.injectInto(rootReducer);

export const { eventNameOpened, nameTyped, typingPaused, nameChecked, checkFailed, retryRequested, createRequested, createSucceeded, createFailed } =
  eventNameSlice.actions;
export const { selectEventNameForm } = eventNameSlice.selectors;

export const NAME_TAKEN = 'Nome já existe';
export const NAME_INVALID = 'Use somente letras, números, hífens (-), e underlines (_)';
export const NAME_NOT_CHECKED = 'Não foi possível verificar o nome.';
