import {
  bareRequestsPerSecond,
  countByKind,
  describeLost,
  formatApiTable,
  formatTable,
  hiddenUploads,
  judgeRoute,
  lostWrites,
  median,
  type AckedWrite,
  type FoundWrites,
  type LoadFigures,
} from '../../scripts/lib/benchReport';

function found(overrides: Partial<{ [K in keyof FoundWrites]: [string, string | number | null][] }> = {}): FoundWrites {
  return {
    lead: new Map(overrides.lead ?? []),
    upload: new Map(overrides.upload ?? []),
    print: new Map(overrides.print ?? []),
    order: new Map(overrides.order ?? []),
  };
}

describe('bench:crash: the acknowledged writes a restart lost', () => {
  const acked: AckedWrite[] = [
    { kind: 'lead', key: 'crash-c1n1-lead', cycle: 1 },
    { kind: 'upload', key: '/media/crash/pad/c1n2.jpg', cycle: 1, expected: 120_000 },
    { kind: 'print', key: 'crash-c2n3-print', cycle: 2, expected: 999_990 },
    { kind: 'order', key: '101000004', cycle: 2, expected: '000201pix' },
    { kind: 'order', key: '101000005', cycle: 2 },
  ];

  it('finds nothing lost when every write is there as it was acknowledged', () => {
    const all = found({
      lead: [
        ['crash-c1n1-lead', null],
        ['someone-else', null],
      ],
      upload: [['/media/crash/pad/c1n2.jpg', 120_000]],
      print: [['crash-c2n3-print', 999_990]],
      order: [
        ['101000004', '000201pix'],
        ['101000005', null],
      ],
    });
    expect(lostWrites(acked, all)).toEqual([]);
  });

  it('names a write that is missing, and one found other than acknowledged', () => {
    const some = found({
      lead: [['crash-c1n1-lead', null]],
      // Half the file reached the disk, and the print's copies went back up.
      upload: [['/media/crash/pad/c1n2.jpg', 60_000]],
      print: [['crash-c2n3-print', 999_991]],
      order: [['101000005', null]],
    });
    const lost = lostWrites(acked, some);
    expect(lost.map((l) => [l.write.key, l.why])).toEqual([
      ['/media/crash/pad/c1n2.jpg', 'found 60000 instead of 120000'],
      ['crash-c2n3-print', 'found 999991 instead of 999990'],
      ['101000004', 'missing'],
    ]);
    expect(describeLost(lost)).toEqual([
      'cycle 1: upload /media/crash/pad/c1n2.jpg: found 60000 instead of 120000',
      'cycle 2: print crash-c2n3-print: found 999991 instead of 999990',
      'cycle 2: order 101000004: missing',
    ]);
  });

  it('tells an upload kept whole but missing from its gallery (hidden) from one lost', () => {
    const uploads: AckedWrite[] = [
      { kind: 'upload', key: '/media/crash/pad/c1n1.jpg', cycle: 1, expected: 120_000 },
      { kind: 'upload', key: '/media/crash/pad/c1n2.jpg', cycle: 1, expected: 120_000 },
      { kind: 'upload', key: '/media/crash/pad/c1n3.jpg', cycle: 1, expected: 120_000 },
      { kind: 'lead', key: 'crash-c1n4-lead', cycle: 1 },
    ];
    const missing = lostWrites(uploads, found());
    const { lost, hidden } = hiddenUploads(
      missing,
      new Map([
        ['/media/crash/pad/c1n1.jpg', { bytes: 120_000, state: 'awaiting its tile, job active' }],
        // Its row is there, but half its file.
        ['/media/crash/pad/c1n2.jpg', { bytes: 60_000, state: 'awaiting its tile, job created' }],
        ['crash-c1n4-lead', { bytes: 1, state: 'not an upload' }],
      ]),
    );
    expect(describeLost(hidden)).toEqual([
      'cycle 1: upload /media/crash/pad/c1n1.jpg: kept, but not in its gallery (awaiting its tile, job active)',
    ]);
    expect(lost.map((l) => l.write.key)).toEqual([
      '/media/crash/pad/c1n2.jpg',
      '/media/crash/pad/c1n3.jpg',
      'crash-c1n4-lead',
    ]);
  });

  it('looks a key up in its own kind only', () => {
    const elsewhere = found({ order: [['crash-c1n1-lead', null]] });
    expect(lostWrites([acked[0]], elsewhere).map((l) => l.why)).toEqual(['missing']);
  });

  it('counts writes by kind', () => {
    expect(countByKind(acked)).toEqual({ lead: 1, upload: 1, print: 1, order: 2 });
    expect(countByKind([])).toEqual({ lead: 0, upload: 0, print: 0, order: 0 });
  });
});

describe('the tables the benchmarks print', () => {
  it('pads every column to its widest cell, numbers to the right', () => {
    const table = formatTable(
      [{ header: 'route' }, { header: 'req/s', align: 'right' }],
      [
        ['/api/all', '27'],
        ['bare', '4833'],
      ],
    );
    expect(table.split('\n')).toEqual(['route     req/s', '--------  -----', '/api/all     27', 'bare       4833']);
  });

  it('refuses a row with the wrong number of cells', () => {
    expect(() => formatTable([{ header: 'a' }, { header: 'b' }], [['only one']])).toThrow('1 cells for 2 columns');
  });
});

describe('bench:api: a route against the aim', () => {
  const figures = (over: Partial<LoadFigures>): LoadFigures => ({
    p50: 10,
    p99: 30,
    requestsPerSecond: 3000,
    unexpected: 0,
    errors: 0,
    ...over,
  });

  it('compares with the mean of the bare runs', () => {
    const rows = [
      { route: 'bare 1', figures: figures({ requestsPerSecond: 5000 }), bare: true },
      { route: '/api/x', figures: figures({}) },
      { route: 'bare 2', figures: figures({ requestsPerSecond: 3000 }), bare: true },
    ];
    expect(bareRequestsPerSecond(rows)).toBe(4000);
    expect(() => bareRequestsPerSecond([rows[1]])).toThrow('no run of the bare route');
  });

  it('meets the aim with p99 under 50 ms and half the bare throughput, and says why it misses', () => {
    expect(judgeRoute(figures({ requestsPerSecond: 2000 }), 4000)).toEqual({ ratio: 0.5, meetsAim: true, misses: [] });
    expect(judgeRoute(figures({ p99: 50, requestsPerSecond: 1000, unexpected: 3 }), 4000)).toEqual({
      ratio: 0.25,
      meetsAim: false,
      misses: ['p99 50 ms >= 50 ms', "0.25 of the bare route's req/s < 0.5", '3 unexpected replies'],
    });
  });

  it('prints each route with its ratio to the bare route and its verdict', () => {
    const table = formatApiTable([
      { route: 'bare', figures: figures({ requestsPerSecond: 4000 }), bare: true },
      { route: '/api/all', figures: figures({ p99: 80, requestsPerSecond: 1000 }) },
      { route: '/api/validatePacks', figures: figures({ requestsPerSecond: 2500 }) },
    ]);
    const lines = table.split('\n');
    expect(lines[0].split(/\s{2,}/)).toEqual([
      'route',
      'p50 ms',
      'p99 ms',
      'req/s',
      'vs bare',
      'unexpected',
      'errors',
      'aim',
    ]);
    expect(lines[2]).toMatch(/^bare\s+10\s+30\s+4000\s+1\.00\s+0\s+0\s+\(yardstick\)$/);
    expect(lines[3]).toMatch(
      new RegExp(
        String.raw`^/api/all\s+10\s+80\s+1000\s+0\.25\s+0\s+0\s+` +
          String.raw`MISSED: p99 80 ms >= 50 ms; 0\.25 of the bare route's req/s < 0\.5$`,
      ),
    );
    expect(lines[4]).toMatch(/^\/api\/validatePacks\s+10\s+30\s+2500\s+0\.63\s+0\s+0\s+met$/);
  });
});

describe('median', () => {
  it('is the middle measure of an odd count, whatever the order they came in', () => {
    expect(median([640, 311, 466, 596, 371])).toBe(466);
  });

  it('is the mean of the two middle measures of an even count', () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
});
