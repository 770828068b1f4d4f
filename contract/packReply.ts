/**
 * Parser for the `/validatePacks` reply (docs/product.md#entities, docs/api.md#the-contracts-calls): a JSON array of
 * strings, each a single-quoted object literal such as
 *   "{'H7K2': {'copies': 3, 'bname': 'festa_ana', 'title': 'Festa da Ana'}}"
 * (`title`, the event's title, is beyond the spec: a server of the spec alone leaves it out).
 * The literals follow Python's repr, so a name holding a quote comes double-quoted
 * ("festa d'ana") or escaped ('festa d\'ana'). JSON5 reads exactly that grammar (quoted keys,
 * either quote, escapes) as data, never by eval: the reply comes from the network.
 */
import JSON5 from 'json5';

export interface Pack {
  hash: string;
  copies: number;
  bname: string;
  /** Beyond the spec: what people read of the pack's event ('Festa da Ana'), when the server says. */
  title?: string;
}

export interface PackReplyResult {
  packs: Pack[];
  /** One readable line per entry that was skipped, for logs and tests. */
  problems: string[];
}

type Literal = string | number | boolean | null | Literal[] | { [key: string]: Literal };

const MAX_LITERAL_LENGTH = 10_000;
/** A reply maps hashes to flat pack objects: anything deeper is not a pack reply. */
const MAX_DEPTH = 3;

/** Whether the value nests deeper than `limit`; stops looking past it, so a hostile depth costs little. */
function nestsDeeperThan(value: Literal, limit: number): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (limit === 0) return true;
  const children = Array.isArray(value) ? value : Object.values(value);
  return children.some((child) => nestsDeeperThan(child, limit - 1));
}

function isRecord(value: Literal): value is { [key: string]: Literal } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readLiteral(literal: string): { document: Literal } | { problem: string } {
  let document: Literal;
  try {
    document = JSON5.parse<Literal>(literal);
  } catch (error) {
    return { problem: error instanceof SyntaxError ? error.message : 'unreadable entry' };
  }
  if (nestsDeeperThan(document, MAX_DEPTH)) return { problem: 'objects nested too deeply' };
  return { document };
}

/** Reads one literal: every well-formed pack it maps is returned; anything else is a problem. */
export function parsePackLiteral(literal: unknown): PackReplyResult {
  if (typeof literal !== 'string') return { packs: [], problems: ['entry is not a string'] };
  if (literal.length > MAX_LITERAL_LENGTH) return { packs: [], problems: ['entry is too long'] };
  const read = readLiteral(literal);
  if ('problem' in read) return { packs: [], problems: [read.problem] };
  const { document } = read;
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
        ...(typeof body.title === 'string' && body.title.trim() !== '' ? { title: body.title } : {}),
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
  const title = pack.title === undefined ? '' : `, 'title': ${singleQuoted(pack.title)}`;
  return `{${singleQuoted(pack.hash)}: {'copies': ${pack.copies}, 'bname': ${singleQuoted(pack.bname)}${title}}}`;
}

/**
 * A string as a single-quoted literal: JSON's escapes (backslash, control characters, lone surrogates) are JSON5's too;
 * only the quote differs.
 */
function singleQuoted(text: string): string {
  return `'${JSON.stringify(text).slice(1, -1).replace(/'/g, "\\'")}'`;
}
