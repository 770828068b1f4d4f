import { newPackHash, PACK_HASH_ALPHABET, PACK_HASH_LENGTH } from '../../server/src/modules/print/packs';

describe('newPackHash', () => {
  it('makes 20 base-32 characters (100 random bits), 1,000 of them all different', () => {
    const hashes = Array.from({ length: 1000 }, () => newPackHash());
    for (const hash of hashes) expect(hash).toMatch(/^[A-Z2-7]{20}$/);
    expect(new Set(hashes).size).toBe(1000);
    expect(PACK_HASH_LENGTH * Math.log2(PACK_HASH_ALPHABET.length)).toBeGreaterThanOrEqual(96);
    // Every character of the alphabet shows up: no bias that leaves some unused.
    expect(new Set(hashes.join('')).size).toBe(32);
  });
});
