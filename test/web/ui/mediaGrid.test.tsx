import { act, render } from '@testing-library/react';
import { MediaGrid } from '../../../src/ui/gallery/MediaGrid';

/** A 390 px phone: 3 columns of tiles sharing the width less two 4 px gaps, rows a tile and a gap apart. */
const ROW = (390 - 2 * 4) / 3 + 4;
const urls = (names: string[]) => names.map((n) => `/media/festa_ana/pad/${n}.jpg`);
const named = (n: number, prefix = 'f') => Array.from({ length: n }, (_, i) => `${prefix}${n - i}`);

/** The grid's rows as the file names of their tiles, top to bottom. */
function rowsOf(container: HTMLElement): string[][] {
  return [...container.querySelectorAll<HTMLElement>('.grid__row')]
    .sort((a, b) => Number(a.style.getPropertyValue('--row')) - Number(b.style.getPropertyValue('--row')))
    .map((row) =>
      [...row.querySelectorAll('img')].map((img) => /pad\/(\w+)\.jpg/.exec(img.getAttribute('src') ?? '')?.[1] ?? ''),
    );
}

let gridTop = 0;
let scrollBy: jest.Mock;

beforeEach(() => {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: 390 });
  // jsdom has no layout: where the grid's top is in the viewport is what each test says.
  jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    const top = this.classList.contains('grid') ? gridTop : 0;
    return {
      top,
      bottom: top,
      left: 0,
      right: 390,
      width: 390,
      height: 0,
      x: 0,
      y: top,
      toJSON: () => ({}),
    } as DOMRect;
  });
  scrollBy = jest.fn();
  window.scrollBy = scrollBy as unknown as typeof window.scrollBy;
});

function grid(list: string[], growsAtTop = true) {
  return (
    <MediaGrid
      growsAtTop={growsAtTop}
      label="Galeria"
      urls={urls(list)}
      onOpen={() => undefined}
      labelOf={(i) => `Foto ${i + 1}`}
    />
  );
}

describe('a gallery that grows at the top', () => {
  it('lays its rows out from the end: the partial row is the first, and no older photo moves when one arrives', () => {
    gridTop = 100;
    const view = render(grid(named(7)));
    expect(rowsOf(view.container)).toEqual([['f7'], ['f6', 'f5', 'f4'], ['f3', 'f2', 'f1']]);
    view.rerender(grid(named(8)));
    expect(rowsOf(view.container)).toEqual([
      ['f8', 'f7'],
      ['f6', 'f5', 'f4'],
      ['f3', 'f2', 'f1'],
    ]);
    view.rerender(grid(named(10)));
    expect(rowsOf(view.container)).toEqual([['f10'], ['f9', 'f8', 'f7'], ['f6', 'f5', 'f4'], ['f3', 'f2', 'f1']]);
  });

  it('keeps the place of a guest scrolled into it: the rows added above are scrolled past', () => {
    gridTop = -900;
    const view = render(grid(named(7)));
    view.rerender(grid(named(8)));
    expect(scrollBy).not.toHaveBeenCalled();
    view.rerender(grid(named(10)));
    expect(scrollBy).toHaveBeenCalledWith(0, ROW);
    view.rerender(grid(named(17)));
    expect(scrollBy).toHaveBeenLastCalledWith(0, 2 * ROW);
    expect(scrollBy).toHaveBeenCalledTimes(2);
  });

  it('shows new rows to a guest at its top, and leaves the page alone when the list is not grown at the top', () => {
    gridTop = 120;
    const view = render(grid(named(7)));
    view.rerender(grid(named(10)));
    expect(scrollBy).not.toHaveBeenCalled();

    gridTop = -900;
    view.rerender(grid(named(13, 'g')));
    view.rerender(grid(named(6)));
    expect(scrollBy).not.toHaveBeenCalled();
  });
});

describe('a gallery that does not grow', () => {
  it('fills its rows from the start', () => {
    gridTop = -900;
    const view = render(grid(named(7), false));
    expect(rowsOf(view.container)).toEqual([['f7', 'f6', 'f5'], ['f4', 'f3', 'f2'], ['f1']]);
    view.rerender(grid(named(10), false));
    expect(scrollBy).not.toHaveBeenCalled();
  });
});

describe('the first screen of a gallery', () => {
  it('asks for its nine first thumbnails at once and first; the others as they come near', () => {
    gridTop = 100;
    const view = render(grid(named(12), false));
    const images = [...view.container.querySelectorAll('img')];
    expect(images).toHaveLength(12);
    const loading = images.map((img) => [img.getAttribute('loading'), img.getAttribute('fetchpriority')]);
    expect(loading.slice(0, 9)).toEqual(Array.from({ length: 9 }, () => ['eager', 'high']));
    expect(loading.slice(9)).toEqual(Array.from({ length: 3 }, () => ['lazy', 'auto']));
  });
});

describe('a gallery flung through', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    Object.defineProperty(window, 'innerHeight', { configurable: true, value: 844 });
  });
  afterEach(() => {
    jest.useRealTimers();
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
  });

  /** The guest's scroll: the page at `y`, `ms` after the last move. */
  function scrollTo(y: number, ms: number) {
    act(() => {
      jest.advanceTimersByTime(ms);
      Object.defineProperty(window, 'scrollY', { configurable: true, value: y });
      window.dispatchEvent(new Event('scroll'));
    });
  }

  /** The tiles on screen (the viewport's rows) that show their thumbnail, and those that do not yet. */
  function onScreen(container: HTMLElement, y: number) {
    const rows = [...container.querySelectorAll<HTMLElement>('.grid__row')].filter((row) => {
      const top = Number(row.style.getPropertyValue('--row')) * ROW;
      return top + ROW > y && top < y + 844;
    });
    const tiles = rows.flatMap((row) => [...row.querySelectorAll('.tile')]);
    return {
      withPhoto: tiles.filter((tile) => tile.querySelector('img')).length,
      without: tiles.filter((tile) => !tile.querySelector('img')).length,
    };
  }

  it('does not ask for the photos of the rows it flies past, and shows those it stops on', () => {
    gridTop = 0;
    const view = render(grid(named(3000)));
    // A fling: a screen and more every frame.
    for (let y = 600; y <= 6000; y += 600) scrollTo(y, 16);
    const passing = onScreen(view.container, 6000);
    expect(passing.withPhoto).toBe(0);
    expect(passing.without).toBeGreaterThan(0);

    // It stops: the rows on screen ask for their photos.
    act(() => jest.advanceTimersByTime(200));
    const stopped = onScreen(view.container, 6000);
    expect(stopped.without).toBe(0);
    expect(stopped.withPhoto).toBeGreaterThan(0);
  });

  it('shows the photos of the rows a guest scrolls through at reading speed, as they come', () => {
    gridTop = 0;
    const view = render(grid(named(3000)));
    for (let y = 40; y <= 1200; y += 40) scrollTo(y, 100);
    const reading = onScreen(view.container, 1200);
    expect(reading.without).toBe(0);
    expect(reading.withPhoto).toBeGreaterThan(0);
  });
});
