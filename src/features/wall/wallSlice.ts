import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { WALL_HISTORY } from '../../../contract/wall';
import { rootReducer } from '../../session';

/** How long a photo stays on the wall before the next; a video longer (it loops, muted, meanwhile). */
export const WALL_SLIDE_MS = 8_000;
export const WALL_VIDEO_SLIDE_MS = 15_000;

/**
 * The wall's address: the event's public id and, for an event that is not public, its link's key;
 * and who looks (a uid, or 'signedOut'): the owner who signs in opens a wall the link-less screen could not.
 */
export interface WallAddress {
  publicId: string;
  key: string | null;
  viewer: string;
}

/** What the wall shows of its list: the newest media, newest first; which one is on screen; those that came since and wait their turn. */
export interface WallShow {
  items: string[];
  current: string;
  /** New media not shown yet, the next first (newest first: the newest was shown the moment it came). */
  queue: string[];
}

/**
 * The live wall ('Telão', issue 27) as a state machine. It asks for its list until the server
 * answers; then it shows its media one at a time, cycling through the newest WALL_HISTORY, and a
 * photo that comes goes on the screen at once, the others that came with it next. A failed call
 * while it shows keeps it showing what it has (`offline`: the poll and the stream try again by
 * themselves); a first call that fails is `failed` until one answers. A wall the server does not
 * open (its link revoked, an unknown event) is `notFound`, and asks no more.
 */
export type WallState =
  | { status: 'idle' }
  | { status: 'loading'; address: WallAddress }
  | { status: 'failed'; address: WallAddress; message: string }
  | { status: 'empty'; address: WallAddress; offline: boolean }
  | ({ status: 'showing'; address: WallAddress; offline: boolean } & WallShow)
  | { status: 'notFound'; address: WallAddress };

const initialWallState = { status: 'idle' } as WallState;

export const sameWallAddress = (a: WallAddress, b: WallAddress) => a.publicId === b.publicId && a.key === b.key && a.viewer === b.viewer;

type Asking = Extract<WallState, { status: 'loading' | 'failed' | 'empty' | 'showing' }>;
const asking = (state: WallState): state is Asking =>
  state.status === 'loading' || state.status === 'failed' || state.status === 'empty' || state.status === 'showing';

/** The list as it now stands, shown from where the wall was: what is new first, the newest on screen at once. */
export function nextShow(before: WallShow | null, product: readonly string[]): WallShow | null {
  const items = product.slice(0, WALL_HISTORY);
  if (items.length === 0) return null;
  if (!before) return { items, current: items[0], queue: [] };
  const known = new Set(before.items);
  const fresh = items.filter((item) => !known.has(item));
  const kept = new Set(items);
  const queue = [...fresh.slice(1), ...before.queue.filter((item) => kept.has(item))];
  if (fresh.length > 0) return { items, current: fresh[0], queue };
  return { items, current: kept.has(before.current) ? before.current : items[0], queue };
}

/** The next medium on screen: one that came and waits its turn, else the next older one (from the newest again after the oldest). */
export function advance(show: WallShow): WallShow {
  const [next, ...queue] = show.queue;
  if (next !== undefined) return { ...show, current: next, queue };
  const at = show.items.indexOf(show.current);
  return { ...show, current: show.items[(at + 1) % show.items.length] };
}

const wallMachine = createSlice({
  name: 'wall',
  initialState: initialWallState,
  reducers: {
    /** The page opened on a wall's address: another address starts afresh; the same one goes on. */
    wallOpened: (state, action: PayloadAction<WallAddress>): WallState =>
      state.status !== 'idle' && sameWallAddress(state.address, action.payload) ? state : { status: 'loading', address: action.payload },
    /** The wall's list as the server answered it (newest first). */
    listReceived: (state, action: PayloadAction<readonly string[]>): WallState => {
      if (!asking(state)) return state;
      const show = nextShow(state.status === 'showing' ? state : null, action.payload);
      return show ? { status: 'showing', address: state.address, offline: false, ...show } : { status: 'empty', address: state.address, offline: false };
    },
    /** A call for the list failed: `gone` when the server does not open this wall (404), else the connection or the server. */
    listFailed: (state, action: PayloadAction<{ gone: boolean; message: string }>): WallState => {
      if (!asking(state)) return state;
      if (action.payload.gone) return { status: 'notFound', address: state.address };
      if (state.status === 'showing' || state.status === 'empty') return state.offline ? state : { ...state, offline: true };
      return { status: 'failed', address: state.address, message: action.payload.message };
    },
    /** The medium on screen had its time. */
    slideElapsed: (state): WallState => (state.status === 'showing' ? { ...state, ...advance(state) } : state),
  },
  selectors: {
    selectWall: (state) => state,
  },
});

declare module '../../session' {
  interface LazyLoadedSlices extends WithSlice<typeof wallMachine> {}
}

/** Injected into the store when this feature's code loads. */
export const wallSlice = wallMachine.injectInto(rootReducer);

export const { wallOpened, listReceived, listFailed, slideElapsed } = wallSlice.actions;
export const { selectWall } = wallSlice.selectors;
