import {
  callFailed,
  clockTicked,
  replied,
  retried,
  ULTRA_POLL_MS,
  ultraLastSlice,
  ultraPollingInterval,
  type UltraLastState,
} from '../../../src/features/ultra/ultraLastSlice';
import { describeMachineGrid } from '../../support/machineGrid';

const T0 = 1_000_000;
const VIDEO = '/media/festa/360/v1.mp4';

const states: Record<string, UltraLastState> = {
  asking: { status: 'asking', since: null },
  askingAgain: { status: 'asking', since: T0 },
  inSession: { status: 'inSession', since: T0 },
  processing: { status: 'processing', since: T0 },
  ready: { status: 'ready', video: VIDEO },
  noVideo: { status: 'noVideo' },
  failed: { status: 'failed', message: 'Plataforma 360 não encontrada.', since: null },
  failedInSession: { status: 'failed', message: 'Sem conexão com o servidor. Tente novamente.', since: T0 },
};

const events = {
  inSessionFirst: replied({ reply: 'in_session', at: T0 }),
  inSessionLater: replied({ reply: 'in_session', at: T0 + 30_000 }),
  video: replied({ reply: { product: [VIDEO] }, at: T0 + 10_000 }),
  noVideo: replied({ reply: { product: [] }, at: T0 + 10_000 }),
  tickBefore25s: clockTicked(T0 + 24_999),
  tickAt25s: clockTicked(T0 + 25_000),
  callFailed: callFailed('Erro 500'),
  retried: retried(),
};

const ready = { status: 'ready', video: VIDEO } as const;
const answered = { video: ready, noVideo: { status: 'noVideo' } } as const;

// Per state, the events that move it; every other event leaves it as it is.
describeMachineGrid('the 360 result machine', ultraLastSlice, states, events, {
  asking: {
    ...answered,
    inSessionFirst: { status: 'inSession', since: T0 },
    inSessionLater: { status: 'inSession', since: T0 + 30_000 },
    callFailed: { status: 'failed', message: 'Erro 500', since: null },
  },
  // Tried again after a failure: the 25 s still count from the first in_session.
  askingAgain: {
    ...answered,
    inSessionFirst: { status: 'inSession', since: T0 },
    inSessionLater: { status: 'processing', since: T0 },
    callFailed: { status: 'failed', message: 'Erro 500', since: T0 },
  },
  inSession: {
    ...answered,
    tickAt25s: { status: 'processing', since: T0 },
    callFailed: { status: 'failed', message: 'Erro 500', since: T0 },
  },
  processing: { ...answered, callFailed: { status: 'failed', message: 'Erro 500', since: T0 } },
  ready: {},
  noVideo: { retried: { status: 'asking', since: null } },
  failed: { retried: { status: 'asking', since: null } },
  failedInSession: { retried: { status: 'asking', since: T0 } },
});

describe('the 360 result polling interval', () => {
  it.each([
    ['asking', ULTRA_POLL_MS],
    ['askingAgain', ULTRA_POLL_MS],
    ['inSession', ULTRA_POLL_MS],
    ['processing', ULTRA_POLL_MS],
    ['ready', 0],
    ['noVideo', 0],
    ['failed', 0],
    ['failedInSession', 0],
  ])('%s: %s ms', (name, interval) => {
    expect(ultraPollingInterval(states[name])).toBe(interval);
  });

  it('asks every 5 seconds', () => expect(ULTRA_POLL_MS).toBe(5_000));
});
