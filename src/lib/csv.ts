/**
 * CSV for spreadsheets: comma-separated, every field quoted, and a leading = + - @ (or tab/CR)
 * neutralised with an apostrophe, so that a lead's text can never run as a formula in Excel.
 */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export function toCsv(header: readonly string[], rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  // The BOM makes Excel read the file as UTF-8 (accents in names).
  return `\uFEFF${[header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
