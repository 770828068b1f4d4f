/**
 * Dates the Brazilian way (20/09/2026). A calendar date (an event's day, `YYYY-MM-DD` as a date
 * input gives it) is rewritten as text, never through Date, which would move it a day west of UTC.
 * A moment (when a lead arrived) is shown in Brasília time, whatever the device's zone.
 */
const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function formatCalendarDate(value: string): string {
  const match = CALENDAR_DATE.exec(value.trim());
  if (!match) return value;
  const [, year, month, day] = match;
  return `${day}/${month}/${year}`;
}

const MOMENT = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  dateStyle: 'short',
  timeStyle: 'short',
});

export function formatMoment(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : MOMENT.format(date);
}

const TIME = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', timeStyle: 'short' });
const DAY = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

/** The day of a moment, in Brasília: `20/09/2026`. */
export function formatDay(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : DAY.format(date);
}

/**
 * When something was last heard from (a printer), in Brasília time: 'às 21:05' today, 'em
 * 20/11/2026 às 21:05' another day (a time alone would pass yesterday's for a minute ago).
 */
export function formatLastSeen(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const day = DAY.format(date);
  return day === DAY.format(now) ? `às ${TIME.format(date)}` : `em ${day} às ${TIME.format(date)}`;
}
