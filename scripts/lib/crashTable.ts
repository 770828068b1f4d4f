/**
 * The table bench:crash prints after its cycles: one row per kill, what was acknowledged before it and what the
 * restart that followed kept, listed, lost and hid.
 */
import { formatTable, type WriteKind } from './benchReport';
import { LISTED_WITHIN_MS } from './crashChecks';

export interface CycleRow {
  cycle: number;
  killAtMs: number;
  acked: Record<WriteKind, number>;
  refused: string;
  temporaryLeft: number;
  temporaryAfterStart: number;
  restartS: number;
  /** Jobs the killed server held that the restarted one handed back (its log says so). */
  handedBack: number;
  /**
   * When the gallery listed every acknowledged upload, in s after the server answered; null when not within
   * LISTED_WITHIN_MS.
   */
  listedAfterS: number | null;
  lost: number;
  hidden: number;
}

export function cycleTable(rows: readonly CycleRow[]): string {
  return formatTable(
    [
      { header: 'cycle', align: 'right' },
      { header: 'kill at ms', align: 'right' },
      { header: 'leads', align: 'right' },
      { header: 'uploads', align: 'right' },
      { header: 'prints', align: 'right' },
      { header: 'orders', align: 'right' },
      { header: 'non-2xx', align: 'right' },
      { header: 'tmp left by kill', align: 'right' },
      { header: 'tmp of the kill after restart', align: 'right' },
      { header: 'restart s', align: 'right' },
      { header: 'jobs handed back', align: 'right' },
      { header: 'all listed s', align: 'right' },
      { header: 'lost', align: 'right' },
      { header: 'hidden', align: 'right' },
    ],
    rows.map((r) => [
      String(r.cycle),
      String(r.killAtMs),
      String(r.acked.lead),
      String(r.acked.upload),
      String(r.acked.print),
      String(r.acked.order),
      r.refused,
      String(r.temporaryLeft),
      String(r.temporaryAfterStart),
      r.restartS.toFixed(1),
      String(r.handedBack),
      r.listedAfterS === null ? `> ${LISTED_WITHIN_MS / 1000}` : r.listedAfterS.toFixed(1),
      String(r.lost),
      String(r.hidden),
    ]),
  );
}
