import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef, useState } from 'react';
import { MediaTile } from './MediaTile';

/** The tiles a phone shows before any scroll (three rows of three): the rest load as they come near. */
const FIRST_SCREEN_TILES = 9;

interface MediaGridProps {
  urls: readonly string[];
  onOpen: (url: string) => void;
  /** Accessible name of tile i (e.g. "Foto 3 de 120"). */
  labelOf: (index: number, url: string) => string;
  /** Accessible name of the whole grid. */
  label: string;
  /**
   * A live list, newest first, that grows at its start (a booth's gallery while the party goes
   * on). The rows are laid out from the end, so the partial row is the first one: a new item
   * fills the top row or opens a new one above, and no older item changes place. While the guest
   * is scrolled into the grid, new rows above are scrolled past, so what they look at stays put.
   */
  growsAtTop?: boolean;
}

const GAP = 4;

function columnsFor(width: number): number {
  if (width >= 1000) return 6;
  if (width >= 768) return 5;
  if (width >= 480) return 4;
  return 3;
}

/**
 * Which items row `row` holds, when the first row holds `head` items and every other row
 * `columns`: [start, end).
 */
function rowItems(row: number, head: number, columns: number): [number, number] {
  if (row === 0) return [0, head];
  const start = head + (row - 1) * columns;
  return [start, start + columns];
}

/**
 * A grid that renders only the rows near the viewport: a gallery of thousands of photos keeps
 * a small DOM and scrolls smoothly on a cheap phone. Rows have a fixed height (square tiles), so
 * the page's height is right before any image arrives.
 */
export function MediaGrid({ urls, onOpen, labelOf, label, growsAtTop = false }: MediaGridProps) {
  const container = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(360);
  const [offset, setOffset] = useState(0);

  useLayoutEffect(() => {
    const element = container.current;
    if (!element) return;
    const measure = () => {
      setWidth(element.clientWidth || window.innerWidth || 360);
      setOffset(element.getBoundingClientRect().top + window.scrollY);
    };
    measure();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null;
    observer?.observe(element);
    return () => observer?.disconnect();
  }, []);

  const columns = columnsFor(width);
  const tile = Math.floor((width - GAP * (columns - 1)) / columns);
  const rowHeight = tile + GAP;
  const head = growsAtTop ? urls.length % columns || columns : columns;
  const rows = urls.length === 0 ? 0 : 1 + Math.ceil((urls.length - head) / columns);
  const virtualizer = useWindowVirtualizer({
    count: rows,
    estimateSize: () => rowHeight,
    overscan: 3,
    scrollMargin: offset,
    initialRect: { width, height: typeof window === 'undefined' ? 800 : window.innerHeight },
    // Counted from the end, a row of a growing list keeps its key and its tiles as rows arrive above.
    getItemKey: (index) => (growsAtTop ? `end-${rows - 1 - index}` : index),
  });

  // New items at the start of a growing list: the rows they add above are scrolled past while
  // the grid's top is above the viewport (the guest looks further down); at the top, they show.
  const previous = useRef<{ first: string | undefined; length: number; rows: number; rowHeight: number } | null>(null);
  useLayoutEffect(() => {
    const before = previous.current;
    previous.current = { first: urls[0], length: urls.length, rows, rowHeight };
    const element = container.current;
    if (!growsAtTop || !before || !element || before.rowHeight !== rowHeight || before.length === 0) return;
    const added = urls.length - before.length;
    if (added <= 0 || urls[added] !== before.first) return;
    const grownBy = (rows - before.rows) * rowHeight;
    if (grownBy > 0 && element.getBoundingClientRect().top < 0) window.scrollBy(0, grownBy);
  }, [urls, rows, rowHeight, growsAtTop]);

  return (
    <div ref={container} className={growsAtTop ? 'grid grid--grows-at-top' : 'grid'} role="list" aria-label={label} style={{ height: rows * rowHeight }}>
      {virtualizer.getVirtualItems().map((row) => {
        const [start, end] = rowItems(row.index, head, columns);
        return (
          <div
            key={row.key}
            className="grid__row"
            style={{ transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)`, height: tile, gap: GAP }}
          >
            {urls.slice(start, end).map((url, i) => {
              const index = start + i;
              return (
                <div key={url} role="listitem" style={{ width: tile, height: tile }}>
                  <MediaTile url={url} label={labelOf(index, url)} onOpen={onOpen} priority={index < FIRST_SCREEN_TILES} />
                </div>
              );
            })}
          </div>
        );
      })}
    </div>
  );
}
