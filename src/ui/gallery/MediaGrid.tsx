import { useWindowVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import { firstRowItems, GRID_GAP_PX, PHONE_COLUMNS, rowCount, rowItems } from '../../../contract/galleryRows';
import { MediaTile } from './MediaTile';

/** The tiles a phone shows before any scroll (three rows of three): the rest load as they come near. */
const FIRST_SCREEN_TILES = 9;

/**
 * A scroll faster than this (px per ms: a phone's screen a second and more, faster than anyone
 * looks at photos) flies past rows the guest does not look at: they ask for no photo until the
 * scroll slows or stops. Every photo asked for costs the venue's Wi-Fi, and the page's main
 * thread a request (dearer while the service worker answers it): a fling through a big gallery
 * asked for hundreds.
 */
const FLING_PX_PER_MS = 1;

interface MediaGridProps {
  urls: readonly string[];
  onOpen: (url: string) => void;
  /** Accessible name of tile i (e.g. "Foto 3 de 120"); a new function redraws every tile. */
  labelOf: (index: number, url: string) => string;
  /** Accessible name of the whole grid. */
  label: string;
  /**
   * A live list, newest first, that grows at its start (a booth's gallery while the party goes
   * on). The rows are laid out from the end (contract/galleryRows.ts), so the partial row is the
   * first one, and its photos share the whole row between them: a new item joins that row or
   * opens a new one above, and no older item changes place. While the guest is scrolled into the
   * grid, new rows above are scrolled past, so what they look at stays put.
   */
  growsAtTop?: boolean;
}

/** What the grid knows of its layout once it is on the page. */
interface Geometry {
  columns: number;
  /** A tile and a gap, in px: a row's height in the page. */
  rowStep: number;
  /** The grid's top in the document, in px. */
  offset: number;
}

function rowStepOf(width: number, columns: number): number {
  return (width - GRID_GAP_PX * (columns - 1)) / columns + GRID_GAP_PX;
}

const FIRST_GUESS: Geometry = { columns: PHONE_COLUMNS, rowStep: rowStepOf(360, PHONE_COLUMNS), offset: 0 };

/**
 * The stylesheet decides the columns (base.css: `--grid-columns`, by the grid's width); without
 * it (a test's page) a phone's.
 */
function measure(grid: HTMLElement): Geometry {
  const width = grid.clientWidth || window.innerWidth || 360;
  const declared = Number.parseInt(getComputedStyle(grid).getPropertyValue('--grid-columns'), 10);
  const columns = declared > 0 ? declared : PHONE_COLUMNS;
  return { columns, rowStep: rowStepOf(width, columns), offset: grid.getBoundingClientRect().top + window.scrollY };
}

interface GridRowProps {
  index: number;
  urls: readonly string[];
  start: number;
  end: number;
  /** The first row of a growing list, holding fewer items than the others: they share its width. */
  partialHead: boolean;
  /** Flown past: the tiles wait before asking for their photos (FLING_PX_PER_MS). */
  flying: boolean;
  onOpen: (url: string) => void;
  labelOf: (index: number, url: string) => string;
}

/**
 * One row, placed by the stylesheet from its index (`--row`). Memoised: scrolling adds and
 * removes rows, and the rows that stay are not drawn again.
 */
const GridRow = memo(function GridRow({ index, urls, start, end, partialHead, flying, onOpen, labelOf }: GridRowProps) {
  return (
    <div
      className={partialHead ? 'grid__row grid__row--partial' : 'grid__row'}
      style={{ '--row': index } as CSSProperties}
    >
      {urls.slice(start, end).map((url, i) => {
        const item = start + i;
        return (
          <div key={url} role="listitem" className="grid__cell">
            <MediaTile
              url={url}
              label={labelOf(item, url)}
              onOpen={onOpen}
              priority={item < FIRST_SCREEN_TILES}
              whole={partialHead}
              waiting={flying}
            />
          </div>
        );
      })}
    </div>
  );
});

/**
 * A grid that renders only the rows near the viewport: a gallery of thousands of photos keeps
 * a small DOM and scrolls smoothly on a cheap phone. Its sizes are the stylesheet's (square
 * tiles, as many columns as the width takes), so the page's height and every tile's place are
 * right before any image arrives, and the same markup lays out alike at any width.
 */
export function MediaGrid({ urls, onOpen, labelOf, label, growsAtTop = false }: MediaGridProps) {
  const grid = useRef<HTMLDivElement>(null);
  const [geometry, setGeometry] = useState<Geometry>(FIRST_GUESS);

  useLayoutEffect(() => {
    const element = grid.current;
    if (!element) return;
    const update = () =>
      setGeometry((before) => {
        const next = measure(element);
        return next.columns === before.columns && next.rowStep === before.rowStep && next.offset === before.offset
          ? before
          : next;
      });
    update();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(update) : null;
    observer?.observe(element);
    return () => observer?.disconnect();
  }, []);

  // The rows keep the same callback while the page's own changes with each render.
  const latestOpen = useRef(onOpen);
  useLayoutEffect(() => {
    latestOpen.current = onOpen;
  });
  const open = useCallback((url: string) => latestOpen.current(url), []);

  const { columns, rowStep, offset } = geometry;
  const head = firstRowItems(urls.length, columns, growsAtTop);
  const rows = rowCount(urls.length, columns, growsAtTop);
  // Stable between renders: the virtualizer measures every row again whenever these change.
  const estimateSize = useCallback(() => rowStep, [rowStep]);
  // Counted from the end, a row of a growing list keeps its key and its tiles as rows arrive above.
  const getItemKey = useCallback(
    (index: number) => (growsAtTop ? `end-${rows - 1 - index}` : index),
    [growsAtTop, rows],
  );
  // How fast the page moves, from one change of the rows shown to the next.
  const [flying, setFlying] = useState(false);
  const lastMove = useRef({ offset: 0, at: 0 });
  const onChange = useCallback((instance: Virtualizer<Window, Element>) => {
    const offset = instance.scrollOffset ?? 0;
    const at = performance.now();
    const speed = Math.abs(offset - lastMove.current.offset) / Math.max(at - lastMove.current.at, 1);
    lastMove.current = { offset, at };
    setFlying(instance.isScrolling && speed > FLING_PX_PER_MS);
  }, []);
  const virtualizer = useWindowVirtualizer({
    count: rows,
    estimateSize,
    overscan: 3,
    scrollMargin: offset,
    initialRect: { width: 0, height: typeof window === 'undefined' ? 800 : window.innerHeight },
    getItemKey,
    // Rows follow the scroll in React's own time, not inside each scroll event.
    useFlushSync: false,
    onChange,
  });

  // New items at the start of a growing list: the rows they add above are scrolled past while
  // the grid's top is above the viewport (the guest looks further down); at the top, they show.
  const previous = useRef<{ first: string | undefined; length: number; rows: number; rowStep: number } | null>(null);
  useLayoutEffect(() => {
    const before = previous.current;
    previous.current = { first: urls[0], length: urls.length, rows, rowStep };
    const element = grid.current;
    if (!growsAtTop || !before || !element || before.rowStep !== rowStep || before.length === 0) return;
    const added = urls.length - before.length;
    if (added <= 0 || urls[added] !== before.first) return;
    const grownBy = (rows - before.rows) * rowStep;
    if (grownBy > 0 && element.getBoundingClientRect().top < 0) window.scrollBy(0, grownBy);
  }, [urls, rows, rowStep, growsAtTop]);

  return (
    <div className="grid-frame">
      <div
        ref={grid}
        className={growsAtTop ? 'grid grid--grows-at-top' : 'grid'}
        role="list"
        aria-label={label}
        style={{ '--rows': rows } as CSSProperties}
      >
        {virtualizer.getVirtualItems().map((row) => {
          const [start, end] = rowItems(row.index, head, columns);
          return (
            <GridRow
              key={row.key}
              index={row.index}
              urls={urls}
              start={start}
              end={end}
              partialHead={growsAtTop && row.index === 0 && head < columns}
              flying={flying}
              onOpen={open}
              labelOf={labelOf}
            />
          );
        })}
      </div>
    </div>
  );
}
