import fc from 'fast-check';
import { formatPackLiteral, parsePackLiteral, parsePackReply } from '../../../contract/packReply';

describe('parsePackReply', () => {
  it('reads the reply of the contract: one literal per known pack', () => {
    const reply = [
      "{'H7K2X': {'copies': 3, 'bname': 'festa_ana'}}",
      "{'Q9': {'copies': 0, 'bname': 'casamento-2026'}}",
    ];
    expect(parsePackReply(reply)).toEqual({
      packs: [
        { hash: 'H7K2X', copies: 3, bname: 'festa_ana' },
        { hash: 'Q9', copies: 0, bname: 'casamento-2026' },
      ],
      problems: [],
    });
  });

  it("reads the event's title beyond the spec, when the server sends one", () => {
    const reply = [
      `{'A1': {'copies': 2, 'bname': 'festa_ana', 'title': "Festa d'Ana"}}`,
      "{'B2': {'copies': 1, 'bname': 'x', 'title': 7}}",
    ];
    expect(parsePackReply(reply).packs).toEqual([
      { hash: 'A1', copies: 2, bname: 'festa_ana', title: "Festa d'Ana" },
      { hash: 'B2', copies: 1, bname: 'x' },
    ]);
    const pack = { hash: 'C3', copies: 4, bname: 'bar', title: "Bar 'do' Zé" };
    expect(parsePackLiteral(formatPackLiteral(pack)).packs).toEqual([pack]);
  });

  it('reads names holding quotes, both as Python writes them and escaped', () => {
    const reply = [
      `{'A1': {'copies': 2, 'bname': "festa d'ana"}}`,
      `{'B2': {'copies': 1, 'bname': 'bar \\'do\\' zé'}}`,
    ];
    expect(parsePackReply(reply).packs).toEqual([
      { hash: 'A1', copies: 2, bname: "festa d'ana" },
      { hash: 'B2', copies: 1, bname: "bar 'do' zé" },
    ]);
  });

  it('reads several packs in one literal, double-quoted keys and spacing variations', () => {
    const { packs } = parsePackReply([`{ "X" : {"copies":5,"bname":"a"} , 'Y': {'bname': 'b', 'copies': 7.0} }`]);
    expect(packs).toEqual([
      { hash: 'X', copies: 5, bname: 'a' },
      { hash: 'Y', copies: 7, bname: 'b' },
    ]);
  });

  it('skips a pack without copies, keeps one without a name', () => {
    const { packs, problems } = parsePackReply(["{'NOCOPIES': {'bname': 'x'}, 'NONAME': {'copies': 4}}"]);
    expect(packs).toEqual([{ hash: 'NONAME', copies: 4, bname: '' }]);
    expect(problems).toEqual(['pack NOCOPIES: copies missing or not a number']);
  });

  it.each([
    ['garbage', 'not a literal at all'],
    ['an unterminated string', "{'A': {'copies': 1, 'bname': 'festa}}"],
    ['a trailing payload', "{'A': {'copies': 1}}; alert(1)"],
    ['code instead of data', "{'A': {'copies': (function(){ return 1 })()}}"],
    ['a constructor call', "{'A': constructor('x')}"],
    ['copies as a string', "{'A': {'copies': '3'}}"],
    ['deep nesting', "{'A': {'b': {'c': {'d': {'e': 1}}}}}"],
    ['thousands of nested lists', `{'A': ${'['.repeat(4_000)}${']'.repeat(4_000)}}`],
    ['a list instead of an object', "[{'A': {'copies': 1}}]"],
    ['an empty hash', "{'': {'copies': 1}}"],
  ])('reports %s as a problem and yields no pack', (_case, literal) => {
    const { packs, problems } = parsePackReply([literal]);
    expect(packs).toEqual([]);
    expect(problems).toHaveLength(1);
  });

  it('never lets a key reach the prototype', () => {
    const { packs } = parsePackReply(["{'__proto__': {'copies': 1, 'bname': 'x'}}"]);
    expect(packs).toEqual([{ hash: '__proto__', copies: 1, bname: 'x' }]);
    expect(({} as Record<string, unknown>).copies).toBeUndefined();
  });

  it('rejects replies that are not lists of strings', () => {
    expect(parsePackReply({ packs: [] }).problems).toEqual(['reply is not a list']);
    expect(parsePackReply(null).packs).toEqual([]);
    expect(parsePackReply([42, null]).problems).toEqual(['entry is not a string', 'entry is not a string']);
  });

  it('drops very long entries and repeated hashes', () => {
    const long = `{'A': {'copies': 1, 'bname': '${'x'.repeat(20_000)}'}}`;
    expect(parsePackLiteral(long).problems).toEqual(['entry is too long']);
    const twice = parsePackReply(["{'A': {'copies': 1}}", "{'A': {'copies': 9}}"]);
    expect(twice.packs).toEqual([{ hash: 'A', copies: 1, bname: '' }]);
  });

  it('reads back what formatPackLiteral writes, whatever the name holds', () => {
    const pack = { hash: 'Z9', copies: 12, bname: `it's a "quote" \\ test` };
    expect(parsePackLiteral(formatPackLiteral(pack)).packs).toEqual([pack]);
  });

  it('reads back any pack formatPackLiteral writes: every character, quote and escape of names and hashes', () => {
    const pack = fc.record({
      hash: fc.string({ unit: 'binary', minLength: 1, maxLength: 40 }).filter((hash) => hash.trim() !== ''),
      copies: fc.integer({ min: 0, max: 1_000 }),
      bname: fc.string({ unit: 'binary', maxLength: 80 }),
    });
    fc.assert(
      fc.property(pack, (p) => expect(parsePackLiteral(formatPackLiteral(p))).toEqual({ packs: [p], problems: [] })),
    );
  });
});
