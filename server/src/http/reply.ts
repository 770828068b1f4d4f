/** Splits a comma-separated list segment, dropping empty entries and the '-' of an empty list. */
export function splitList(value: string | undefined, max = 200): string[] {
  if (!value || value === '-') return [];
  return [...new Set(value.split(',').map((s) => s.trim()).filter((s) => s.length > 0))].slice(0, max);
}
