/**
 * The pure parts of the benchmarks (tested in test/scripts/benchReport.test.ts): the accounting
 * of acknowledged writes lost across a crash, and the tables both benchmarks print.
 */

export type WriteKind = 'lead' | 'upload' | 'print' | 'order';
export const WRITE_KINDS: readonly WriteKind[] = ['lead', 'upload', 'print', 'order'];

/** A write the server answered 2xx to, as the client saw it. */
export interface AckedWrite {
  kind: WriteKind;
  /** What finds it again: a lead's client id, an upload's URL, a print's request id, an order id. */
  key: string;
  /** The cycle whose load sent it. */
  cycle: number;
  /**
   * What the reply promised and a restart must still show, when there is something to compare:
   * the copies left after a print, the byte size of an upload, the Pix code of an order.
   */
  expected?: string | number;
}

/**
 * What a restarted server holds, per kind: key, and the value to compare with `expected` (null when nothing is
 * compared).
 */
export type FoundWrites = Record<WriteKind, ReadonlyMap<string, string | number | null>>;

export interface LostWrite {
  write: AckedWrite;
  /** 'missing', or what was found instead of what the reply promised. */
  why: string;
}

/** The acknowledged writes a restart does not hold as they were acknowledged. */
export function lostWrites(acked: readonly AckedWrite[], found: FoundWrites): LostWrite[] {
  const lost: LostWrite[] = [];
  for (const write of acked) {
    const kind = found[write.kind];
    if (!kind.has(write.key)) {
      lost.push({ write, why: 'missing' });
      continue;
    }
    const value = kind.get(write.key);
    if (write.expected !== undefined && value !== write.expected) {
      lost.push({ write, why: `found ${JSON.stringify(value ?? null)} instead of ${JSON.stringify(write.expected)}` });
    }
  }
  return lost;
}

/** An upload the restarted server still holds (its row and its file), whether or not its gallery lists it. */
export interface KeptUpload {
  /** The stored file's size, null when there is none. */
  bytes: number | null;
  /** Why a gallery may leave it out (say, its thumbnail job's state): shown beside it. */
  state: string;
}

/**
 * Of the writes missing from what a guest sees, the uploads the restart kept whole (row and file
 * as acknowledged) are hidden, not lost: still a failure, for a guest cannot find them, but of
 * another kind. Answers both lists.
 */
export function hiddenUploads(
  missing: readonly LostWrite[],
  kept: ReadonlyMap<string, KeptUpload>,
): { lost: LostWrite[]; hidden: LostWrite[] } {
  const lost: LostWrite[] = [];
  const hidden: LostWrite[] = [];
  for (const entry of missing) {
    const held = entry.write.kind === 'upload' && entry.why === 'missing' ? kept.get(entry.write.key) : undefined;
    if (held && held.bytes !== null && (entry.write.expected === undefined || held.bytes === entry.write.expected)) {
      hidden.push({ write: entry.write, why: `kept, but not in its gallery (${held.state})` });
    } else {
      lost.push(entry);
    }
  }
  return { lost, hidden };
}

/** How many writes of each kind, in WRITE_KINDS order. */
export function countByKind(writes: readonly { kind: WriteKind }[]): Record<WriteKind, number> {
  const counts: Record<WriteKind, number> = { lead: 0, upload: 0, print: 0, order: 0 };
  for (const write of writes) counts[write.kind] += 1;
  return counts;
}

/** One line per lost write, naming it (the bench's failure message). */
export function describeLost(lost: readonly LostWrite[]): string[] {
  return lost.map(({ write, why }) => `cycle ${write.cycle}: ${write.kind} ${write.key}: ${why}`);
}

export interface Column {
  header: string;
  /** Numbers read best right-aligned. */
  align?: 'left' | 'right';
}

/** A plain-text table: a header, a rule, then the rows; every column as wide as its widest cell. */
export function formatTable(columns: readonly Column[], rows: readonly (readonly string[])[]): string {
  for (const row of rows) {
    if (row.length !== columns.length) throw new Error(`a row has ${row.length} cells for ${columns.length} columns`);
  }
  const widths = columns.map((column, i) => Math.max(column.header.length, ...rows.map((row) => row[i].length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, i) => (columns[i].align === 'right' ? cell.padStart(widths[i]) : cell.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  return [line(columns.map((c) => c.header)), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join(
    '\n',
  );
}

/** The figures of one autocannon run that the API table shows. */
export interface LoadFigures {
  p50: number;
  p99: number;
  requestsPerSecond: number;
  /** Replies that were not what the route should answer (non-2xx, or not the expected 304). */
  unexpected: number;
  /** Connection errors and timeouts. */
  errors: number;
}

export interface ApiRow {
  route: string;
  figures: LoadFigures;
  /** A run of the bare route: the yardstick, not judged. */
  bare?: boolean;
}

/** The aim: p99 under 50 ms and at least half the bare route's requests per second. */
export const AIM = { p99Ms: 50, ratio: 0.5 } as const;

export interface ApiVerdict {
  ratio: number;
  meetsAim: boolean;
  misses: string[];
}

export function judgeRoute(figures: LoadFigures, bareRequestsPerSecond: number): ApiVerdict {
  const ratio = bareRequestsPerSecond > 0 ? figures.requestsPerSecond / bareRequestsPerSecond : 0;
  const misses: string[] = [];
  if (!(figures.p99 < AIM.p99Ms)) misses.push(`p99 ${figures.p99} ms >= ${AIM.p99Ms} ms`);
  if (ratio < AIM.ratio) misses.push(`${ratio.toFixed(2)} of the bare route's req/s < ${AIM.ratio}`);
  if (figures.unexpected > 0) misses.push(`${figures.unexpected} unexpected replies`);
  if (figures.errors > 0) misses.push(`${figures.errors} errors`);
  return { ratio, meetsAim: misses.length === 0, misses };
}

/**
 * The bare route's requests per second that the others are compared with: the mean of its runs
 * (the bench runs it first and last, so that a machine busier at one end counts for half).
 */
export function bareRequestsPerSecond(rows: readonly ApiRow[]): number {
  const bare = rows.filter((row) => row.bare);
  if (bare.length === 0) throw new Error('no run of the bare route');
  return bare.reduce((sum, row) => sum + row.figures.requestsPerSecond, 0) / bare.length;
}

/** The API table: each route's figures, its ratio to the bare route, and whether it meets the aim. */
export function formatApiTable(rows: readonly ApiRow[]): string {
  const reference = bareRequestsPerSecond(rows);
  const columns: Column[] = [
    { header: 'route' },
    { header: 'p50 ms', align: 'right' },
    { header: 'p99 ms', align: 'right' },
    { header: 'req/s', align: 'right' },
    { header: 'vs bare', align: 'right' },
    { header: 'unexpected', align: 'right' },
    { header: 'errors', align: 'right' },
    { header: 'aim' },
  ];
  const cells = rows.map(({ route, figures, bare }) => {
    const verdict = judgeRoute(figures, reference);
    return [
      route,
      String(figures.p50),
      String(figures.p99),
      figures.requestsPerSecond.toFixed(0),
      verdict.ratio.toFixed(2),
      String(figures.unexpected),
      String(figures.errors),
      bare ? '(yardstick)' : verdict.meetsAim ? 'met' : `MISSED: ${verdict.misses.join('; ')}`,
    ];
  });
  return formatTable(columns, cells);
}

/** The middle of a benchmark's repeated measures (of an even count, the mean of the two middle ones). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}
