import { WALL_HISTORY } from '../../../../contract/wall';
import { advance, listFailed, listReceived, nextShow, slideElapsed, wallOpened, wallSlice, type WallState } from '../../../../src/features/wall/wallSlice';
import { describeMachineGrid } from '../../../support/machineGrid';

const address = { publicId: 'festa-ana-1', key: null, viewer: 'signedOut' };
const otherAddress = { publicId: 'festa-ana-1', key: null, viewer: 'uid-dona' };
const photo = (n: number) => `/media/festa_ana/pad/f${n}.jpg`;
const [p1, p2, p3, p4] = [1, 2, 3, 4].map(photo);

type Showing = Extract<WallState, { status: 'showing' }>;
const showingState: Showing = { status: 'showing', address, offline: false, items: [p3, p2, p1], current: p2, queue: [] };
const queuedState: Showing = { status: 'showing', address, offline: false, items: [p3, p2, p1], current: p3, queue: [p2] };

const states: Record<string, WallState> = {
  idle: { status: 'idle' },
  loading: { status: 'loading', address },
  failed: { status: 'failed', address, message: 'Sem conexão com o servidor. Tente novamente.' },
  empty: { status: 'empty', address, offline: false },
  emptyOffline: { status: 'empty', address, offline: true },
  // Newest first: p3 came last; p2 on screen.
  showing: showingState,
  showingOffline: { ...showingState, offline: true },
  showingQueued: queuedState,
  notFound: { status: 'notFound', address },
};

const events = {
  opened: wallOpened(address),
  openedByAnother: wallOpened(otherAddress),
  listSame: listReceived([p3, p2, p1]),
  listNew: listReceived([p4, p3, p2, p1]),
  listEmpty: listReceived([]),
  failed: listFailed({ gone: false, message: 'Erro 500' }),
  gone: listFailed({ gone: true, message: 'Evento não encontrado.' }),
  elapsed: slideElapsed(),
};

const fresh = { openedByAnother: { status: 'loading', address: otherAddress } } as const;
const shown = (current: string, queue: string[] = [], items = [p3, p2, p1]) => ({ status: 'showing', address, offline: false, items, current, queue }) as const;
const asking = {
  ...fresh,
  listSame: shown(p3),
  listNew: shown(p4, [], [p4, p3, p2, p1]),
  listEmpty: { status: 'empty', address, offline: false },
  gone: { status: 'notFound', address },
} as const;

describeMachineGrid('the live wall machine', wallSlice, states, events, {
  idle: { opened: { status: 'loading', address }, ...fresh },
  loading: { ...asking, failed: { status: 'failed', address, message: 'Erro 500' } },
  failed: { ...asking, failed: { status: 'failed', address, message: 'Erro 500' } },
  empty: { ...asking, failed: { status: 'empty', address, offline: true } },
  emptyOffline: asking,
  // The list answered again keeps the photo on screen; a new one goes on at once.
  showing: {
    ...asking,
    listSame: shown(p2),
    failed: { ...showingState, offline: true },
    elapsed: shown(p1),
  },
  showingOffline: { ...asking, listSame: shown(p2), elapsed: { ...showingState, offline: true, current: p1 } },
  showingQueued: {
    ...asking,
    listSame: shown(p3, [p2]),
    listNew: shown(p4, [p2], [p4, p3, p2, p1]),
    failed: { ...queuedState, offline: true },
    elapsed: shown(p2),
  },
  notFound: fresh,
});

describe("the wall's show", () => {
  it('cycles through every medium, newest to oldest and round again', () => {
    let show = nextShow(null, [p3, p2, p1]);
    const seen: string[] = [];
    for (let i = 0; i < 6 && show; i += 1) {
      seen.push(show.current);
      show = advance(show);
    }
    expect(seen).toEqual([p3, p2, p1, p3, p2, p1]);
  });

  it('shows the newest of several that came together at once, then the others, then cycles on', () => {
    const before = nextShow(null, [p1]);
    const after = nextShow(before, [p4, p3, p2, p1]);
    expect(after).toEqual({ items: [p4, p3, p2, p1], current: p4, queue: [p3, p2] });
    const order: string[] = [];
    let show = after;
    for (let i = 0; i < 5 && show; i += 1) {
      order.push(show.current);
      show = advance(show);
    }
    expect(order).toEqual([p4, p3, p2, p1, p4]);
  });

  it('holds at most WALL_HISTORY however many came over the hours', () => {
    let state = wallSlice.reducer(wallSlice.reducer(undefined, wallOpened(address)), listReceived([photo(0)]));
    for (let n = 1; n <= 500; n += 1) {
      const newestFirst = Array.from({ length: Math.min(n + 1, 60) }, (_, i) => photo(n - i));
      state = wallSlice.reducer(state, listReceived(newestFirst));
      state = wallSlice.reducer(state, slideElapsed());
    }
    if (state.status !== 'showing') throw new Error(`expected showing, got ${state.status}`);
    expect(state.items).toHaveLength(WALL_HISTORY);
    expect(state.items[0]).toBe(photo(500));
    expect(state.queue.length).toBeLessThan(WALL_HISTORY);
    expect(state.items).toContain(state.current);
  });

  it('drops from its queue and its screen what left the list (deleted, or older than its history)', () => {
    const show = { items: [p3, p2, p1], current: p1, queue: [p2] };
    expect(nextShow(show, [p3])).toEqual({ items: [p3], current: p3, queue: [] });
  });
});
