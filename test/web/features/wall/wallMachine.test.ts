import {
  listFailed,
  listReceived,
  nightPageLoaded,
  slideElapsed,
  wallOpened,
  wallSlice,
  type WallState,
} from '../../../../src/features/wall/wallSlice';
import { advance, listArrived, nightPageReceived, startSchedule } from '../../../../src/features/wall/wallSchedule';
import { describeMachineGrid } from '../../../support/machineGrid';

const address = { publicId: 'festa-ana-1', key: null, viewer: 'signedOut' };
const otherAddress = { publicId: 'festa-ana-1', key: null, viewer: 'uid-dona' };
const photo = (n: number) => `/media/festa_ana/pad/f${n}.jpg`;
const [p1, p2, p3, p4] = [1, 2, 3, 4].map(photo);

type Showing = Extract<WallState, { status: 'showing' }>;
// Newest first: p3 came last, and is on screen as the wall opens.
const started = startSchedule([p3, p2, p1]);
const showingState: Showing = {
  status: 'showing',
  address,
  offline: false,
  schedule: started,
  codes: { [p1]: 'c1' },
  slide: 0,
};
// A page of the night in hand, p1 on screen: the next slide is the night's next.
const inNight = advance(nightPageReceived(started, { after: null, round: 0, product: [p1, p2, p3], next: null }));
const nightState: Showing = { ...showingState, schedule: inNight, slide: 1, visibility: 'public' };

const states: Record<string, WallState> = {
  idle: { status: 'idle' },
  loading: { status: 'loading', address },
  failed: { status: 'failed', address, message: 'Sem conexão com o servidor. Tente novamente.' },
  empty: { status: 'empty', address, offline: false },
  emptyOffline: { status: 'empty', address, offline: true },
  showing: showingState,
  showingOffline: { ...showingState, offline: true },
  showingNight: nightState,
  notFound: { status: 'notFound', address },
};

const firstPage = { after: null, round: 0, product: [p1, p2, p3], next: null, codes: { [p2]: 'c2' } };
const events = {
  opened: wallOpened(address),
  openedByAnother: wallOpened(otherAddress),
  listSame: listReceived({ product: [p3, p2, p1] }),
  listNew: listReceived({ product: [p4, p3, p2, p1], codes: { [p4]: 'c4' } }),
  listEmpty: listReceived({ product: [] }),
  // The event made link-only: the night's pages read while it was public carry no wall codes.
  listLinkOnly: listReceived({ product: [p3, p2, p1], visibility: 'link' }),
  page: nightPageLoaded(firstPage),
  failed: listFailed({ gone: false, message: 'Erro 500' }),
  gone: listFailed({ gone: true, message: 'Evento não encontrado.' }),
  elapsed: slideElapsed(),
};

const fresh = { openedByAnother: { status: 'loading', address: otherAddress } } as const;
const opening = (codes: Record<string, string> = {}) =>
  ({ status: 'showing', address, offline: false, schedule: started, codes, slide: 0 }) as const;
const asking = {
  ...fresh,
  listSame: opening(),
  listLinkOnly: { ...opening(), visibility: 'link' },
  listNew: {
    status: 'showing',
    address,
    offline: false,
    schedule: startSchedule([p4, p3, p2, p1]),
    codes: { [p4]: 'c4' },
    slide: 0,
  },
  listEmpty: { status: 'empty', address, offline: false },
  gone: { status: 'notFound', address },
} as const;
const withPage = nightPageReceived(started, firstPage);

describeMachineGrid('the live wall machine', wallSlice, states, events, {
  idle: { opened: { status: 'loading', address }, ...fresh },
  loading: { ...asking, failed: { status: 'failed', address, message: 'Erro 500' } },
  failed: { ...asking, failed: { status: 'failed', address, message: 'Erro 500' } },
  empty: { ...asking, failed: { status: 'empty', address, offline: true } },
  emptyOffline: asking,
  showing: {
    ...asking,
    // The list answered again keeps the photo on screen; a new one goes on at once.
    listSame: showingState,
    listLinkOnly: { ...showingState, visibility: 'link' },
    listNew: {
      ...showingState,
      schedule: listArrived(started, [p4, p3, p2, p1]),
      codes: { [p1]: 'c1', [p4]: 'c4' },
      slide: 1,
    },
    page: { ...showingState, schedule: withPage, codes: { [p1]: 'c1', [p2]: 'c2' } },
    failed: { ...showingState, offline: true },
    elapsed: { ...showingState, schedule: advance(started), slide: 1 },
  },
  showingOffline: {
    ...asking,
    listSame: showingState,
    listLinkOnly: { ...showingState, visibility: 'link' },
    listNew: {
      ...showingState,
      schedule: listArrived(started, [p4, p3, p2, p1]),
      codes: { [p1]: 'c1', [p4]: 'c4' },
      slide: 1,
    },
    page: { ...showingState, offline: true, schedule: withPage, codes: { [p1]: 'c1', [p2]: 'c2' } },
    elapsed: { ...showingState, offline: true, schedule: advance(started), slide: 1 },
  },
  showingNight: {
    ...asking,
    listSame: nightState,
    // The night held is let go, read afresh from its start (the photo on screen keeps its time).
    listLinkOnly: {
      ...nightState,
      visibility: 'link',
      schedule: { ...inNight, night: { ahead: [], after: null, round: inNight.night.round + 1, empty: false } },
    },
    listNew: {
      ...nightState,
      schedule: listArrived(inNight, [p4, p3, p2, p1]),
      codes: { [p1]: 'c1', [p4]: 'c4' },
      slide: 2,
    },
    // (page: the start of a round the wall has read already, a late answer: nothing changes.)
    failed: { ...nightState, offline: true },
    elapsed: { ...nightState, schedule: advance(inNight), slide: 2 },
  },
  notFound: fresh,
});
