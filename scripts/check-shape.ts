/**
 * `npm test`'s shape ratchets (the rules in scripts/lib/shapeRules.ts): files over 300 lines (tests over 600),
 * lines wider than Prettier's 120 columns, SQL outside the server's domain. Prints every offender and the
 * figures, and fails the run when there is one. `tsx scripts/check-shape.ts [root]` (the repository by default).
 */
import path from 'node:path';
import { checkShape, MAX_COLUMNS, MAX_SOURCE_LINES, MAX_TEST_LINES, type Offence } from './lib/shapeRules';

const RULES: Record<Offence['rule'], string> = {
  'source-lines': `files over ${MAX_SOURCE_LINES} lines`,
  'test-lines': `test files over ${MAX_TEST_LINES} lines`,
  width: `lines wider than ${MAX_COLUMNS} columns`,
  sql: 'SQL outside the domain',
};

const root = path.resolve(process.argv[2] ?? path.join(__dirname, '..'));
const { files, offences } = checkShape(root);

const width = Math.max(...Object.values(RULES).map((name) => name.length));
console.log(`check:shape: ${files.length} code files`);
for (const [rule, name] of Object.entries(RULES)) {
  const count = offences.filter((offence) => offence.rule === rule).length;
  console.log(`  ${name.padEnd(width)}  ${count}`);
}
if (offences.length > 0) {
  console.error(`\n${offences.length} offences against the shape of the code (docs/testing.md):`);
  for (const offence of offences) {
    console.error(`  ${RULES[offence.rule]}: ${offence.file}:${offence.line} ${offence.detail}`);
  }
  process.exitCode = 1;
}
