/**
 * The papers an event's printer may hold: a print file is laid out for its event's
 * paper at PRINT_DPI, the photo above a band with the event's title and the photo's collect QR
 * code. 10x15 cm is the photo booths' usual.
 */
export const PRINT_PAPERS = {
  '10x15': { shortMm: 100, longMm: 150, label: '10 x 15 cm' },
  '13x18': { shortMm: 130, longMm: 180, label: '13 x 18 cm' },
  '15x20': { shortMm: 150, longMm: 200, label: '15 x 20 cm' },
} as const;

export type PrintPaper = keyof typeof PRINT_PAPERS;
export const PRINT_PAPER_NAMES = Object.keys(PRINT_PAPERS) as PrintPaper[];
export const DEFAULT_PRINT_PAPER: PrintPaper = '10x15';
export const PRINT_DPI = 300;

/** A length on paper in pixels at PRINT_DPI. */
export const mmToPixels = (mm: number) => Math.round((mm / 25.4) * PRINT_DPI);

/** The page's size in pixels: landscape for a landscape photo, portrait otherwise. */
export function pagePixels(paper: PrintPaper, landscape: boolean): { width: number; height: number } {
  const { shortMm, longMm } = PRINT_PAPERS[paper];
  const [short, long] = [mmToPixels(shortMm), mmToPixels(longMm)];
  return landscape ? { width: long, height: short } : { width: short, height: long };
}
