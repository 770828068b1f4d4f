import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { reloadPage } from '../../../src/ui/pageReload';
import {
  checkFailed,
  createFailed,
  createRequested,
  createSucceeded,
  eventNameSlice,
  nameChecked,
  nameTyped,
  typingPaused,
  type EventNameState,
} from '../../../src/features/account/eventNameSlice';
import { describeMachineGrid } from '../../support/machineGrid';
import { ANA, fakeIdentity } from '../../support/fakeIdentity';
import { API, network } from '../../support/network';
import { renderApp } from '../../support/renderWithProviders';
import { sessionOf } from '../../support/session';

jest.mock('../../../src/ui/pageReload', () => ({ reloadPage: jest.fn() }));

const states: Record<EventNameState['status'], EventNameState> = {
  short: { status: 'short', name: 'abc' },
  waiting: { status: 'waiting', name: 'festa' },
  checking: { status: 'checking', name: 'festa' },
  taken: { status: 'taken', name: 'festa' },
  available: { status: 'available', name: 'festa', error: null },
  invalid: { status: 'invalid', name: 'festa' },
  creating: { status: 'creating', name: 'festa' },
  created: { status: 'created', name: 'festa' },
};

const events = {
  typedLong: nameTyped('festa_nova'),
  typedShort: nameTyped('fes'),
  paused: typingPaused('festa'),
  pausedForOlderName: typingPaused('fest'),
  answeredYes: nameChecked({ name: 'festa', answer: 'yes' }),
  answeredNo: nameChecked({ name: 'festa', answer: 'no' }),
  answeredOther: nameChecked({ name: 'festa', answer: 'other' }),
  answeredForOlderName: nameChecked({ name: 'fest', answer: 'no' }),
  checkFailed: checkFailed('festa'),
  createRequested: createRequested(),
  createSucceeded: createSucceeded(),
  createFailed: createFailed({ error: 'Sem conexão', taken: false }),
  createFailedTaken: createFailed({ error: 'Nome já existe', taken: true }),
};

const typing = { typedLong: { status: 'waiting', name: 'festa_nova' }, typedShort: { status: 'short', name: 'fes' } } as const;

// Per state, the events that move it; every other event leaves it as it is.
describeMachineGrid('the event-name machine', eventNameSlice, states, events, {
  short: { ...typing },
  waiting: { ...typing, paused: { status: 'checking', name: 'festa' } },
  checking: {
    ...typing,
    answeredYes: { status: 'taken', name: 'festa' },
    answeredNo: { status: 'available', name: 'festa', error: null },
    answeredOther: { status: 'invalid', name: 'festa' },
    checkFailed: { status: 'waiting', name: 'festa' },
  },
  taken: { ...typing },
  available: { ...typing, createRequested: { status: 'creating', name: 'festa' } },
  invalid: { ...typing },
  creating: {
    createSucceeded: { status: 'created', name: 'festa' },
    createFailed: { status: 'available', name: 'festa', error: 'Sem conexão' },
    createFailedTaken: { status: 'taken', name: 'festa' },
  },
  created: {},
});

describe('naming the event in the dashboard', () => {
  const events = [{ orderId: '123456789', eventName: 'Aniversário', eventCreated: 0, products: [] }];

  function serveDashboard(answers: Record<string, string>, checks: string[], created: string[]) {
    network.use(
      http.get(`${API}/account`, () => HttpResponse.json({ email: ANA.email, displayName: 'Ana', photoURL: '', partner: '', events: [], transactions: [] })),
      http.get(`${API}/load_transactions`, () => HttpResponse.json([])),
      http.get(`${API}/load_events`, () => HttpResponse.json(events)),
      http.get(`${API}/check_team`, () => HttpResponse.text('no')),
      http.get(`${API}/check_bname/:name`, ({ params }) => {
        checks.push(String(params.name));
        return HttpResponse.text(answers[String(params.name)] ?? 'no');
      }),
      http.get(`${API}/create_event/:name/:order`, ({ params }) => {
        created.push(`${String(params.name)}/${String(params.order)}`);
        return HttpResponse.text('ok');
      }),
    );
  }

  async function openDashboard() {
    jest.useFakeTimers({ advanceTimers: true });
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const { store } = renderApp('/account?secao=evento', { identity: fakeIdentity({ signedInAs: ANA }) });
    const input = await screen.findByLabelText('Nome do evento');
    return { user, input, store };
  }

  afterEach(() => {
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

  it('explains which characters a name may have', async () => {
    serveDashboard({ 'minha festa': 'other' }, [], []);
    const { user, input } = await openDashboard();
    await user.type(input, 'minha festa');
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
    expect(created).toEqual(['festa_nova/123456789']);
    expect(reloadPage).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: 'Criar meu Evento' })).not.toBeInTheDocument();
    // It is the owner's event: /eventos lists it on this device from now on.
    expect(sessionOf(store.getState()).events).toContain('festa_nova');
  });
});
