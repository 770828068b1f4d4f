import { formatCalendarDate, formatDay, formatLastSeen } from '../../../src/lib/dates';

describe('formatLastSeen', () => {
  const now = new Date('2026-11-26T23:30:00.000Z'); // 20:30 in Brasília

  it('says only the time for a moment of the same day in Brasília', () => {
    expect(formatLastSeen('2026-11-26T23:05:00.000Z', now)).toBe('às 20:05');
    expect(formatLastSeen('2026-11-26T03:00:00.000Z', now)).toBe('às 00:00');
  });

  it('says the day too for another day in Brasília, though it is the same day in UTC', () => {
    expect(formatLastSeen('2026-11-26T02:59:00.000Z', now)).toBe('em 25/11/2026 às 23:59');
    expect(formatLastSeen('2026-11-20T15:00:00.000Z', now)).toBe('em 20/11/2026 às 12:00');
  });

  it('gives back what is not a moment as it came', () => {
    expect(formatLastSeen('ontem', now)).toBe('ontem');
  });
});

it('formatCalendarDate writes a date input as dd/mm/aaaa without moving it a day', () => {
  expect(formatCalendarDate('2026-09-20')).toBe('20/09/2026');
});

it("formatDay writes a moment's day in Brasília, the day before UTC's past 21:00", () => {
  expect(formatDay('2026-12-19T23:30:00.000Z')).toBe('19/12/2026');
  expect(formatDay('2026-12-20T02:59:00.000Z')).toBe('19/12/2026');
  expect(formatDay('2026-12-20T03:00:00.000Z')).toBe('20/12/2026');
  expect(formatDay('amanhã')).toBe('amanhã');
});
