/**
 * Parser for the `/validatePacks` reply (SPEC section 3, ARCHITECTURE section 3): a JSON array of
 * strings, each a single-quoted object literal such as
 *   "{'H7K2': {'copies': 3, 'bname': 'festa_ana'}}"
 * The literals follow Python's repr, so a name holding a quote comes double-quoted
 * ("festa d'ana") or escaped ('festa d\'ana'). They are read by a small recursive-descent parser,
 * never by eval: the reply is data from the network.
 */

export interface Pack {
  hash: string;
  copies: number;
  bname: string;
}

export interface PackReplyResult {
  packs: Pack[];
  /** One readable line per entry that was skipped, for logs and tests. */
  problems: string[];
}

type Literal = string | number | boolean | null | { [key: string]: Literal };

const MAX_LITERAL_LENGTH = 10_000;
const MAX_DEPTH = 4;

class LiteralSyntaxError extends Error {}

class LiteralReader {
  private pos = 0;

  constructor(private readonly text: string) {}

  readDocument(): Literal {
    const value = this.readValue(0);
    this.skipSpace();
    if (this.pos !== this.text.length) this.fail('unexpected text after the object');
    return value;
  }

  private fail(message: string): never {
    throw new LiteralSyntaxError(`${message} at position ${this.pos}`);
  }

  private skipSpace(): void {
    while (this.pos < this.text.length && /\s/.test(this.text[this.pos])) this.pos += 1;
  }

  private readValue(depth: number): Literal {
    this.skipSpace();
    const ch = this.text[this.pos];
    if (ch === '{') return this.readObject(depth + 1);
    if (ch === "'" || ch === '"') return this.readString();
    if (ch === '-' || (ch >= '0' && ch <= '9')) return this.readNumber();
    return this.readWord();
  }

  private readObject(depth: number): Literal {
    if (depth > MAX_DEPTH) this.fail('objects nested too deeply');
    this.pos += 1; // '{'
    const result: { [key: string]: Literal } = Object.create(null) as { [key: string]: Literal };
    this.skipSpace();
    if (this.text[this.pos] === '}') {
      this.pos += 1;
      return result;
    }
    for (;;) {
      this.skipSpace();
      const quote = this.text[this.pos];
      if (quote !== "'" && quote !== '"') this.fail('expected a quoted key');
      const key = this.readString();
      this.skipSpace();
      if (this.text[this.pos] !== ':') this.fail("expected ':'");
      this.pos += 1;
      result[key] = this.readValue(depth);
      this.skipSpace();
      const next = this.text[this.pos];
      this.pos += 1;
      if (next === '}') return result;
      if (next !== ',') this.fail("expected ',' or '}'");
    }
  }

  private readString(): string {
    const quote = this.text[this.pos];
    this.pos += 1;
    let out = '';
    while (this.pos < this.text.length) {
      const ch = this.text[this.pos];
      this.pos += 1;
      if (ch === quote) return out;
      if (ch === '\\') {
        const escaped = this.text[this.pos];
        this.pos += 1;
        if (escaped === undefined) break;
        out += escaped === 'n' ? '\n' : escaped === 't' ? '\t' : escaped;
      } else {
        out += ch;
      }
    }
    return this.fail('unterminated string');
  }

  private readNumber(): number {
    const match = /^-?\d+(\.\d+)?([eE][+-]?\d+)?/.exec(this.text.slice(this.pos));
    if (!match) this.fail('malformed number');
    this.pos += match[0].length;
    return Number(match[0]);
  }

  private readWord(): Literal {
    const match = /^[A-Za-z]+/.exec(this.text.slice(this.pos));
    const word = match?.[0];
    if (word === 'True' || word === 'true') {
      this.pos += word.length;
      return true;
    }
    if (word === 'False' || word === 'false') {
      this.pos += word.length;
      return false;
    }
    if (word === 'None' || word === 'null') {
      this.pos += word.length;
      return null;
    }
    return this.fail('unexpected value');
  }
}

function isRecord(value: Literal): value is { [key: string]: Literal } {
  return typeof value === 'object' && value !== null;
}

/** Reads one literal: every well-formed pack it maps is returned; anything else is a problem. */
export function parsePackLiteral(literal: unknown): PackReplyResult {
  if (typeof literal !== 'string') return { packs: [], problems: ['entry is not a string'] };
  if (literal.length > MAX_LITERAL_LENGTH) return { packs: [], problems: ['entry is too long'] };
  let document: Literal;
  try {
    document = new LiteralReader(literal).readDocument();
  } catch (error) {
    if (error instanceof LiteralSyntaxError) return { packs: [], problems: [error.message] };
    throw error;
  }
  if (!isRecord(document)) return { packs: [], problems: ['entry is not an object'] };

  const packs: Pack[] = [];
  const problems: string[] = [];
  for (const [hash, body] of Object.entries(document)) {
    if (hash.trim() === '') {
      problems.push('pack without a hash');
    } else if (!isRecord(body)) {
      problems.push(`pack ${hash}: not an object`);
    } else if (typeof body.copies !== 'number' || !Number.isFinite(body.copies)) {
      problems.push(`pack ${hash}: copies missing or not a number`);
    } else {
      packs.push({
        hash,
        copies: Math.trunc(body.copies),
        bname: typeof body.bname === 'string' ? body.bname : '',
      });
    }
  }
  return { packs, problems };
}

/** Reads the whole reply. A reply that is not a list yields no packs and one problem. */
export function parsePackReply(reply: unknown): PackReplyResult {
  if (!Array.isArray(reply)) return { packs: [], problems: ['reply is not a list'] };
  const packs: Pack[] = [];
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const entry of reply) {
    const result = parsePackLiteral(entry);
    problems.push(...result.problems);
    for (const pack of result.packs) {
      if (seen.has(pack.hash)) continue;
      seen.add(pack.hash);
      packs.push(pack);
    }
  }
  return { packs, problems };
}

/** Writes a pack the way the server's reply does; the inverse of parsePackLiteral. */
export function formatPackLiteral(pack: Pack): string {
  const quote = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  return `{${quote(pack.hash)}: {'copies': ${pack.copies}, 'bname': ${quote(pack.bname)}}}`;
}
