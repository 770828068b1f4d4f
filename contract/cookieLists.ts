/**
 * The guest's cookies (docs/product.md#session-and-cookies): names, lifetimes and the comma-separated list codec.
 *
 * Cookies arrive from the outside world (an old build, a hand-edited value, another site on the
 * same domain), so decoding never throws: anything odd is dropped, and what survives is bounded.
 */

export const COOKIE = {
  collection: 'collection',
  packs: 'packs',
  events: 'events',
  bname: 'bname',
  agent: 'agent',
  reload: 'reload',
  loginRequired: 'loginRequired',
  transaction: 'transaction',
  /** Beyond the spec: the pending order's claim secret, which only the buyer's browser holds. */
  transactionClaim: 'transactionClaim',
} as const;

/** Max age of every list cookie, in seconds (docs/product.md#constants-and-limits). */
export const COOKIE_MAX_AGE_S = 34_000_000;

/**
 * Browsers drop a whole cookie above ~4096 bytes (name, value and attributes together), so a list
 * is written only up to this many encoded bytes; the oldest entries give way first.
 */
export const COOKIE_VALUE_BUDGET = 3_800;

/** One entry longer than this is not a media path, pack hash or event name: it is dropped. */
const MAX_ENTRY_LENGTH = 512;

/** A list never yields more entries than this, whatever it holds (a big wedding stays below). */
const MAX_LIST_ENTRIES = 5_000;

// Control characters and the separators no list entry may contain.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const FORBIDDEN = /[\u0000-\u001f\u007f,;]/;

function isValidEntry(entry: string): boolean {
  return entry.length > 0 && entry.length <= MAX_ENTRY_LENGTH && !FORBIDDEN.test(entry);
}

/** Decodes a comma-separated list: trimmed, without empty or malformed entries, without repeats. */
export function parseList(raw: string | undefined | null): string[] {
  if (typeof raw !== 'string' || raw.length === 0) return [];
  const seen = new Set<string>();
  for (const part of raw.split(',')) {
    const entry = part.trim();
    if (isValidEntry(entry)) seen.add(entry);
    if (seen.size >= MAX_LIST_ENTRIES) break;
  }
  return [...seen];
}

/** Adds an entry at the end unless present or malformed; returns the same array when unchanged. */
export function addToList(list: readonly string[], entry: string): readonly string[] {
  const clean = entry.trim();
  if (!isValidEntry(clean) || list.includes(clean)) return list;
  return [...list, clean];
}

/** Union keeping the order of `a`, then the new entries of `b`. */
export function mergeLists(a: readonly string[], b: readonly string[]): string[] {
  return parseList([...a, ...b].join(','));
}

/**
 * Encodes a list for a cookie, keeping the newest entries (the end of the list) that fit in
 * `budget` bytes once URI-encoded as js-cookie writes them.
 */
export function encodeList(list: readonly string[], budget = COOKIE_VALUE_BUDGET): string {
  const kept: string[] = [];
  let size = 0;
  for (let i = list.length - 1; i >= 0; i -= 1) {
    const entry = list[i];
    if (!isValidEntry(entry)) continue;
    const cost = encodeURIComponent(entry).length + (kept.length > 0 ? 3 : 0); // ',' is %2C
    if (size + cost > budget) break;
    kept.push(entry);
    size += cost;
  }
  return kept.reverse().join(',');
}

/** A single-valued cookie (agent, bname, transaction): trimmed and bounded, or null. */
export function parseScalar(raw: string | undefined | null): string | null {
  if (typeof raw !== 'string') return null;
  const value = raw.trim();
  return isValidEntry(value) ? value : null;
}

/** Flag cookies (loginRequired, reload) hold '1' or 'true' when set. */
export function parseFlag(raw: string | undefined | null): boolean {
  return raw === '1' || raw === 'true';
}
