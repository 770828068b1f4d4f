import {
  callFailed,
  clockTicked,
  replied,
  retried,
  ULTRA_POLL_MS,
  ultraLastOpened,
  ultraLastSlice,
  type UltraLastState,
} from '../../../../src/features/ultra/ultraLastSlice';
import { describeMachineGrid } from '../../../support/machineGrid';

const T0 = 1_000_000;
const VIDEO = '/media/festa/360/v1.mp4';
const link = { device: 'p1', eventName: 'festa' };
const otherLink = { device: 'p2', eventName: 'festa' };

const states: Record<string, UltraLastState> = {
  idle: { status: 'idle' },
  asking: { status: 'asking', link, since: null },
  askingAgain: { status: 'asking', link, since: T0 },
  inSession: { status: 'inSession', link, since: T0 },
  processing: { status: 'processing', link, since: T0 },
  ready: { status: 'ready', link, video: VIDEO },
  noVideo: { status: 'noVideo', link },
  failed: { status: 'failed', link, message: 'Plataforma 360 não encontrada.', since: null },
  failedInSession: { status: 'failed', link, message: 'Sem conexão com o servidor. Tente novamente.', since: T0 },
};

const events = {
  opened: ultraLastOpened(link),
  openedOtherLink: ultraLastOpened(otherLink),
  inSessionFirst: replied({ reply: 'in_session', at: T0 }),
  inSessionLater: replied({ reply: 'in_session', at: T0 + 30_000 }),
  video: replied({ reply: { product: [VIDEO] }, at: T0 + 10_000 }),
  noVideo: replied({ reply: { product: [] }, at: T0 + 10_000 }),
  tickBefore25s: clockTicked(T0 + 24_999),
  tickAt25s: clockTicked(T0 + 25_000),
  callFailed: callFailed('Erro 500'),
  retried: retried(),
};

const ready = { status: 'ready', link, video: VIDEO } as const;
const answered = {
  video: ready,
  noVideo: { status: 'noVideo', link },
  openedOtherLink: { status: 'asking', link: otherLink, since: null },
} as const;
const fresh = { status: 'asking', link, since: null } as const;

// Per state, the events that move it; every other event leaves it as it is. The same link opened
// again goes on where it was; another platform's link starts afresh.
describeMachineGrid('the 360 result machine', ultraLastSlice, states, events, {
  idle: { opened: fresh, openedOtherLink: { status: 'asking', link: otherLink, since: null } },
  asking: {
    ...answered,
    inSessionFirst: { status: 'inSession', link, since: T0 },
    inSessionLater: { status: 'inSession', link, since: T0 + 30_000 },
    callFailed: { status: 'failed', link, message: 'Erro 500', since: null },
  },
  // Tried again after a failure: the 25 s still count from the first in_session.
  askingAgain: {
    ...answered,
    inSessionFirst: { status: 'inSession', link, since: T0 },
    inSessionLater: { status: 'processing', link, since: T0 },
    callFailed: { status: 'failed', link, message: 'Erro 500', since: T0 },
  },
  inSession: {
    ...answered,
    tickAt25s: { status: 'processing', link, since: T0 },
    callFailed: { status: 'failed', link, message: 'Erro 500', since: T0 },
  },
  processing: { ...answered, callFailed: { status: 'failed', link, message: 'Erro 500', since: T0 } },
  ready: { openedOtherLink: answered.openedOtherLink },
  noVideo: { retried: fresh, openedOtherLink: answered.openedOtherLink },
  failed: { retried: fresh, openedOtherLink: answered.openedOtherLink },
  failedInSession: { retried: { status: 'asking', link, since: T0 }, openedOtherLink: answered.openedOtherLink },
});

describe('the 360 result polling interval', () => {
  const { selectUltraPollingInterval } = ultraLastSlice.getSelectors();
  it.each([
    ['idle', 0],
    ['asking', ULTRA_POLL_MS],
    ['askingAgain', ULTRA_POLL_MS],
    ['inSession', ULTRA_POLL_MS],
    ['processing', ULTRA_POLL_MS],
    ['ready', 0],
    ['noVideo', 0],
    ['failed', 0],
    ['failedInSession', 0],
  ])('%s: %s ms', (name, interval) => {
    expect(selectUltraPollingInterval(states[name])).toBe(interval);
  });

  it('asks every 5 seconds', () => expect(ULTRA_POLL_MS).toBe(5_000));
});
