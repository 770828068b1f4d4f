import fc from 'fast-check';
import { etagMatches, splitList } from '../../server/src/platform/http/reply';

describe('splitList', () => {
  it('reads the names of a list segment, trimmed, each once, in order', () => {
    expect(splitList('festa_ana, casamento_bia,,festa_ana , ')).toEqual(['festa_ana', 'casamento_bia']);
  });

  it("reads nothing from an absent segment or the '-' of an empty list", () => {
    expect(splitList(undefined)).toEqual([]);
    expect(splitList('')).toEqual([]);
    expect(splitList('-')).toEqual([]);
    expect(splitList(' , ,')).toEqual([]);
  });

  it('stops at `max` distinct names, repeated ones not counted', () => {
    expect(splitList('a,a,b,a,c,d', 3)).toEqual(['a', 'b', 'c']);
    expect(splitList(Array.from({ length: 500 }, (_, i) => `n${i}`).join(','))).toHaveLength(200);
  });

  it('answers what split, trim, drop empty, keep the first of each and cut at max answer, for any text', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('a', 'b', ' c ', '', ' ', 'd', 'e,f')),
        fc.integer({ min: 1, max: 5 }),
        (parts, max) => {
          const value = parts.join(',');
          const expected = [
            ...new Set(
              value
                .split(',')
                .map((part) => part.trim())
                .filter((part) => part !== ''),
            ),
          ].slice(0, max);
          expect(splitList(value, max)).toEqual(expected);
        },
      ),
    );
  });
});

describe('etagMatches', () => {
  it('matches weakly, in a list, and for *', () => {
    expect(etagMatches('W/"g1-7"', 'W/"g1-7"')).toBe(true);
    expect(etagMatches('"g1-7"', 'W/"g1-7"')).toBe(true);
    expect(etagMatches('"x", W/"g1-7"', 'W/"g1-7"')).toBe(true);
    expect(etagMatches('*', 'W/"g1-7"')).toBe(true);
    expect(etagMatches(['"x"', 'W/"g1-7"'], 'W/"g1-7"')).toBe(true);
  });

  it('does not match another version or no header', () => {
    expect(etagMatches('W/"g1-6"', 'W/"g1-7"')).toBe(false);
    expect(etagMatches(undefined, 'W/"g1-7"')).toBe(false);
    expect(etagMatches('', 'W/"g1-7"')).toBe(false);
  });
});
