import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { reloadPage } from '../../../../src/ui/pageReload';
import type { UnknownAction } from '@reduxjs/toolkit';
import type { NameCheckReply } from '../../../../contract/wire';
import {
  checkFailed,
  createFailed,
  createRequested,
  createSucceeded,
  eventNameOpened,
  eventNameSlice,
  initialEventNameState,
  nameChecked,
  nameTyped,
  linkEditOpened,
  retryRequested,
  selectEventDraft,
  selectEventNameForm,
  suggestionFound,
  suggestionTaken,
  titleTyped,
  typingPaused,
  type EventNameState,
} from '../../../../src/features/account/eventNameSlice';
import { describeMachineGrid } from '../../../support/machineGrid';
import { ANA, fakeIdentity } from '../../../support/fakeIdentity';
import { API, network } from '../../../support/network';
import { renderApp } from '../../../support/renderWithProviders';
import { sessionOf } from '../../../support/session';
import type { EventName } from '../../../../contract/names';

jest.mock('../../../../src/ui/pageReload', () => ({ reloadPage: jest.fn() }));

// One form per paid order: the grid runs on this order's form, among the forms of the page.
const ORDER = '123456789';
const OTHER = '987654321';
const formMachine = {
  reducer: (form: EventNameState = initialEventNameState, action: UnknownAction) =>
    eventNameSlice.reducer({ forms: { [ORDER]: form }, drafts: {} }, action).forms[ORDER]!,
  actions: eventNameSlice.actions,
};

const states: Record<EventNameState['status'], EventNameState> = {
  empty: { status: 'empty', name: '' },
  short: { status: 'short', name: 'abc' },
  waiting: { status: 'waiting', name: 'festa' },
  checking: { status: 'checking', name: 'festa' },
  taken: { status: 'taken', name: 'festa' },
  available: { status: 'available', name: 'festa' },
  invalid: { status: 'invalid', name: 'festa' },
  failed: { status: 'failed', name: 'festa' },
  creating: { status: 'creating', name: 'festa' },
  created: { status: 'created', name: 'festa' },
  createFailed: { status: 'createFailed', name: 'festa', error: 'Sem conexão' },
};

const events = {
  opened: eventNameOpened(ORDER),
  openedOtherOrder: eventNameOpened(OTHER),
  typedLong: nameTyped(ORDER, 'festa_nova'),
  typedShort: nameTyped(ORDER, 'fes'),
  typedEmpty: nameTyped(ORDER, ''),
  typedInOtherForm: nameTyped(OTHER, 'festa_nova'),
  titledNew: titleTyped(ORDER, 'Festa Nova'),
  titledSameName: titleTyped(ORDER, ' FESTA '),
  titledInOtherForm: titleTyped(OTHER, 'Festa Nova'),
  // The draft's own events leave the name's check as it is (their draft is tested below).
  linkEditOpened: linkEditOpened(ORDER),
  suggestionFound: suggestionFound(ORDER, 'festa', 'festa-2'),
  suggestionTaken: suggestionTaken(ORDER),
  paused: typingPaused(ORDER, 'festa'),
  pausedForOlderName: typingPaused(ORDER, 'fest'),
  answeredYes: nameChecked(ORDER, 'festa', 'yes'),
  answeredNo: nameChecked(ORDER, 'festa', 'no'),
  answeredOther: nameChecked(ORDER, 'festa', 'other'),
  answeredNonsense: nameChecked(ORDER, 'festa', '<html>' as NameCheckReply),
  answeredForOlderName: nameChecked(ORDER, 'fest', 'no'),
  checkFailed: checkFailed(ORDER, 'festa'),
  checkFailedForOlderName: checkFailed(ORDER, 'fest'),
  retryRequested: retryRequested(ORDER),
  createRequested: createRequested(ORDER),
  createRequestedInOtherForm: createRequested(OTHER),
  createSucceeded: createSucceeded(ORDER),
  createFailed: createFailed(ORDER, { error: 'Sem conexão', taken: false }),
  createFailedTaken: createFailed(ORDER, { error: 'Nome já existe', taken: true }),
};

const typing = {
  typedLong: { status: 'waiting', name: 'festa_nova' },
  // The title's name: lowercase, no accents, spaces as hyphens.
  titledNew: { status: 'waiting', name: 'festa-nova' },
  typedShort: { status: 'short', name: 'fes' },
  typedEmpty: { status: 'empty', name: '' },
  opened: { status: 'empty', name: '' },
} as const;

// Per state, the events that move it; every other event (and any event of another order's form)
// leaves it as it is.
describeMachineGrid('the event-name machine', formMachine, states, events, {
  // A title that makes the name already there changes nothing of its check.
  empty: { ...typing, titledSameName: { status: 'waiting', name: 'festa' } },
  short: { ...typing, titledSameName: { status: 'waiting', name: 'festa' } },
  waiting: { ...typing, paused: { status: 'checking', name: 'festa' } },
  checking: {
    ...typing,
    answeredYes: { status: 'taken', name: 'festa' },
    answeredNo: { status: 'available', name: 'festa' },
    answeredOther: { status: 'invalid', name: 'festa' },
    answeredNonsense: { status: 'invalid', name: 'festa' },
    checkFailed: { status: 'failed', name: 'festa' },
  },
  taken: { ...typing },
  available: { ...typing, createRequested: { status: 'creating', name: 'festa' } },
  invalid: { ...typing },
  // No check by itself: 'Tentar novamente', or the next keystroke.
  failed: { ...typing, retryRequested: { status: 'checking', name: 'festa' } },
  // The name cannot change while the event is created, and the call decides.
  creating: {
    createSucceeded: { status: 'created', name: 'festa' },
    createFailed: { status: 'createFailed', name: 'festa', error: 'Sem conexão' },
    createFailedTaken: { status: 'taken', name: 'festa' },
  },
  created: { opened: { status: 'empty', name: '' } },
  createFailed: { ...typing, createRequested: { status: 'creating', name: 'festa' } },
});

describe("the form's title and link", () => {
  type Forms = ReturnType<typeof eventNameSlice.reducer>;
  const run = (...actions: UnknownAction[]) =>
    actions.reduce<Forms>(
      (state, action) => eventNameSlice.reducer(state, action),
      eventNameSlice.reducer(undefined, eventNameOpened(ORDER)),
    );
  const root = (forms: Forms) =>
    ({ [eventNameSlice.reducerPath]: forms }) as unknown as Parameters<typeof selectEventNameForm>[0];
  const formOf = (forms: Forms) => selectEventNameForm(root(forms), ORDER);
  const draftOf = (forms: Forms) => selectEventDraft(root(forms), ORDER);

  it('derives the name from the title: lowercase, accents removed, spaces as hyphens, only [a-z0-9_-]', () => {
    const forms = run(titleTyped(ORDER, 'Aniversário da Convidada!'));
    expect(formOf(forms)).toEqual({ status: 'waiting', name: 'aniversario-da-convidada' });
    expect(draftOf(forms)).toEqual({ title: 'Aniversário da Convidada!', linkEdited: false, suggestion: null });
    expect(formOf(run(titleTyped(ORDER, 'Çá & Ñö — 2026')))).toEqual({ status: 'waiting', name: 'ca-no-2026' });
  });

  it("keeps the owner's own link once 'Editar link' is open, whatever the title becomes", () => {
    const forms = run(
      titleTyped(ORDER, 'Festa'),
      linkEditOpened(ORDER),
      nameTyped(ORDER, 'minha_festa'),
      titleTyped(ORDER, 'Outra Festa'),
    );
    expect(formOf(forms)).toEqual({ status: 'waiting', name: 'minha_festa' });
    expect(draftOf(forms)).toEqual({ title: 'Outra Festa', linkEdited: true, suggestion: null });
  });

  it('offers a free variant only for the name still taken, and takes it as the link', () => {
    const taken = run(titleTyped(ORDER, 'Festa'), typingPaused(ORDER, 'festa'), nameChecked(ORDER, 'festa', 'yes'));
    expect(draftOf(eventNameSlice.reducer(taken, suggestionFound(ORDER, 'fest', 'fest-2'))).suggestion).toBeNull();
    const offered = eventNameSlice.reducer(taken, suggestionFound(ORDER, 'festa', 'festa-2'));
    expect(draftOf(offered).suggestion).toEqual({ for: 'festa', name: 'festa-2' });
    const took = eventNameSlice.reducer(offered, suggestionTaken(ORDER));
    expect(formOf(took)).toEqual({ status: 'waiting', name: 'festa-2' });
    expect(draftOf(took)).toEqual({ title: 'Festa', linkEdited: true, suggestion: null });
  });
});

describe('naming the event in the dashboard', () => {
  const order = (orderId: string, eventName: EventName) => ({ orderId, eventName, eventCreated: 0, products: [] });
  let events = [order('123456789', 'Aniversário')];

  function serveDashboard(answers: Record<string, string>, checks: string[], created: string[]) {
    network.use(
      http.get(`${API}/account`, () =>
        HttpResponse.json({
          email: ANA.email,
          displayName: 'Ana',
          photoURL: '',
          partner: '',
          events: [],
          transactions: [],
        }),
      ),
      http.get(`${API}/load_transactions`, () => HttpResponse.json([])),
      http.get(`${API}/load_events`, () => HttpResponse.json(events)),
      http.get(`${API}/check_team`, () => HttpResponse.text('no')),
      http.get(`${API}/check_bname/:name`, ({ params }) => {
        checks.push(String(params.name));
        return HttpResponse.text(answers[String(params.name)] ?? 'no');
      }),
      http.get(`${API}/create_event/:name/:order`, ({ params, request }) => {
        const title = new URL(request.url).searchParams.get('title');
        created.push(`${String(params.name)}/${String(params.order)}${title === null ? '' : ` ${title}`}`);
        return HttpResponse.text('ok');
      }),
      http.get(`${API}/free_bname/:name`, ({ params }) => HttpResponse.json({ name: `${String(params.name)}-2` })),
    );
  }

  async function openDashboard() {
    jest.useFakeTimers({ advanceTimers: true });
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const { store } = renderApp('/account?secao=evento', { identity: fakeIdentity({ signedInAs: ANA }) });
    const [input] = await screen.findAllByLabelText('Nome do evento');
    return { user, input: input!, store };
  }

  const createButton = () => screen.getByRole('button', { name: 'Criar meu Evento' });

  afterEach(() => {
    events = [order('123456789', 'Aniversário')];
    jest.useRealTimers();
    jest.mocked(reloadPage).mockClear();
  });

  it('checks only names longer than 3 characters, 1 second after the last keystroke', async () => {
    const checks: string[] = [];
    serveDashboard({}, checks, []);
    const { user, input } = await openDashboard();
    await user.type(input, 'abc');
    act(() => jest.advanceTimersByTime(2_000));
    expect(checks).toEqual([]);
    await user.type(input, 'd');
    act(() => jest.advanceTimersByTime(900));
    await user.type(input, 'e');
    act(() => jest.advanceTimersByTime(900));
    expect(checks).toEqual([]);
    act(() => jest.advanceTimersByTime(150));
    expect(await screen.findByText('OK')).toBeInTheDocument();
    expect(checks).toEqual(['abcde']);
  });

  it("says 'Nome já existe' with a red border, and keeps the button off", async () => {
    serveDashboard({ festa_ana: 'yes' }, [], []);
    const { user, input } = await openDashboard();
    await user.type(input, 'festa_ana');
    act(() => jest.advanceTimersByTime(1_000));
    expect(await screen.findByText('Nome já existe')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input.closest('label')).toHaveClass('field--error');
    expect(screen.getByRole('button', { name: 'Criar meu Evento' })).toBeDisabled();
  });

  it('explains which characters a link may have', async () => {
    serveDashboard({ 'minha festa': 'other' }, [], []);
    const { user, input } = await openDashboard();
    await user.type(input, 'minha');
    await user.click(screen.getByRole('button', { name: 'Editar link' }));
    await user.type(screen.getByLabelText('Link do evento'), ' festa');
    act(() => jest.advanceTimersByTime(1_000));
    expect(await screen.findByText('Use somente letras, números, hífens (-), e underlines (_)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Criar meu Evento' })).toBeDisabled();
  });

  it('creates the event on an available name, then reloads and hides the button', async () => {
    const created: string[] = [];
    serveDashboard({}, [], created);
    const { user, input, store } = await openDashboard();
    await user.type(input, 'festa_nova');
    act(() => jest.advanceTimersByTime(1_000));
    const button = screen.getByRole('button', { name: 'Criar meu Evento' });
    await screen.findByText('OK');
    expect(button).toBeEnabled();
    await user.click(button);
    expect(await screen.findByText('Evento festa_nova criado!')).toBeInTheDocument();
    expect(created).toEqual(['festa_nova/123456789 festa_nova']);
    expect(reloadPage).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: 'Criar meu Evento' })).not.toBeInTheDocument();
    // It is the owner's event: /eventos lists it on this device from now on.
    expect(sessionOf(store.getState()).events).toContain('festa_nova');
  });

  it("says when the name could not be checked, and asks again only on 'Tentar novamente'", async () => {
    const checks: string[] = [];
    serveDashboard({}, [], []);
    let fail = true;
    network.use(
      http.get(`${API}/check_bname/:name`, ({ params }) => {
        checks.push(String(params.name));
        return fail ? HttpResponse.error() : HttpResponse.text('no');
      }),
    );
    const { user, input } = await openDashboard();
    await user.type(input, 'festa_nova');
    act(() => jest.advanceTimersByTime(1_000));
    expect(await screen.findByText('Não foi possível verificar o nome.')).toBeInTheDocument();
    expect(createButton()).toBeDisabled();
    act(() => jest.advanceTimersByTime(5_000));
    expect(checks).toEqual(['festa_nova']);
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText('OK')).toBeInTheDocument();
    expect(checks).toEqual(['festa_nova', 'festa_nova']);
    expect(createButton()).toBeEnabled();
  });

  it("checks each order's name 1 second after that form's own last keystroke", async () => {
    events = [order('111111111', 'Casamento'), order('222222222', 'Formatura')];
    const checks: string[] = [];
    serveDashboard({}, checks, []);
    const { user } = await openDashboard();
    const [first, second] = screen.getAllByLabelText('Nome do evento');
    await user.type(first!, 'festa_um');
    act(() => jest.advanceTimersByTime(500));
    await user.type(second!, 'festa_dois');
    act(() => jest.advanceTimersByTime(600));
    await waitFor(() => expect(checks).toEqual(['festa_um']));
    act(() => jest.advanceTimersByTime(500));
    await waitFor(() => expect(checks).toEqual(['festa_um', 'festa_dois']));
    expect(await screen.findAllByText('OK')).toHaveLength(2);
  });

  it('says why the event was not created, and lets it be tried again', async () => {
    const created: string[] = [];
    serveDashboard({}, [], created);
    let fail = true;
    network.use(
      http.get(`${API}/create_event/:name/:order`, ({ params }) => {
        created.push(`${String(params.name)}/${String(params.order)}`);
        return fail
          ? HttpResponse.json({ error: 'internal', message: 'Tente de novo em instantes.' }, { status: 500 })
          : HttpResponse.text('ok');
      }),
    );
    const { user, input } = await openDashboard();
    await user.type(input, 'festa_nova');
    act(() => jest.advanceTimersByTime(1_000));
    await screen.findByText('OK');
    await user.click(createButton());
    expect(await screen.findByText('Tente de novo em instantes.')).toBeInTheDocument();
    expect(reloadPage).not.toHaveBeenCalled();
    expect(createButton()).toBeEnabled();
    fail = false;
    await user.click(createButton());
    expect(await screen.findByText('Evento festa_nova criado!')).toBeInTheDocument();
    expect(created).toEqual(['festa_nova/123456789', 'festa_nova/123456789']);
    expect(screen.queryByText('Tente de novo em instantes.')).not.toBeInTheDocument();
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it("says 'Nome já existe' when the name was taken meanwhile", async () => {
    serveDashboard({}, [], []);
    network.use(
      http.get(`${API}/create_event/:name/:order`, () =>
        HttpResponse.json({ error: 'name_taken', message: 'Nome já existe' }, { status: 409 }),
      ),
    );
    const { user, input } = await openDashboard();
    await user.type(input, 'festa_nova');
    act(() => jest.advanceTimersByTime(1_000));
    await screen.findByText('OK');
    await user.click(createButton());
    expect(await screen.findByText('Nome já existe')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(createButton()).toBeDisabled();
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it('makes the link from the title the owner types, and creates the event with that title', async () => {
    const checks: string[] = [];
    const created: string[] = [];
    serveDashboard({}, checks, created);
    const { user, input } = await openDashboard();
    await user.type(input, 'Aniversário da Convidada');
    expect(screen.getByText(/\/eventos\/evento\?evento=aniversario-da-convidada$/)).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1_000));
    expect(await screen.findByText('OK')).toBeInTheDocument();
    expect(checks).toEqual(['aniversario-da-convidada']);
    await user.click(createButton());
    expect(await screen.findByText('Evento Aniversário da Convidada criado!')).toBeInTheDocument();
    expect(created).toEqual(['aniversario-da-convidada/123456789 Aniversário da Convidada']);
  });

  it(`a title that makes no link ('🎂🎉') says so and offers 'Editar link', whose link is checked and creates the \
event`, async () => {
    const checks: string[] = [];
    const created: string[] = [];
    serveDashboard({}, checks, created);
    const { user, input } = await openDashboard();
    await user.type(input, '🎂🎉');
    expect(input).toHaveValue('🎂🎉');
    expect(
      screen.getByText(
        'Este nome não forma um link: toque em Editar link e escreva um com pelo menos 4 letras ou números.',
      ),
    ).toBeInTheDocument();
    expect(createButton()).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Editar link' }));
    const link = screen.getByLabelText('Link do evento');
    expect(link).toHaveValue('');
    expect(screen.getByText('O link precisa de pelo menos 4 caracteres.')).toBeInTheDocument();
    await user.type(link, 'festa-da-ana');
    act(() => jest.advanceTimersByTime(1_000));
    expect(await screen.findByText('OK')).toBeInTheDocument();
    expect(checks).toEqual(['festa-da-ana']);
    await user.click(createButton());
    expect(await screen.findByText('Evento 🎂🎉 criado!')).toBeInTheDocument();
    expect(created).toEqual(['festa-da-ana/123456789 🎂🎉']);
  });

  it("a short title ('Ana') says its link is too short, asks nothing, and offers 'Editar link'", async () => {
    const checks: string[] = [];
    serveDashboard({}, checks, []);
    const { user, input } = await openDashboard();
    await user.type(input, 'Ana');
    expect(screen.getByText(/\/eventos\/evento\?evento=ana$/)).toBeInTheDocument();
    expect(
      screen.getByText('O link precisa de pelo menos 4 caracteres: toque em Editar link para escrever outro.'),
    ).toBeInTheDocument();
    // The name check (docs/product.md#event-dashboard) runs only on names longer than 3 characters: none is asked, none
    // of its words shown.
    act(() => jest.advanceTimersByTime(2_000));
    expect(checks).toEqual([]);
    expect(screen.queryByText('Use somente letras, números, hífens (-), e underlines (_)')).not.toBeInTheDocument();
    expect(screen.queryByText('Nome já existe')).not.toBeInTheDocument();
    expect(createButton()).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Editar link' }));
    await user.type(screen.getByLabelText('Link do evento'), '_festa');
    act(() => jest.advanceTimersByTime(1_000));
    expect(await screen.findByText('OK')).toBeInTheDocument();
    expect(checks).toEqual(['ana_festa']);
    expect(createButton()).toBeEnabled();
  });

  it("offers a free variant of a taken link ('-2'), checked before it can be created", async () => {
    const checks: string[] = [];
    const created: string[] = [];
    serveDashboard({ 'festa-da-ana': 'yes' }, checks, created);
    const { user, input } = await openDashboard();
    await user.type(input, 'Festa da Ana');
    act(() => jest.advanceTimersByTime(1_000));
    expect(await screen.findByText('Nome já existe')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Usar festa-da-ana-2' }));
    expect(screen.getByLabelText('Link do evento')).toHaveValue('festa-da-ana-2');
    expect(createButton()).toBeDisabled();
    act(() => jest.advanceTimersByTime(1_000));
    expect(await screen.findByText('OK')).toBeInTheDocument();
    expect(checks).toEqual(['festa-da-ana', 'festa-da-ana-2']);
    await user.click(createButton());
    expect(await screen.findByText('Evento Festa da Ana criado!')).toBeInTheDocument();
    expect(created).toEqual(['festa-da-ana-2/123456789 Festa da Ana']);
  });
});
