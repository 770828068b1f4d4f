/**
 * The shape ratchets `npm test` enforces (scripts/check-shape.ts): file sizes, line widths and where
 * SQL may live. Each rule returns its offenders; the caller decides to print them and fail.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export const MAX_SOURCE_LINES = 300;
export const MAX_TEST_LINES = 600;
/** Prettier's printWidth (.prettierrc.json): what Prettier cannot wrap (strings, comments) is wrapped by hand. */
export const MAX_COLUMNS = 120;

/** The folders of the code (and the configuration files at the root) the size rule covers. */
export const SOURCE_DIRS = ['src', 'server/src', 'contract', 'tools', 'scripts'];
export const TEST_DIRS = ['test'];
/**
 * Where SQL may be written: a server module's domain (the files at its root, docs/architecture.md) and the
 * database plumbing under the modules.
 */
export const SQL_HOMES = [/^server\/src\/modules\/[^/]+\/[^/]+\.ts$/, /^server\/src\/platform\/db\//];
/** Where SQL anywhere else is a leak: the server and what ships to the browser (tests, tools and benchmarks seed
 * databases themselves and are not held to it). */
export const SQL_SCOPE = ['server/src/', 'src/', 'contract/'];

/** Folders never walked: installed, built or generated. */
const SKIPPED = new Set(['node_modules', 'dist', 'data', 'coverage', 'test-results', '.git', '.cache', '.firebase']);
const CODE = /\.(ts|tsx|js|mjs|cjs)$/;

export interface Offence {
  rule: 'source-lines' | 'test-lines' | 'width' | 'sql';
  file: string;
  /** Lines of the file (sizes), or the line of the offence (width, sql). */
  line: number;
  detail: string;
}

/** The code files under the root, relative to it, with forward slashes. */
export function codeFiles(root: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const relative = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (!SKIPPED.has(entry.name)) walk(relative);
      } else if (entry.isFile() && CODE.test(entry.name) && !entry.name.endsWith('.d.ts')) {
        found.push(relative);
      }
    }
  };
  walk('');
  return found.sort();
}

const under = (file: string, dirs: string[]) =>
  dirs.some((dir) => file.startsWith(dir.endsWith('/') ? dir : `${dir}/`));
/** A configuration file at the root (webpack.config.ts, jest.config.js, .dependency-cruiser.cjs ...). */
const atRoot = (file: string) => !file.includes('/');

function lines(text: string): string[] {
  const all = text.split('\n');
  return all[all.length - 1] === '' ? all.slice(0, -1) : all;
}

export function sizeOffences(file: string, text: string): Offence[] {
  const count = lines(text).length;
  if (under(file, TEST_DIRS)) {
    return count > MAX_TEST_LINES
      ? [{ rule: 'test-lines', file, line: count, detail: `${count} lines (at most ${MAX_TEST_LINES})` }]
      : [];
  }
  if (!under(file, SOURCE_DIRS) && !atRoot(file)) return [];
  return count > MAX_SOURCE_LINES
    ? [{ rule: 'source-lines', file, line: count, detail: `${count} lines (at most ${MAX_SOURCE_LINES})` }]
    : [];
}

export function widthOffences(file: string, text: string): Offence[] {
  return lines(text).flatMap((content, index) =>
    content.length > MAX_COLUMNS
      ? [{ rule: 'width' as const, file, line: index + 1, detail: `${content.length} columns` }]
      : [],
  );
}

/** A statement as PostgreSQL reads it: the keywords in capitals, as this code base writes them. */
const STATEMENT = new RegExp(
  String.raw`^\s*(SELECT\b[\s\S]*\bFROM\b|INSERT\s+INTO\b|UPDATE\s+\S+\s+SET\b|DELETE\s+FROM\b|WITH\s+\w+\s+AS\s*\(|` +
    String.raw`CREATE\s+(TABLE|INDEX|UNIQUE)|ALTER\s+TABLE|DROP\s+(TABLE|INDEX)|TRUNCATE\b)`,
);

function literalText(node: ts.Node): string | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node))
    return node.head.text + node.templateSpans.map((span) => ` ${span.literal.text}`).join('');
  return undefined;
}

/**
 * SQL in a file: a literal that reads as a statement, or a `query(...)` / `.query(...)` call given a string or a
 * template (the pg client's way in; RTK Query's `builder.query({...})` takes an object and is not SQL).
 */
export function sqlOffences(file: string, text: string): Offence[] {
  if (!under(file, SQL_SCOPE) || SQL_HOMES.some((home) => home.test(file))) return [];
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found = new Map<number, string>();
  const at = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const visit = (node: ts.Node) => {
    const literal = literalText(node);
    if (literal !== undefined && STATEMENT.test(literal)) {
      found.set(at(node), `SQL statement: ${literal.trim().split(/\s+/).slice(0, 4).join(' ')} ...`);
    } else if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const name = ts.isPropertyAccessExpression(callee)
        ? callee.name.text
        : ts.isIdentifier(callee)
          ? callee.text
          : '';
      const first = node.arguments[0];
      if (name === 'query' && first !== undefined && literalText(first) !== undefined) {
        found.set(at(node), 'a query(...) given SQL text');
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return [...found].map(([line, detail]) => ({ rule: 'sql' as const, file, line, detail }));
}

export function checkShape(root: string): { files: string[]; offences: Offence[] } {
  const files = codeFiles(root);
  const offences = files.flatMap((file) => {
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    return [...sizeOffences(file, text), ...widthOffences(file, text), ...sqlOffences(file, text)];
  });
  return { files, offences };
}
