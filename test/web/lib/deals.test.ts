import {
  balanceByMonth,
  balanceOf,
  dealOutcome,
  dealStatusLabel,
  eventMonth,
  monthLabel,
  summariseDeals,
  type DealFigures,
} from '../../../src/lib/deals';

function deal(total: number, status: string, eventDate = '2026-03-14', rate = 10, discount = 0.1): DealFigures {
  return { total, rate, discount, status, eventDate };
}

describe('a deal', () => {
  it('balances round(total × rate/100 × (1 − discount)) in reais', () => {
    expect(balanceOf(deal(2000, 'approved'))).toBe(180);
    expect(balanceOf(deal(1234, 'approved', '2026-03-14', 7.5, 0.15))).toBe(79); // 78.6675
    expect(balanceOf(deal(1000, 'approved', '2026-03-14', 10, 0))).toBe(100);
  });

  it.each([
    ['approved', 'Pago', 'paid'],
    ['pending', 'Aguardando pagamento', 'pending'],
    ['in_process', 'Aguardando pagamento', 'pending'],
    ['rejected', 'Recusado', 'refused'],
    ['cancelled', 'Cancelado', 'refused'],
    ['refunded', 'Estornado', 'refused'],
    ['charged_back', 'Contestado no cartão', 'refused'],
    ['something_new', 'something_new', 'other'],
    ['toString', 'toString', 'other'],
  ])('status %s reads "%s" and counts as %s', (status, label, outcome) => {
    expect(dealStatusLabel(status)).toBe(label);
    expect(dealOutcome(status)).toBe(outcome);
  });
});

describe('summariseDeals', () => {
  it('earns the paid balances, expects the pending ones and counts each kind', () => {
    const summary = summariseDeals([
      deal(2000, 'approved'), // 180
      deal(1000, 'approved', '2026-04-01', 10, 0), // 100
      deal(3000, 'pending'), // 270
      deal(500, 'in_process', '2026-04-02', 20, 0), // 100
      deal(9000, 'rejected'), // would be 810: earns nothing
      deal(100, 'mystery'),
    ]);
    expect(summary).toEqual({ earned: 280, receivable: 370, count: 6, paid: 2, pending: 2, refused: 1 });
  });

  it('is all zeros without deals', () => {
    expect(summariseDeals([])).toEqual({ earned: 0, receivable: 0, count: 0, paid: 0, pending: 0, refused: 0 });
  });
});

describe('eventMonth', () => {
  it.each([
    ['2026-03-14', '2026-03'],
    ['2026-12-31T20:00:00Z', '2026-12'],
    [' 2026-01-05 ', '2026-01'],
    ['14/03/2026', '2026-03'],
    ['2026-13-01', null],
    ['2026-00-01', null],
    ['amanhã', null],
    ['', null],
  ])('%s is in %s', (date, month) => {
    expect(eventMonth(date)).toBe(month);
  });
});

describe('balanceByMonth', () => {
  it('sums paid and pending balances per event month, in order, with the empty months between', () => {
    expect(
      balanceByMonth([
        deal(1000, 'pending', '2026-05-20', 10, 0), // 100 pending in May
        deal(2000, 'approved', '2026-02-10'), // 180 paid in February
        deal(1000, 'approved', '2026-02-28', 10, 0), // 100 paid in February
        deal(1000, 'approved', '2026-05-01', 5, 0), // 50 paid in May
        deal(9000, 'rejected', '2026-07-01'), // refused: no bar, and no month
        deal(1000, 'approved', 'sem data'), // no date: left out
      ]),
    ).toEqual([
      { month: '2026-02', paid: 280, pending: 0 },
      { month: '2026-03', paid: 0, pending: 0 },
      { month: '2026-04', paid: 0, pending: 0 },
      { month: '2026-05', paid: 50, pending: 100 },
    ]);
  });

  it('crosses a year', () => {
    expect(
      balanceByMonth([deal(1000, 'approved', '2025-11-03', 10, 0), deal(1000, 'pending', '2026-01-09', 10, 0)]).map(
        (m) => m.month,
      ),
    ).toEqual(['2025-11', '2025-12', '2026-01']);
  });

  it('covers every month from the first deal to the last, however far apart, so its bars add up to the summary', () => {
    const deals = [
      deal(1000, 'approved', '2024-01-10'), // 90 paid, 26 months before the last deal
      deal(1000, 'pending', '2024-01-01', 10, 0), // 100 to receive, on the first day of the first month
      // 200 to receive, on the last evening of the last month
      deal(2000, 'pending', '2026-03-31T23:30:00-03:00', 10, 0),
      deal(500, 'rejected', '2025-06-15'),
    ];
    const months = balanceByMonth(deals);
    expect(months).toHaveLength(27);
    expect(months[0]).toEqual({ month: '2024-01', paid: 90, pending: 100 });
    expect(months[26]).toEqual({ month: '2026-03', paid: 0, pending: 200 });
    expect(months.slice(1, 26).every((m) => m.paid === 0 && m.pending === 0)).toBe(true);
    const summary = summariseDeals(deals);
    expect(months.reduce((sum, m) => sum + m.pending, 0)).toBe(summary.receivable);
    expect(months.reduce((sum, m) => sum + m.paid, 0)).toBe(summary.earned);
  });

  it('is empty without a deal that counts', () => {
    expect(balanceByMonth([])).toEqual([]);
    expect(balanceByMonth([deal(1000, 'rejected')])).toEqual([]);
  });
});

describe('monthLabel', () => {
  it('names the month in Portuguese', () => {
    expect(monthLabel('2026-03')).toBe('mar/2026');
    expect(monthLabel('2026-03', 'long')).toBe('março de 2026');
    expect(monthLabel('2025-12', 'long')).toBe('dezembro de 2025');
  });
});
