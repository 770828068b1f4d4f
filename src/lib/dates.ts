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

const MOMENT = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', dateStyle: 'short', timeStyle: 'short' });

export function formatMoment(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : MOMENT.format(date);
}

const TIME = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', timeStyle: 'short' });

/** The time of a moment of today (when a printer was last heard from), in Brasília time: 21:05. */
export function formatTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : TIME.format(date);
}
