import { WALL_HISTORY } from '../../../../contract/wall';
import {
  advance,
  ARRIVALS_IN_A_ROW,
  listArrived,
  NIGHT_LOW_WATER,
  nightPageReceived,
  startSchedule,
  wantedPage,
  type WallSchedule,
} from '../../../../src/features/wall/wallSchedule';

const photo = (n: number) => `/media/festa_ana/pad/f${n}.jpg`;
const SLIDE_MS = 8_000;
const PAGE = 30;

/**
 * A fake server's night: `count` photos, oldest first, read in pages of PAGE (the cursor is the
 * index of the page's last photo), as GET /telao/{publicId}/noite answers.
 */
function night(count: number) {
  const photos = Array.from({ length: count }, (_, n) => photo(n + 1));
  return {
    photos,
    add: () => photos.push(photo(photos.length + 1)),
    /** The wall's list: the newest WALL_HISTORY, newest first. */
    list: () => photos.slice(-WALL_HISTORY).reverse(),
    page: (after: string | null) => {
      const start = after === null ? 0 : Number(after) + 1;
      const product = photos.slice(start, start + PAGE);
      const end = start + product.length - 1;
      return { product, next: end + 1 < photos.length ? String(end) : null };
    },
  };
}

/**
 * The wall's clock, as the page runs it, under jest's fake timers: a slide every 8 s, the page it
 * wants read at once, the list answered the moment the stream says a booth uploaded.
 */
function wallOn(party: ReturnType<typeof night>) {
  let schedule: WallSchedule = startSchedule(party.list());
  const shown: { url: string; isNew: boolean; at: number }[] = [
    { url: schedule.current, isNew: false, at: Date.now() },
  ];
  let pages = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const readPages = () => {
    for (let wanted = wantedPage(schedule); wanted; wanted = wantedPage(schedule)) {
      pages += 1;
      schedule = nightPageReceived(schedule, { ...wanted, ...party.page(wanted.after) });
    }
  };
  // Each slide its whole time: a new one on screen starts its time afresh.
  const show = (next: WallSchedule, slideEnded = false) => {
    const changed = next.current !== schedule.current;
    if (changed) shown.push({ url: next.current, isNew: next.currentIsNew, at: Date.now() });
    schedule = next;
    readPages();
    if (changed || slideEnded) {
      clearTimeout(timer);
      timer = setTimeout(() => show(advance(schedule), true), SLIDE_MS);
    }
  };
  readPages();
  timer = setTimeout(() => show(advance(schedule), true), SLIDE_MS);
  return {
    shown,
    get schedule() {
      return schedule;
    },
    get pages() {
      return pages;
    },
    upload: () => {
      party.add();
      show(listArrived(schedule, party.list()));
    },
  };
}

describe("the wall's schedule", () => {
  beforeEach(() => jest.useFakeTimers({ now: new Date('2026-11-28T22:00:00Z') }));
  afterEach(() => jest.useRealTimers());

  it('opens on the newest photo, then goes through the whole night from its first photo, and round again', () => {
    const party = night(70);
    const wall = wallOn(party);
    expect(wall.shown[0].url).toBe(photo(70));
    jest.advanceTimersByTime(71 * SLIDE_MS);
    expect(wall.shown.slice(1, 72).map((slide) => slide.url)).toEqual(party.photos.concat(photo(1)));
  });

  it(`puts the first new photo after a quiet spell on the screen the moment it comes, the next after its time, then \
goes on where the night was`, () => {
    const party = night(30);
    const wall = wallOn(party);
    jest.advanceTimersByTime(5 * SLIDE_MS);
    expect(wall.schedule.current).toBe(photo(5));
    jest.advanceTimersByTime(1_000);
    wall.upload();
    // No timer ran: the new one is on screen at once.
    expect(wall.schedule.current).toBe(photo(31));
    jest.advanceTimersByTime(3_000);
    wall.upload();
    // The one on screen keeps its time: the next waits for it.
    expect(wall.schedule.current).toBe(photo(31));
    jest.advanceTimersByTime(5_000);
    expect(wall.schedule.current).toBe(photo(32));
    jest.advanceTimersByTime(4 * SLIDE_MS);
    expect(wall.shown.slice(-6).map((slide) => slide.url)).toEqual([
      photo(31),
      photo(32),
      photo(6),
      photo(7),
      photo(8),
      photo(9),
    ]);
  });

  it(`gives the night its turns while the booths take photos: over an hour of a photo every 20 s, every photo of the \
night comes back, and every new one was shown`, () => {
    const party = night(30);
    const wall = wallOn(party);
    const booth = setInterval(() => wall.upload(), 20_000);
    jest.advanceTimersByTime(60 * 60_000);
    clearInterval(booth);
    const urls = new Set(wall.shown.map((slide) => slide.url));
    // The 180 new ones, and the night's first 30 (and the new ones again, as the round reaches them).
    for (const url of party.photos) expect(urls).toContain(url);
    const fromNight = wall.shown.filter((slide) => !slide.isNew).map((slide) => slide.url);
    expect(fromNight.slice(1, 31)).toEqual(party.photos.slice(0, 30));
    // Never the same photo twice in a row.
    expect(wall.shown.filter((slide, index) => index > 0 && slide.url === wall.shown[index - 1].url)).toEqual([]);
  });

  it.each([3_000, 8_000, 10_000, 15_000])(
    `never starves the night nor cuts a slide short while a booth shoots every %i ms, and goes on where the night was \
once it pauses`,
    (every) => {
      const party = night(30);
      const wall = wallOn(party);
      jest.advanceTimersByTime(3 * SLIDE_MS);
      expect(wall.schedule.current).toBe(photo(3));
      const booth = setInterval(() => wall.upload(), every);
      jest.advanceTimersByTime(10 * 60_000);
      clearInterval(booth);
      const during = wall.shown.slice(4);
      // The night has a slide in every ARRIVALS_IN_A_ROW + 1 at least, in its order from where it was.
      for (let at = 0; at + ARRIVALS_IN_A_ROW < during.length; at += 1) {
        expect(during.slice(at, at + ARRIVALS_IN_A_ROW + 1).some((slide) => !slide.isNew)).toBe(true);
      }
      const fromNight = during.filter((slide) => !slide.isNew).map((slide) => slide.url);
      expect(fromNight.slice(0, 3)).toEqual([photo(4), photo(5), photo(6)]);
      // Every slide had its whole time, but the night's that the first new one after a quiet spell took over.
      const cut = wall.shown.slice(1, -1).filter((slide, index) => wall.shown[index + 2].at - slide.at < SLIDE_MS);
      expect(cut).toEqual([expect.objectContaining({ url: photo(every < SLIDE_MS ? 3 : 4), isNew: false })]);
      const before = wall.shown.length;
      jest.advanceTimersByTime(4 * SLIDE_MS);
      expect(wall.shown.length).toBeGreaterThan(before);
    },
  );

  it('holds a page or two of the night, never the whole party, and reads it a page at a time', () => {
    const party = night(3_000);
    const wall = wallOn(party);
    jest.advanceTimersByTime(60 * 60_000);
    expect(wall.shown.map((slide) => slide.url).slice(1, 451)).toEqual(party.photos.slice(0, 450));
    expect(wall.schedule.night.ahead.length).toBeLessThanOrEqual(PAGE + NIGHT_LOW_WATER);
    expect(wall.pages).toBeLessThanOrEqual(450 / PAGE + 2);
  });

  it(`shows several that came together each for its time, the newest first, the night one turn in every \
ARRIVALS_IN_A_ROW + 1`, () => {
    let schedule = nightPageReceived(startSchedule([photo(3), photo(2), photo(1)]), {
      after: null,
      round: 0,
      product: [photo(1), photo(2), photo(3)],
      next: null,
    });
    schedule = advance(schedule);
    expect(schedule.current).toBe(photo(1));
    schedule = listArrived(schedule, [photo(8), photo(7), photo(6), photo(5), photo(4), photo(3), photo(2), photo(1)]);
    const order = [schedule.current];
    for (let i = 0; i < 6; i += 1) {
      schedule = advance(schedule);
      order.push(schedule.current);
    }
    expect(ARRIVALS_IN_A_ROW).toBe(3);
    expect(order).toEqual([photo(8), photo(7), photo(6), photo(2), photo(5), photo(4), photo(3)]);
  });

  it(`takes off the screen, the queue and the night what left the list (a guest erased it), not what only grew older \
than it`, () => {
    let schedule = nightPageReceived(startSchedule([photo(3), photo(2), photo(1)]), {
      after: null,
      round: 0,
      product: [photo(1), photo(2), photo(3)],
      next: null,
    });
    schedule = listArrived(schedule, [photo(5), photo(4), photo(3), photo(2), photo(1)]);
    expect(schedule.current).toBe(photo(5));
    expect(schedule.queue).toEqual([photo(4)]);
    schedule = listArrived(schedule, [photo(5), photo(3), photo(1)]);
    expect(schedule.queue).toEqual([]);
    expect(schedule.night.ahead).toEqual([photo(1), photo(3)]);
    schedule = listArrived(schedule, [photo(3), photo(1)]);
    expect(schedule.current).toBe(photo(1));

    const full = Array.from({ length: WALL_HISTORY }, (_, n) => photo(100 - n));
    const older = listArrived(startSchedule(full), [photo(101), ...full.slice(0, -1)]);
    expect(older.current).toBe(photo(101));
    expect(older.known).toHaveLength(WALL_HISTORY);
  });

  it(`lets go at once of what the owner hid (withdrawn), even a photo of the night older than the list, on screen or \
ahead`, () => {
    const full = Array.from({ length: WALL_HISTORY }, (_, n) => photo(100 - n));
    let schedule = nightPageReceived(startSchedule(full), {
      after: null,
      round: 0,
      product: [photo(1), photo(2), photo(3)],
      next: '2',
    });
    schedule = advance(schedule);
    expect(schedule.current).toBe(photo(1));
    // The list is the same (the photos hidden are older than it): only `withdrawn` says they left.
    schedule = listArrived(schedule, full, [photo(1), photo(3)]);
    expect(schedule.current).toBe(photo(2));
    expect(schedule.night.ahead).toEqual([]);
    expect(listArrived(schedule, full, [])).toEqual(schedule);
  });

  it('asks nothing more of an empty night until something comes, and a late page changes nothing', () => {
    let schedule = startSchedule([photo(1)]);
    expect(wantedPage(schedule)).toEqual({ after: null, round: 0 });
    schedule = nightPageReceived(schedule, { after: null, round: 0, product: [], next: null });
    expect(wantedPage(schedule)).toBeNull();
    expect(nightPageReceived(schedule, { after: '7', round: 0, product: [photo(9)], next: null })).toBe(schedule);
    schedule = listArrived(schedule, [photo(2), photo(1)]);
    expect(wantedPage(schedule)).toEqual({ after: null, round: 1 });
  });
});
