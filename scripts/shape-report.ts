/**
 * `npm run report:shape`: figures on the shape of the code (the boundary check of
 * .dependency-cruiser.cjs, plus sizes), printed, never asserted. The check itself runs in
 * `npm test` (`npm run check:boundaries`).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { median } from './lib/benchReport';

const ROOT = path.resolve(__dirname, '..');

interface Violation {
  rule: { name: string };
  from: string;
  to: string;
  cycle?: { name: string }[];
}

interface CruiseOutput {
  summary: { violations: Violation[]; totalCruised: number; totalDependenciesCruised: number };
  modules: { source: string; dependencies: { resolved: string }[] }[];
}

function cruise(): CruiseOutput {
  const bin = path.join(ROOT, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');
  let out: string;
  try {
    out = execFileSync(
      process.execPath,
      [bin, 'src', 'server/src', 'contract', 'tools', '--config', '.dependency-cruiser.cjs', '--output-type', 'json'],
      {
        cwd: ROOT,
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      },
    );
  } catch (error) {
    // Violations make the command exit non-zero; the report is on stdout all the same.
    out = (error as { stdout?: string }).stdout ?? '';
  }
  return JSON.parse(out) as CruiseOutput;
}

function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(path.join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)));
}

function lineCount(file: string): number {
  return fs.readFileSync(path.join(ROOT, file), 'utf8').split('\n').length;
}

const result = cruise();
const violations = result.summary.violations;
const byRule = new Map<string, number>();
for (const violation of violations) byRule.set(violation.rule.name, (byRule.get(violation.rule.name) ?? 0) + 1);

// Imports from one feature into another (through an entry or not), and those that skip the entry.
const crossFeature = result.modules.flatMap((module) => {
  const from = /^src\/features\/([^/]+)\//.exec(module.source)?.[1];
  if (!from) return [];
  return module.dependencies.filter((dep) => {
    const to = /^src\/features\/([^/]+)\//.exec(dep.resolved)?.[1];
    return to !== undefined && to !== from;
  });
});
const crossFeatureInternals = byRule.get('feature-internals') ?? 0;
const cycles = byRule.get('no-cycle') ?? 0;

const SQL = /\b(SELECT|INSERT|UPDATE|DELETE)\b[\s\S]{0,40}\b(FROM|INTO|SET)\b|\.(query|transaction)\s*[<(]/;
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');
const routeFiles = sourceFiles('server/src/modules').filter((file) => /\/http\/[^/]+Routes\.ts$/.test(file));
const routesWithSql = routeFiles.filter((file) => SQL.test(read(file)));
// SQL belongs in a module's domain, the files at its root (and the database layer that runs it):
// anywhere else on the server is a leak.
const serverWithSql = sourceFiles('server/src').filter(
  (file) => !/^server\/src\/(modules\/[^/]+\/[^/]+\.ts$|platform\/db\/)/.test(file) && SQL.test(read(file)),
);

const files = [...sourceFiles('src'), ...sourceFiles('contract'), ...sourceFiles('server/src')].map((file) => ({
  file,
  lines: lineCount(file),
}));
const largest = files.reduce((a, b) => (b.lines > a.lines ? b : a));
const tests = sourceFiles('test').map((file) => ({ file, lines: lineCount(file) }));
const largestTest = tests.reduce((a, b) => (b.lines > a.lines ? b : a));
// The server reaching into the SPA's tree instead of the contract.
const spaImports = sourceFiles('server').reduce(
  (sum, file) => sum + (read(file).match(/from '(\.\.\/)+src\//g)?.length ?? 0),
  0,
);

const rows: [string, string | number][] = [
  ['modules cruised', result.summary.totalCruised],
  ['dependencies cruised', result.summary.totalDependenciesCruised],
  ['boundary violations', violations.length],
  ['cross-feature imports (all)', crossFeature.length],
  ['cross-feature imports past an entry', crossFeatureInternals],
  ['import cycles', cycles],
  ['route files with SQL', `${routesWithSql.length} of ${routeFiles.length}`],
  ['server files with SQL outside the domain and db/', serverWithSql.length],
  ['server imports of the SPA tree (../src/)', spaImports],
  ['TypeScript files (src, contract, server/src)', files.length],
  ['median file (lines)', median(files.map((f) => f.lines))],
  ['files over 300 lines', files.filter((f) => f.lines > 300).length],
  ['largest file (lines)', `${largest.lines} ${largest.file}`],
  ['test files over 600 lines', tests.filter((f) => f.lines > 600).length],
  ['largest test file (lines)', `${largestTest.lines} ${largestTest.file}`],
  ['README.md lines', read('README.md').split('\n').length - 1],
];
const width = Math.max(...rows.map(([name]) => name.length));
for (const [name, value] of rows) console.log(`${name.padEnd(width)}  ${value}`);
if (byRule.size > 0) {
  console.log('\nviolations by rule:');
  for (const [name, count] of [...byRule].sort((a, b) => b[1] - a[1])) console.log(`  ${name.padEnd(32)} ${count}`);
}
if (routesWithSql.length > 0) console.log(`\nroute files with SQL: ${routesWithSql.join(', ')}`);
if (serverWithSql.length > 0) console.log(`\nserver files with SQL outside the domain: ${serverWithSql.join(', ')}`);
