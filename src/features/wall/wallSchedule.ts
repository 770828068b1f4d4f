import { WALL_HISTORY } from '../../../contract/wall';

/**
 * What the wall shows next: the night's slideshow. While the wall goes through the
 * night, a new medium goes on the screen the moment it comes (the newest of several that came
 * together; the others wait their turn, newest first). When a medium's time is up, what waits goes
 * next, at most ARRIVALS_IN_A_ROW new ones in a row; then the wall goes on through every medium of
 * the night, oldest to newest, from where it left off, and round again. No slide is cut short but
 * one of the night shown after another of the night (the booths were quiet for a whole slide): a
 * new one on screen, and the night's turn after new ones, keep their whole time while what comes
 * meanwhile waits. So however fast the booths shoot, the night has one slide in every
 * ARRIVALS_IN_A_ROW + 1, each for its time, and the first photo after a quiet spell is on at once. The night is read a
 * page at a time (`wantedPage`,
 * `nightPageReceived`): a TV's browser holds a page or two, never the whole party. Pure: no
 * clock, no network; the wall's machine (wallSlice.ts) holds it, the page times each slide.
 */
export interface WallSchedule {
  /** The newest media of the event as last answered (the wall's list), newest first: what is new is told from it. */
  known: string[];
  /** The medium on screen. */
  current: string;
  /** Whether it is a new one (shown the moment it came, or from the queue). */
  currentIsNew: boolean;
  /** New media waiting for their turn, the newest first. */
  queue: string[];
  /** New ones shown in a row since the night last had a turn. */
  streak: number;
  /**
   * Whether the medium on screen keeps its whole time, what comes meanwhile waiting: a new one, and the night's turn
   * after new ones.
   */
  holds: boolean;
  night: NightRound;
}

/** Where the wall is in its round through the night. */
export interface NightRound {
  /** What comes next of the night, in its order (the rest of the pages read). */
  ahead: string[];
  /** The page to read after `ahead`: the cursor the server gave (null: the night's first page). */
  after: string | null;
  /** Moves each time the round starts over, so that the first page is read afresh. */
  round: number;
  /** The night had nothing (an empty first page): nothing is asked again until something comes. */
  empty: boolean;
}

/** Which page of the night the wall needs now. */
export interface WantedPage {
  after: string | null;
  round: number;
}

/** A page of the night as the server answered it (oldest first), with what it was asked for. */
export interface NightPage extends WantedPage {
  product: readonly string[];
  /** The cursor of the page after it; null once this one ends the night. */
  next: string | null;
}

/** How many new ones go on the wall in a row before the night gets a turn. */
export const ARRIVALS_IN_A_ROW = 3;
/** The next page is asked for once this few of the night are left in hand. */
export const NIGHT_LOW_WATER = 5;

/**
 * The schedule of a wall that just opened on its list (newest first, not empty): the newest on screen, then the night
 * from its start.
 */
export function startSchedule(list: readonly string[]): WallSchedule {
  const known = list.slice(0, WALL_HISTORY);
  return {
    known,
    current: known[0],
    currentIsNew: false,
    queue: [],
    streak: 0,
    holds: false,
    night: { ahead: [], after: null, round: 0, empty: false },
  };
}

/**
 * What the wall's list, asked again, changes: what is new joins the queue (first), and its newest
 * goes on screen at once unless the medium there holds its time; what left the list (a guest
 * erased it) or was `withdrawn` (the owner hid it, maybe older than the list: docs/product.md#moderation) leaves the
 * queue, the night in hand and the screen.
 */
export function listArrived(
  schedule: WallSchedule,
  list: readonly string[],
  withdrawn: readonly string[] = [],
): WallSchedule {
  const known = list.slice(0, WALL_HISTORY);
  if (known.length === 0) return schedule;
  const before = new Set(schedule.known);
  const fresh = known.filter((item) => !before.has(item));
  const gone = new Set([...goneFrom(schedule.known, known), ...withdrawn]);
  const keep = (item: string) => !gone.has(item);
  const queue = [...fresh, ...schedule.queue.filter(keep)].slice(0, WALL_HISTORY);
  const night = {
    ...schedule.night,
    ahead: schedule.night.ahead.filter(keep),
    empty: schedule.night.empty && fresh.length === 0,
  };
  const next: WallSchedule = { ...schedule, known, queue, night };
  if (gone.has(schedule.current)) return advance({ ...next, currentIsNew: false, streak: 0 }, known[0]);
  if (fresh.length > 0 && !schedule.holds) {
    // The booths were quiet (the night on screen after another of the night): on at once.
    return { ...next, current: queue[0], currentIsNew: true, queue: queue.slice(1), streak: 1, holds: true };
  }
  return next;
}

/**
 * What left the list between `before` and `after` (both newest first): not what only grew older
 * than the list holds (a full list lets its oldest go as new ones come), but what was taken away.
 */
function goneFrom(before: readonly string[], after: readonly string[]): Set<string> {
  const kept = new Set(after);
  const oldest = after.length >= WALL_HISTORY ? before.indexOf(after[after.length - 1]) : before.length - 1;
  return new Set(before.slice(0, oldest + 1).filter((item) => !kept.has(item)));
}

/**
 * The next medium on screen, its time being up: a new one waiting, else the next of the night (see the module's
 * comment).
 */
export function advance(schedule: WallSchedule, fallback?: string): WallSchedule {
  const { queue, night } = schedule;
  const ahead = night.ahead[0] === schedule.current ? night.ahead.slice(1) : night.ahead;
  if (queue.length > 0 && (schedule.streak < ARRIVALS_IN_A_ROW || ahead.length === 0)) {
    return {
      ...schedule,
      current: queue[0],
      currentIsNew: true,
      queue: queue.slice(1),
      streak: schedule.streak + 1,
      holds: true,
      night: { ...night, ahead },
    };
  }
  // The night's turn after new ones holds its time; a second slide of the night in a row gives way to the next new one.
  const holds = schedule.currentIsNew;
  if (ahead.length > 0) {
    return {
      ...schedule,
      current: ahead[0],
      currentIsNew: false,
      streak: 0,
      holds,
      night: { ...night, ahead: ahead.slice(1) },
    };
  }
  // The next page is on its way (or the night is empty): the newest, in turn, meanwhile.
  const at = schedule.known.indexOf(schedule.current);
  const current = fallback ?? schedule.known[(at + 1) % schedule.known.length];
  return { ...schedule, current, currentIsNew: false, streak: 0, holds, night: { ...night, ahead } };
}

/** The page of the night to read now, if any: when little is left in hand (a new round only once nothing is). */
export function wantedPage(schedule: WallSchedule): WantedPage | null {
  const { night } = schedule;
  if (night.empty) return null;
  const startsOver = night.after === null && night.round > 0;
  if (startsOver ? night.ahead.length > 0 : night.ahead.length > NIGHT_LOW_WATER) return null;
  return { after: night.after, round: night.round };
}

/**
 * A page of the night read: in hand after the rest. A page asked for another place in the night (a late answer) changes
 * nothing.
 */
export function nightPageReceived(schedule: WallSchedule, page: NightPage): WallSchedule {
  const { night } = schedule;
  if (page.after !== night.after || page.round !== night.round) return schedule;
  const ended = page.next === null;
  const empty = ended && page.after === null && page.product.length === 0;
  return {
    ...schedule,
    night: {
      ahead: [...night.ahead, ...page.product],
      after: page.next,
      round: ended ? night.round + 1 : night.round,
      empty,
    },
  };
}

/**
 * The night read afresh from its start, what is in hand of it let go: its pages were read while
 * the event was seen otherwise (made link-only or private, their QR codes want wall codes they
 * were not given). The medium on screen stays for its time.
 */
export function nightAfresh(schedule: WallSchedule): WallSchedule {
  return { ...schedule, night: { ahead: [], after: null, round: schedule.night.round + 1, empty: false } };
}

/** Every medium the schedule may still show: what else it holds of the media (their QR codes' links) may go. */
export function scheduled(schedule: WallSchedule): Set<string> {
  return new Set([schedule.current, ...schedule.known, ...schedule.queue, ...schedule.night.ahead]);
}
