import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef, useState } from 'react';
import { MediaTile } from './MediaTile';

interface MediaGridProps {
  urls: readonly string[];
  onOpen: (url: string) => void;
  /** Accessible name of tile i (e.g. "Foto 3 de 120"). */
  labelOf: (index: number, url: string) => string;
  /** Accessible name of the whole grid. */
  label: string;
}

const GAP = 4;

function columnsFor(width: number): number {
  if (width >= 1000) return 6;
  if (width >= 768) return 5;
  if (width >= 480) return 4;
  return 3;
}

/**
 * A grid that renders only the rows near the viewport: a gallery of thousands of photos keeps
 * a small DOM and scrolls smoothly on a cheap phone. Rows have a fixed height (square tiles), so
 * the page's height is right before any image arrives.
 */
export function MediaGrid({ urls, onOpen, labelOf, label }: MediaGridProps) {
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
  const rows = Math.ceil(urls.length / columns);
  const virtualizer = useWindowVirtualizer({
    count: rows,
    estimateSize: () => tile + GAP,
    overscan: 3,
    scrollMargin: offset,
    initialRect: { width, height: typeof window === 'undefined' ? 800 : window.innerHeight },
  });

  return (
    <div ref={container} className="grid" role="list" aria-label={label} style={{ height: rows * (tile + GAP) }}>
      {virtualizer.getVirtualItems().map((row) => (
        <div
          key={row.key}
          className="grid__row"
          style={{ transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)`, height: tile, gap: GAP }}
        >
          {urls.slice(row.index * columns, row.index * columns + columns).map((url, i) => {
            const index = row.index * columns + i;
            return (
              <div key={url} role="listitem" style={{ width: tile, height: tile }}>
                <MediaTile url={url} label={labelOf(index, url)} onOpen={onOpen} />
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
}
