import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { nameFromTitle } from '../../../contract/eventTitle';
import type { NameCheckReply } from '../../../contract/wire';
import { rootReducer } from '../../session';
// Its own entry: the landing page's code does not carry it (.dependency-cruiser.cjs).
import { nameCheck, type NameCheckState } from '../../session/nameCheck';

/**
 * Naming the event of a paid order and creating it (docs/product.md#event-dashboard) as a state machine, one
 * per order: the dashboard shows a form for each order still without its event. The owner types
 * the title people will read ('Aniversário da Convidada'); the name, the event's key in its link,
 * is derived from it (contract/eventTitle.ts) until the owner edits the link by hand. The name is
 * checked only when longer than 3 characters, 1 second after the last keystroke (yes: taken, no:
 * available, anything else: invalid characters); only an available name can be created. A taken
 * name gets a free variant suggested ('-2').
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

/** What goes with an order's name check: the title typed, and how the link came about. */
export interface EventDraft {
  title: string;
  /** The owner opened 'Editar link': the name is theirs, no longer the title's. */
  linkEdited: boolean;
  /** A free variant of a taken name, and the name it is for. */
  suggestion: { for: string; name: string } | null;
}

export const initialEventDraft: EventDraft = { title: '', linkEdited: false, suggestion: null };

/** The forms' name checks and their drafts, by order id. */
interface EventNameForms {
  forms: Record<string, EventNameState>;
  drafts: Record<string, EventDraft>;
}

/** A transition of one order's form, as a case reducer of the forms. */
function onForm<P extends { orderId: string }>(transition: (form: EventNameState, payload: P) => EventNameState) {
  return ({ forms }: EventNameForms, { payload }: PayloadAction<P>) => {
    const form = forms[payload.orderId] ?? initialEventNameState;
    const next = transition(form, payload);
    if (next !== form) forms[payload.orderId] = next;
  };
}

/** Whether the name may still change: not while the event is created, nor once it is. */
const editable = (form: EventNameState) => form.status !== 'creating' && form.status !== 'created';

/** A new name for the form: checked afresh, unless it is the one already there. */
const renamed = (form: EventNameState, name: string): EventNameState =>
  name === form.name ? form : eventNameCheck.typed(name);

const order = (orderId: string) => ({ payload: { orderId } });
const orderName = (orderId: string, name: string) => ({ payload: { orderId, name } });

const eventNameMachine = createSlice({
  name: 'eventName',
  initialState: { forms: {}, drafts: {} } as EventNameForms,
  reducers: {
    /** The order's form is shown: it starts afresh, unless its event is being created (the call decides). */
    eventNameOpened: {
      reducer: (state, action: PayloadAction<{ orderId: string }>) => {
        const { orderId } = action.payload;
        if (state.forms[orderId]?.status === 'creating') return;
        state.forms[orderId] = initialEventNameState;
        delete state.drafts[orderId];
      },
      prepare: order,
    },
    /** The title typed: the name follows it, until the link is edited by hand. */
    titleTyped: {
      reducer: (state, { payload: { orderId, title } }: PayloadAction<{ orderId: string; title: string }>) => {
        const form = state.forms[orderId] ?? initialEventNameState;
        if (!editable(form)) return;
        const draft = state.drafts[orderId] ?? initialEventDraft;
        state.drafts[orderId] = { ...draft, title };
        if (draft.linkEdited) return;
        const next = renamed(form, nameFromTitle(title));
        if (next !== form) state.forms[orderId] = next;
      },
      prepare: (orderId: string, title: string) => ({ payload: { orderId, title } }),
    },
    /** 'Editar link': the name is typed by hand from now on. */
    linkEditOpened: {
      reducer: (state, { payload: { orderId } }: PayloadAction<{ orderId: string }>) => {
        const draft = state.drafts[orderId] ?? initialEventDraft;
        if (editable(state.forms[orderId] ?? initialEventNameState) && !draft.linkEdited)
          state.drafts[orderId] = { ...draft, linkEdited: true };
      },
      prepare: order,
    },
    nameTyped: {
      reducer: onForm<{ orderId: string; name: string }>((form, { name }) =>
        editable(form) ? eventNameCheck.typed(name) : form,
      ),
      prepare: orderName,
    },
    /** The server's free variant of a taken name: offered while that name is still the taken one. */
    suggestionFound: {
      reducer: (
        state,
        {
          payload: { orderId, name, suggestion },
        }: PayloadAction<{ orderId: string; name: string; suggestion: string }>,
      ) => {
        const form = state.forms[orderId];
        if (form?.status !== 'taken' || form.name !== name || suggestion === name) return;
        state.drafts[orderId] = {
          ...(state.drafts[orderId] ?? initialEventDraft),
          suggestion: { for: name, name: suggestion },
        };
      },
      prepare: (orderId: string, name: string, suggestion: string) => ({ payload: { orderId, name, suggestion } }),
    },
    /** The owner takes the suggestion: it is the link now, checked as if typed. */
    suggestionTaken: {
      reducer: (state, { payload: { orderId } }: PayloadAction<{ orderId: string }>) => {
        const form = state.forms[orderId];
        const draft = state.drafts[orderId];
        if (form?.status !== 'taken' || draft?.suggestion?.for !== form.name) return;
        state.forms[orderId] = eventNameCheck.typed(draft.suggestion.name);
        state.drafts[orderId] = { ...draft, linkEdited: true, suggestion: null };
      },
      prepare: order,
    },
    /** The debounce of the name it was started for. */
    typingPaused: {
      reducer: onForm<{ orderId: string; name: string }>((form, { name }) => eventNameCheck.paused(form, name)),
      prepare: orderName,
    },
    nameChecked: {
      reducer: onForm<{ orderId: string; name: string; reply: NameCheckReply }>((form, { name, reply }) =>
        eventNameCheck.answered(form, name, reply),
      ),
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
      reducer: onForm((form) =>
        form.status === 'available' || form.status === 'createFailed' ? { status: 'creating', name: form.name } : form,
      ),
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
    selectEventNameForm: (state, orderId: string): EventNameState => state.forms[orderId] ?? initialEventNameState,
    selectEventDraft: (state, orderId: string): EventDraft => state.drafts[orderId] ?? initialEventDraft,
  },
});

declare module '../../session' {
  interface LazyLoadedSlices extends WithSlice<typeof eventNameMachine> {}
}

/** Injected into the store when this feature's code loads. */
export const eventNameSlice = eventNameMachine.injectInto(rootReducer);

export const {
  eventNameOpened,
  titleTyped,
  linkEditOpened,
  nameTyped,
  suggestionFound,
  suggestionTaken,
  typingPaused,
  nameChecked,
  checkFailed,
  retryRequested,
  createRequested,
  createSucceeded,
  createFailed,
} = eventNameSlice.actions;
export const { selectEventNameForm, selectEventDraft } = eventNameSlice.selectors;

export const NAME_TAKEN = 'Nome já existe';
export const NAME_INVALID = 'Use somente letras, números, hífens (-), e underlines (_)';
export const NAME_NOT_CHECKED = 'Não foi possível verificar o nome.';

/**
 * The title's helper text when its link is too short to be checked (the check itself runs only
 * on longer names): a title of emoji or symbols makes no link at all, a short one a short link.
 */
const MIN_NAME = eventNameCheck.rules.minLength;
export const TITLE_MAKES_NO_LINK =
  `Este nome não forma um link: toque em Editar link e ` + `escreva um com pelo menos ${MIN_NAME} letras ou números.`;
export const TITLE_LINK_TOO_SHORT =
  `O link precisa de pelo menos ${MIN_NAME} ` + `caracteres: toque em Editar link para escrever ` + `outro.`;
export const LINK_TOO_SHORT = `O link precisa de pelo menos ${MIN_NAME} caracteres.`;
