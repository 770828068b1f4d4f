/**
 * The one way ids and secrets are drawn in the browser (and checked in tests): characters of an
 * alphabet chosen uniformly from the platform's CSPRNG (Web Crypto's `getRandomValues`, in every
 * browser and in Node alike). Bytes that would favour some characters (the tail above the largest
 * multiple of the alphabet's size) are drawn again: no modulo bias.
 */

/** Fills the array with random bytes; tests pass their own. */
export type RandomBytes = (bytes: Uint8Array<ArrayBuffer>) => void;

const platformBytes: RandomBytes = (bytes) => void crypto.getRandomValues(bytes);

export const BASE36 = '0123456789abcdefghijklmnopqrstuvwxyz';
/** 64 characters that need no escaping in a URL, a cookie or a file name (6 bits each). */
export const URL_SAFE = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** `length` characters of `alphabet` (2 to 256 of them), each equally likely. */
export function randomString(length: number, alphabet: string, random: RandomBytes = platformBytes): string {
  if (alphabet.length < 2 || alphabet.length > 256) throw new RangeError('alphabet must have 2 to 256 characters');
  const limit = 256 - (256 % alphabet.length);
  // getRandomValues hands out at most 64 KiB a call.
  const buffer = new Uint8Array(Math.min(65_536, Math.max(16, length * 2)));
  let out = '';
  while (out.length < length) {
    random(buffer);
    for (const byte of buffer) {
      if (byte < limit && out.length < length) out += alphabet[byte % alphabet.length];
    }
  }
  return out;
}

/** A whole number from `min` to `max` (both included, at most 2^32 apart), each equally likely. */
export function randomInteger(min: number, max: number, random: RandomBytes = platformBytes): number {
  const span = max - min + 1;
  if (!Number.isInteger(min) || !Number.isInteger(span) || span < 1 || span > 0x1_0000_0000)
    throw new RangeError('bad range');
  const limit = 0x1_0000_0000 - (0x1_0000_0000 % span);
  const word = new Uint8Array(4);
  for (;;) {
    random(word);
    const value = ((word[0] << 24) >>> 0) + (word[1] << 16) + (word[2] << 8) + word[3];
    if (value < limit) return min + (value % span);
  }
}
