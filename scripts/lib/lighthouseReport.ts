/**
 * bench:lighthouse's figures of a page and how they are printed: one line per run, the median of the runs, and the
 * table of the medians with each page's installability.
 */
import { median } from './benchReport';
import { installabilityCell, type Installability } from './pwaInstallability';

export interface Run {
  performance: number;
  accessibility: number;
  lcp: number;
  tbt: number;
  cls: number;
  fcp: number;
}

const ms = (value: number) => `${(value / 1000).toFixed(2)} s`;

export function line(label: string, run: Run): string {
  return (
    `${label.padEnd(8)} perf ${String(run.performance).padStart(3)}  a11y ` +
    `${String(run.accessibility).padStart(3)}  FCP ${run.fcp.toFixed(0).padStart(5)} ms  LCP ` +
    `${run.lcp.toFixed(0).padStart(5)} ms  TBT ${run.tbt.toFixed(0).padStart(4)} ms  CLS ${run.cls.toFixed(3)}`
  );
}

export function medianRun(runs: Run[]): Run {
  const pick = (key: keyof Run) => median(runs.map((r) => r[key]));
  return {
    performance: pick('performance'),
    accessibility: pick('accessibility'),
    fcp: pick('fcp'),
    lcp: pick('lcp'),
    tbt: pick('tbt'),
    cls: pick('cls'),
  };
}

export function table(rows: { page: { label: string }; median: Run; check: Installability }[]): string {
  const head = ['page', 'perf', 'a11y', 'FCP', 'LCP', 'TBT', 'CLS', 'PWA'];
  const body = rows.map(({ page, median: m, check }) => [
    page.label,
    String(m.performance),
    String(m.accessibility),
    ms(m.fcp),
    ms(m.lcp),
    `${m.tbt.toFixed(0)} ms`,
    m.cls.toFixed(3),
    installabilityCell(check),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((r) => r[i].length)));
  const format = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  return [format(head), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...body.map(format)].join('\n');
}
