import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { checkShape } from '../../scripts/lib/shapeRules';

/** `npm test`'s shape ratchets (scripts/check-shape.ts): each fails the run on a file that breaks it. */

const ROOT = path.resolve(__dirname, '../..');
let tree: string;

function write(file: string, text: string) {
  fs.mkdirSync(path.dirname(path.join(tree, file)), { recursive: true });
  fs.writeFileSync(path.join(tree, file), text);
}

const linesOf = (count: number) => Array.from({ length: count }, (_, n) => `export const line${n} = ${n};\n`).join('');
const offenders = () => checkShape(tree).offences.map(({ rule, file, line }) => `${rule} ${file}:${line}`);

function checkShapeCommand() {
  return spawnSync(
    process.execPath,
    [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'scripts/check-shape.ts', tree],
    {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 60_000,
    },
  );
}

beforeEach(() => {
  tree = fs.mkdtempSync(path.join(os.tmpdir(), 'check-shape-'));
  write('src/ok.ts', linesOf(300));
  write('test/ok.test.ts', linesOf(600));
  write('server/src/modules/commerce/orders.ts', "export const sql = 'SELECT id FROM orders WHERE id = $1';\n");
  write('server/src/platform/db/pool.ts', "export const run = (db: Db) => db.query('SET search_path TO public');\n");
});

afterEach(() => fs.rmSync(tree, { recursive: true, force: true }));

it('passes a tree within every ratchet, printing the figures', () => {
  expect(offenders()).toEqual([]);
  const run = checkShapeCommand();
  expect({ status: run.status, stderr: run.stderr }).toEqual({ status: 0, stderr: '' });
  expect(run.stdout).toContain('files over 300 lines          0');
  expect(run.stdout).toContain('SQL outside the domain        0');
});

it('fails on a source file over 300 lines, in the code and in a configuration file at the root', () => {
  write('tools/big.ts', linesOf(301));
  write('webpack.config.ts', linesOf(301));
  write('docs/notes.ts', linesOf(400));
  expect(offenders()).toEqual(['source-lines tools/big.ts:301', 'source-lines webpack.config.ts:301']);
});

it('fails on a test file over 600 lines', () => {
  write('test/server/support/big.ts', linesOf(601));
  expect(offenders()).toEqual(['test-lines test/server/support/big.ts:601']);
});

it('fails on a line wider than 120 columns in any code file, naming the line', () => {
  write('scripts/wide.mjs', `const a = 1;\nconst b = '${'x'.repeat(120)}';\n`);
  write('test/wide.test.tsx', `// ${'é'.repeat(117)}\n`);
  write('docs/wide.md', `${'x'.repeat(200)}\n`);
  expect(offenders()).toEqual(['width scripts/wide.mjs:2']);
  write('test/wide.test.tsx', `// ${'é'.repeat(118)}\n`);
  expect(offenders()).toEqual(['width scripts/wide.mjs:2', 'width test/wide.test.tsx:1']);
});

it('fails on SQL outside the domain: a statement in a literal or SQL text given to query()', () => {
  write(
    'server/src/modules/gallery/http/downloadRoutes.ts',
    [
      'export async function list(db: Db, id: string) {',
      '  await db.query<Row>(`DELETE FROM tokens WHERE id = ${id}`);',
      '  return db.query("SET LOCAL statement_timeout = 100");',
      '}',
      'const rows = `',
      '  SELECT m.id',
      '    FROM media m`;',
      'export const api = builder.query({ query: () => "/api/select" });',
      "export const text = 'Selecione o evento de onde vieram as fotos';",
      '',
    ].join('\n'),
  );
  write('src/features/shop/shopApi.ts', "const q = 'UPDATE orders SET paid = true';\n");
  write('test/server/seed.ts', "export const q = 'INSERT INTO events (name) VALUES ($1)';\n");
  expect(offenders()).toEqual([
    'sql server/src/modules/gallery/http/downloadRoutes.ts:2',
    'sql server/src/modules/gallery/http/downloadRoutes.ts:3',
    'sql server/src/modules/gallery/http/downloadRoutes.ts:5',
    'sql src/features/shop/shopApi.ts:1',
  ]);
});

it('fails the command and prints each offender', () => {
  write('scripts/big.ts', linesOf(301));
  write('server/src/platform/http/leak.ts', "export const q = 'DELETE FROM media';\n");
  const run = checkShapeCommand();
  expect(run.status).toBe(1);
  expect(run.stdout).toContain('files over 300 lines          1');
  expect(run.stderr).toContain('files over 300 lines: scripts/big.ts:301 301 lines (at most 300)');
  expect(run.stderr).toContain(
    'SQL outside the domain: server/src/platform/http/leak.ts:1 SQL statement: DELETE FROM media ...',
  );
});
