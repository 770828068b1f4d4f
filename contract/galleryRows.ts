/**
 * How a gallery's items fall into rows: the SPA's grid (src/ui/gallery/MediaGrid.tsx) and the
 * first rows the server draws into a booth gallery's page (server/src/modules/firstPaint/http/galleryShell.ts) use
 * this one rule, so the server's rows are the grid's rows. Sizes are the stylesheet's
 * (src/styles/base.css, "galleries"): the number of columns follows the grid's width, and only
 * indexes travel in the markup.
 */

/**
 * Marks the first rows the server draws into a booth gallery's page, for the app to find and
 * remove them once its own are on the screen.
 */
export const GALLERY_SHELL_ATTRIBUTE = 'data-gallery-shell';

/** A phone's columns (the stylesheet's narrowest grid, under 480 px): what the server draws for. */
export const PHONE_COLUMNS = 3;

/** Pixels between tiles, both ways (base.css `--grid-gap`). */
export const GRID_GAP_PX = 4;

/**
 * How many items the first row holds. A live list, newest first, that grows at its start (a
 * booth's gallery while the party goes on) is laid out from its end: the partial row is the
 * first, so an arriving item fills it or opens a new row above, and no older item changes place.
 */
export function firstRowItems(count: number, columns: number, growsAtTop: boolean): number {
  if (count === 0) return 0;
  return growsAtTop ? count % columns || columns : Math.min(count, columns);
}

export function rowCount(count: number, columns: number, growsAtTop: boolean): number {
  if (count === 0) return 0;
  return 1 + Math.ceil((count - firstRowItems(count, columns, growsAtTop)) / columns);
}

/** The items of row `row` as [start, end) indexes, when the first row holds `head` items. */
export function rowItems(row: number, head: number, columns: number): [number, number] {
  if (row === 0) return [0, head];
  const start = head + (row - 1) * columns;
  return [start, start + columns];
}
