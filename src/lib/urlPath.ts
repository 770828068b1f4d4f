/**
 * Builds a request path whose interpolated values are each one encoded path segment, so that a
 * value holding '/', '..', '?', '#', '%' or spaces can never change which route is called.
 */
export function path(strings: TemplateStringsArray, ...values: (string | number)[]): string {
  let out = strings[0];
  values.forEach((value, i) => {
    out += encodeSegment(String(value)) + strings[i + 1];
  });
  return out;
}

function encodeSegment(value: string): string {
  // '.' and '..' are path navigation even when encoded by some servers; spell the dots out.
  if (value === '.' || value === '..') return value.replace(/\./g, '%2E');
  return encodeURIComponent(value);
}

/** A list as one path segment: comma-separated, or '-' when empty (docs/api.md#the-contracts-calls). */
export function listSegment(list: readonly string[]): string {
  return list.length > 0 ? list.join(',') : '-';
}
