import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '../../session';
import type { EventVisibility } from '../../../contract/wire';
import {
  advance,
  listArrived,
  nightAfresh,
  nightPageReceived,
  scheduled,
  startSchedule,
  type NightPage,
  type WallSchedule,
} from './wallSchedule';

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

/**
 * What the wall shows: its schedule (wallSchedule.ts), the links of its media's QR codes, and a count of the slides
 * shown.
 */
export interface WallShow {
  schedule: WallSchedule;
  /**
   * The wall code of each medium whose own collect link would not open the event
   * (server/src/modules/wall/wallCodes.ts).
   */
  codes: Record<string, string>;
  /** Moves with each slide, the same medium shown again included: each one has its own time. */
  slide: number;
  /** The event's visibility as the last list said it: the night's pages in hand were read under it. */
  visibility?: EventVisibility;
}

/** A list of the wall's media and the codes of their QR codes, as the server answered it. */
export interface WallList {
  product: readonly string[];
  codes?: Record<string, string>;
  visibility?: EventVisibility;
  /** Media the owner hid, which the wall lets go wherever it holds them. */
  withdrawn?: readonly string[];
}

/**
 * The live wall ('Telão') as a state machine. It asks for its list until the
 * server answers; then it shows its media one at a time, as its schedule says (wallSchedule.ts:
 * what is new first, then the whole night in turn, read a page at a time). A failed call while it
 * shows keeps it showing what it has (`offline`: the poll and the stream try again by
 * themselves); a first call that fails is `failed` until one answers. A wall the server does not
 * open (its link revoked, an unknown event, its address changed) is `notFound`, and asks no more.
 */
export type WallState =
  | { status: 'idle' }
  | { status: 'loading'; address: WallAddress }
  | { status: 'failed'; address: WallAddress; message: string }
  | { status: 'empty'; address: WallAddress; offline: boolean }
  | ({ status: 'showing'; address: WallAddress; offline: boolean } & WallShow)
  | { status: 'notFound'; address: WallAddress };

const initialWallState = { status: 'idle' } as WallState;

export const sameWallAddress = (a: WallAddress, b: WallAddress) =>
  a.publicId === b.publicId && a.key === b.key && a.viewer === b.viewer;

type Asking = Extract<WallState, { status: 'loading' | 'failed' | 'empty' | 'showing' }>;
const asking = (state: WallState): state is Asking =>
  state.status === 'loading' || state.status === 'failed' || state.status === 'empty' || state.status === 'showing';

/** The codes kept: those of the media the schedule may still show, the new ones' over the old. */
function keptCodes(
  schedule: WallSchedule,
  before: Record<string, string>,
  given: Record<string, string> | undefined,
): Record<string, string> {
  const all = { ...before, ...given };
  const kept: Record<string, string> = {};
  for (const item of scheduled(schedule)) if (all[item] !== undefined) kept[item] = all[item];
  return kept;
}

/** The show after a new schedule: one more slide when another medium went on screen. */
function shown(before: WallShow | null, schedule: WallSchedule, codes: Record<string, string> | undefined): WallShow {
  const slide = before === null ? 0 : before.slide + (schedule.current === before.schedule.current ? 0 : 1);
  return { schedule, codes: keptCodes(schedule, before?.codes ?? {}, codes), slide };
}

const wallMachine = createSlice({
  name: 'wall',
  initialState: initialWallState,
  reducers: {
    /** The page opened on a wall's address: another address starts afresh; the same one goes on. */
    wallOpened: (state, action: PayloadAction<WallAddress>): WallState =>
      state.status !== 'idle' && sameWallAddress(state.address, action.payload)
        ? state
        : { status: 'loading', address: action.payload },
    /** The wall's list as the server answered it (newest first). */
    listReceived: (state, action: PayloadAction<WallList>): WallState => {
      if (!asking(state)) return state;
      const { product, codes, visibility, withdrawn } = action.payload;
      if (product.length === 0) return { status: 'empty', address: state.address, offline: false };
      const seen = visibility === undefined ? {} : { visibility };
      if (state.status !== 'showing')
        return {
          status: 'showing',
          address: state.address,
          offline: false,
          ...shown(null, startSchedule(product), codes),
          ...seen,
        };
      // Made link-only or private meanwhile: the night in hand has no wall codes where its QR codes now need them.
      const seenOtherwise =
        visibility !== undefined && state.visibility !== undefined && visibility !== state.visibility;
      const schedule = listArrived(seenOtherwise ? nightAfresh(state.schedule) : state.schedule, product, withdrawn);
      return { ...state, offline: false, ...shown(state, schedule, codes), ...seen };
    },
    /** A page of the night as the server answered it (oldest first). */
    nightPageLoaded: (state, action: PayloadAction<NightPage & { codes?: Record<string, string> }>): WallState => {
      if (state.status !== 'showing') return state;
      const { codes, ...page } = action.payload;
      const schedule = nightPageReceived(state.schedule, page);
      return schedule === state.schedule ? state : { ...state, ...shown(state, schedule, codes) };
    },
    /**
     * A call for the list failed: `gone` when the server does not open this wall (404), else the connection or the
     * server.
     */
    listFailed: (state, action: PayloadAction<{ gone: boolean; message: string }>): WallState => {
      if (!asking(state)) return state;
      if (action.payload.gone) return { status: 'notFound', address: state.address };
      if (state.status === 'showing' || state.status === 'empty')
        return state.offline ? state : { ...state, offline: true };
      return { status: 'failed', address: state.address, message: action.payload.message };
    },
    /** The medium on screen had its time. */
    slideElapsed: (state): WallState => {
      if (state.status !== 'showing') return state;
      const schedule = advance(state.schedule);
      return { ...state, schedule, codes: keptCodes(schedule, state.codes, undefined), slide: state.slide + 1 };
    },
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

export const { wallOpened, listReceived, nightPageLoaded, listFailed, slideElapsed } = wallSlice.actions;
export const { selectWall } = wallSlice.selectors;
