/**
 * An invitation hash (SPEC section 9: a base-36 timestamp, then random characters) that carries
 * at least 128 bits of randomness: 8 base-36 digits of `Date.now()` (until 2059), then 25 base-36
 * characters drawn uniformly with `crypto.getRandomValues` (25 x log2(36) = 129.2 bits).
 */
export const INVITATION_RANDOM_LENGTH = 25;
export const INVITATION_HASH_SOURCE = `^[0-9a-z]{8}[0-9a-z]{${INVITATION_RANDOM_LENGTH}}$`;
export const INVITATION_HASH_PATTERN = new RegExp(INVITATION_HASH_SOURCE);

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';
// The largest multiple of 36 below 256: bytes above it are drawn again, so no digit is favoured.
const UNBIASED_LIMIT = 252;

export function randomBase36(length: number, random: (bytes: Uint8Array<ArrayBuffer>) => void = (b) => crypto.getRandomValues(b)): string {
  let out = '';
  const buffer = new Uint8Array(length * 2);
  while (out.length < length) {
    random(buffer);
    for (const byte of buffer) {
      if (byte < UNBIASED_LIMIT && out.length < length) out += ALPHABET[byte % 36];
    }
  }
  return out;
}

export function newInvitationHash(now: number = Date.now()): string {
  return now.toString(36).padStart(8, '0').slice(-8) + randomBase36(INVITATION_RANDOM_LENGTH);
}

/** The moment a hash says it was made (its first 8 characters), in ms since the epoch. */
export function invitationHashTime(hash: string): number {
  return parseInt(hash.slice(0, 8), 36);
}
