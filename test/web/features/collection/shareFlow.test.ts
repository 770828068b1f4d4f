import {
  LOAD_FAILED,
  SHARE_REFUSED,
  shareFlow,
  type Sharing,
  type SharingEvent,
} from '../../../../src/features/collection/shareFlow';

/** 'Compartilhar' on its whole grid: every state of the flow meets every event. */
type F = string;
const FILES = ['a.jpg', 'b.jpg'];

const STATES: Record<string, Sharing<F>> = {
  idle: { step: 'idle' },
  preparing: { step: 'preparing' },
  ready: { step: 'ready', files: FILES },
  done: { step: 'done' },
  failed: { step: 'failed', message: LOAD_FAILED },
};
const EVENTS: Record<string, SharingEvent<F>> = {
  prepare: { type: 'prepare' },
  'prepared with files': { type: 'prepared', files: ['c.jpg'] },
  'prepared with none': { type: 'prepared', files: [] },
  shared: { type: 'shared' },
  dismissed: { type: 'dismissed' },
  refused: { type: 'refused' },
};

const same = 'same';
/** What each event makes of each state; `same`: it does not apply there, and nothing changes. */
const GRID: Record<string, Record<string, Sharing<F> | typeof same>> = {
  idle: {
    prepare: { step: 'preparing' },
    'prepared with files': same,
    'prepared with none': same,
    shared: same,
    dismissed: same,
    refused: same,
  },
  preparing: {
    prepare: same,
    'prepared with files': { step: 'ready', files: ['c.jpg'] },
    'prepared with none': { step: 'failed', message: LOAD_FAILED },
    shared: same,
    dismissed: same,
    refused: same,
  },
  ready: {
    prepare: same,
    'prepared with files': same,
    'prepared with none': same,
    shared: { step: 'done' },
    dismissed: same,
    refused: { step: 'failed', message: SHARE_REFUSED },
  },
  done: {
    prepare: { step: 'preparing' },
    'prepared with files': same,
    'prepared with none': same,
    shared: same,
    dismissed: same,
    refused: same,
  },
  failed: {
    prepare: { step: 'preparing' },
    'prepared with files': same,
    'prepared with none': same,
    shared: same,
    dismissed: same,
    refused: same,
  },
};

const pairs = Object.keys(STATES).flatMap((state) => Object.keys(EVENTS).map((event) => [state, event] as const));

it('has a row for every state and a cell for every event', () => {
  expect(Object.keys(GRID).sort()).toEqual(Object.keys(STATES).sort());
  for (const row of Object.values(GRID)) expect(Object.keys(row).sort()).toEqual(Object.keys(EVENTS).sort());
});

it.each(pairs)('%s, on %s', (state, event) => {
  const before = STATES[state];
  const expected = GRID[state][event];
  const after = shareFlow(before, EVENTS[event]);
  if (expected === same) expect(after).toBe(before);
  else expect(after).toEqual(expected);
});

it('shares the photos ready after a closed sheet, and tries the fetch again after a failure', () => {
  let state: Sharing<F> = { step: 'idle' };
  for (const event of [
    EVENTS.prepare,
    EVENTS['prepared with none'],
    EVENTS.prepare,
    { type: 'prepared', files: FILES } as const,
    EVENTS.dismissed,
    EVENTS.shared,
  ])
    state = shareFlow(state, event);
  expect(state).toEqual({ step: 'done' });
});
