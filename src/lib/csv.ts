/**
 * CSV as a Brazilian spreadsheet reads it (Excel and LibreOffice in pt-BR, on a double click): a
 * UTF-8 byte-order mark (or the accents come out garbled), fields separated by ';' (the ',' is the
 * decimal separator there), lines ended by CRLF, a field quoted only when it holds a ';', a quote
 * or a line break (or starts or ends with a space), numbers with a decimal comma and no thousands
 * separator, dates dd/mm/aaaa. Text starting with = + - @ (or a tab or CR) is neutralised with an
 * apostrophe, so that a lead's or a client's text can never run as a formula. Every export uses
 * this module.
 */
import { formatCalendarDate } from './dates';

/** A number to write as a number (never neutralised): `decimals` fixed, or as many as it has (up to 2). */
export interface CsvNumber {
  readonly csvNumber: number;
  readonly decimals?: number;
}

export type CsvValue = string | number | CsvNumber | null | undefined;

export const CSV_SEPARATOR = ';';

/** Money in reais as a plain number with two decimals: 1700 -> '1700,00'. */
export function csvMoney(value: number): CsvNumber {
  return { csvNumber: value, decimals: 2 };
}

/** A calendar day (`YYYY-MM-DD`, as a date input gives it) as dd/mm/aaaa; other text as it came. */
export function csvDate(value: string): string {
  return formatCalendarDate(value);
}

const PLAIN = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 2, useGrouping: false });

function numberText({ csvNumber, decimals }: CsvNumber): string {
  const safe = Number.isFinite(csvNumber) ? csvNumber : 0;
  return decimals === undefined ? PLAIN.format(safe) : safe.toFixed(decimals).replace('.', ',');
}

const NEEDS_QUOTES = /[;"\r\n]|^\s|\s$/;

/** One field, quoted when it must be. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return numberText({ csvNumber: value });
  if (typeof value === 'object') return numberText(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The whole file: the byte-order mark, the header, one line per row, each line ended by CRLF. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return `\uFEFF${[header, ...rows].map((row) => `${row.map(csvCell).join(CSV_SEPARATOR)}\r\n`).join('')}`;
}
