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
import { ANA, fakeIdentity } from '../../support/fakeIdentity';
import { API, network } from '../../support/network';
import { renderApp } from '../../support/renderWithProviders';

jest.mock('../../../src/ui/pageReload', () => ({ reloadPage: jest.fn() }));

const reduce = eventNameSlice.reducer;
const short: EventNameState = { status: 'short', name: 'abc' };
const waiting: EventNameState = { status: 'waiting', name: 'festa' };
const checking: EventNameState = { status: 'checking', name: 'festa' };
const taken: EventNameState = { status: 'taken', name: 'festa' };
const available: EventNameState = { status: 'available', name: 'festa', error: null };
const invalid: EventNameState = { status: 'invalid', name: 'festa' };
const creating: EventNameState = { status: 'creating', name: 'festa' };
const created: EventNameState = { status: 'created', name: 'festa' };

describe('the event-name machine', () => {
  it.each<[string, EventNameState, Parameters<typeof reduce>[1], EventNameState]>([
    ['short + 4 characters', short, nameTyped('abcd'), { status: 'waiting', name: 'abcd' }],
    ['short + 3 characters', short, nameTyped('abc'), { status: 'short', name: 'abc' }],
    ['waiting + typing', waiting, nameTyped('festa_'), { status: 'waiting', name: 'festa_' }],
    ['waiting + backspace below 4', waiting, nameTyped('fes'), { status: 'short', name: 'fes' }],
    ['waiting + its pause', waiting, typingPaused('festa'), checking],
    ['waiting + an older pause', waiting, typingPaused('fest'), waiting],
    ['short + a pause', short, typingPaused('abc'), short],
    ['checking + yes', checking, nameChecked({ name: 'festa', answer: 'yes' }), taken],
    ['checking + no', checking, nameChecked({ name: 'festa', answer: 'no' }), available],
    ['checking + other', checking, nameChecked({ name: 'festa', answer: 'other' }), invalid],
    ['checking + an answer for another name', checking, nameChecked({ name: 'fest', answer: 'no' }), checking],
    ['checking + failure', checking, checkFailed('festa'), waiting],
    ['checking + typing', checking, nameTyped('festa2'), { status: 'waiting', name: 'festa2' }],
    ['taken + create', taken, createRequested(), taken],
    ['invalid + create', invalid, createRequested(), invalid],
    ['waiting + create', waiting, createRequested(), waiting],
    ['available + create', available, createRequested(), creating],
    ['creating + typing', creating, nameTyped('outra'), creating],
    ['creating + success', creating, createSucceeded(), created],
    ['creating + name taken meanwhile', creating, createFailed({ error: 'Nome já existe', taken: true }), taken],
    ['creating + other failure', creating, createFailed({ error: 'Sem conexão', taken: false }), { status: 'available', name: 'festa', error: 'Sem conexão' }],
    ['available + success', available, createSucceeded(), available],
    ['created + typing', created, nameTyped('outra'), created],
    ['created + create', created, createRequested(), created],
  ])('%s', (_name, state, action, expected) => {
    expect(reduce(state, action)).toEqual(expected);
  });
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
    renderApp('/account?secao=evento', { identity: fakeIdentity({ signedInAs: ANA }) });
    const input = await screen.findByLabelText('Nome do evento');
    return { user, input };
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
    const { user, input } = await openDashboard();
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
  });
});
