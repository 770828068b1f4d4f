/**
 * An invitation hash (docs/product.md#constants-and-limits: a base-36 timestamp, then random characters) that carries
 * at least 128 bits of randomness: 8 base-36 digits of `Date.now()` (until 2059), then 25 base-36
 * characters drawn uniformly (randomId.ts; 25 x log2(36) = 129.2 bits).
 */
import { BASE36, randomString } from './randomId';

const INVITATION_RANDOM_LENGTH = 25;
export const INVITATION_HASH_SOURCE = `^[0-9a-z]{8}[0-9a-z]{${INVITATION_RANDOM_LENGTH}}$`;
export const INVITATION_HASH_PATTERN = new RegExp(INVITATION_HASH_SOURCE);

export function newInvitationHash(now: number = Date.now()): string {
  return now.toString(36).padStart(8, '0').slice(-8) + randomString(INVITATION_RANDOM_LENGTH, BASE36);
}

/** The moment a hash says it was made (its first 8 characters), in ms since the epoch. */
export function invitationHashTime(hash: string): number {
  return parseInt(hash.slice(0, 8), 36);
}
