import { newAgentId } from '../../../contract/agentId';
import { BASE36, randomInteger, randomString, URL_SAFE, type RandomBytes } from '../../../contract/randomId';

/** A source that hands out the given bytes in turn, over and over. */
function bytesOf(values: number[]): RandomBytes {
  let next = 0;
  return (bytes) => {
    for (let i = 0; i < bytes.length; i += 1) bytes[i] = values[next++ % values.length];
  };
}

describe('random ids', () => {
  it('draw again the bytes that would favour some characters (no modulo bias)', () => {
    // 252..255 would map to 0..3 a fifth time over 36 characters: they are skipped.
    expect(randomString(3, BASE36, bytesOf([252, 253, 254, 255, 1, 37, 71]))).toBe('11z');
    expect(randomString(4, URL_SAFE, bytesOf([0, 63, 64, 255]))).toBe('A_A_');
  });

  it('spread evenly over the alphabet', () => {
    const counts = new Map<string, number>();
    for (const ch of randomString(36_000, BASE36)) counts.set(ch, (counts.get(ch) ?? 0) + 1);
    expect(counts.size).toBe(36);
    for (const count of counts.values()) expect(Math.abs(count - 1000)).toBeLessThan(200);
  });

  it('makes whole numbers within bounds, every one of them reachable, and refuses bad ranges', () => {
    expect(randomInteger(100_000_000, 999_999_999, bytesOf([0]))).toBe(100_000_000);
    // The top of the 32-bit range above the last whole span is drawn again.
    expect(randomInteger(0, 2, bytesOf([255, 255, 255, 255, 0, 0, 0, 5]))).toBe(2);
    const seen = new Set(Array.from({ length: 300 }, () => randomInteger(1, 6)));
    expect([...seen].sort()).toEqual([1, 2, 3, 4, 5, 6]);
    expect(() => randomInteger(5, 4)).toThrow(RangeError);
    expect(() => randomString(4, 'a')).toThrow(RangeError);
  });

  it("give a visitor 20 base-36 characters, 'z' as likely as '0'", () => {
    expect(newAgentId()).toMatch(/^[0-9a-z]{20}$/);
    // The old id took byte % 36, so bytes 252..255 made '0'..'3' likelier; now they are skipped.
    expect(newAgentId(bytesOf([255, 35]))).toBe('z'.repeat(20));
  });
});
