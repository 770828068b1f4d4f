import { spawnSync } from 'node:child_process';
import path from 'node:path';

/**
 * The event-name ratchet of eslint.config.mjs must be able to fail: code declaring a `bname` (a variable, a parameter,
 * a destructured name, a JSX prop) is refused with a pointer to the glossary, while the wire's `bname` (object keys,
 * member access, a destructuring that renames) passes. Linted with the project's own configuration, in the SPA and
 * in a server route (whose block has a restricted-syntax list of its own).
 */

const repo = path.resolve(__dirname, '../..');

// ESLint loads its ES-module configuration by a dynamic import, which jest's module system refuses: the fixtures are
// linted by a child process. They are no file of any tsconfig, so the rules that need the types stay out of the way.
const LINT = `
import { ESLint } from 'eslint';
const fixtures = JSON.parse(process.argv[1]);
const linter = new ESLint({
  cwd: process.cwd(),
  overrideConfig: {
    languageOptions: { parserOptions: { project: null } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'off',
      '@typescript-eslint/switch-exhaustiveness-check': 'off',
      '@typescript-eslint/no-unused-vars': 'off',
    },
  },
});
const results = [];
for (const { code, file } of fixtures) {
  const [result] = await linter.lintText(code, { filePath: file });
  results.push(result.messages.map(({ line, message, fatal }) => ({ line, message, fatal: fatal === true })));
}
process.stdout.write(JSON.stringify(results));
`;

interface Message {
  line: number;
  message: string;
  fatal: boolean;
}

function lint(fixtures: Array<{ code: string; file: string }>): Message[][] {
  const run = spawnSync(
    process.execPath,
    ['--input-type=module', '-e', LINT, JSON.stringify(fixtures.map((f) => ({ ...f, file: path.join(repo, f.file) })))],
    { cwd: repo, encoding: 'utf8' },
  );
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout) as Message[][];
}

const RATCHET = /docs\/architecture\.md#glossary/;

const REFUSED: Array<[string, string]> = [
  ['a variable', "const bname = 'festa_ana';"],
  ['a loop variable', "for (const bname of ['festa_ana']) void bname;"],
  ['a parameter', 'export function f(bname: string): string { return bname; }'],
  ['a parameter with a default', "export const f = (bname = ''): string => bname;"],
  ['a destructured name', 'export const f = ({ bname }: { bname: string }): string => bname;'],
  ['a destructured name with a default', "export const f = ({ bname = '' }: { bname?: string }): string => bname;"],
  ['a name destructured into bname', "const { name: bname } = { name: 'festa_ana' };"],
  ['an array element', "const [bname] = ['festa_ana'];"],
];

const ALLOWED: Array<[string, string]> = [
  [
    'a wire object built from an event name',
    "const eventName = 'festa_ana';\nexport const body = { bname: eventName };",
  ],
  ['a wire property read', 'export const f = (reply: { bname: string }): string => reply.bname;'],
  [
    'a wire property renamed at the edge',
    'export const f = (params: { bname: string }): string => {\n' +
      '  const { bname: eventName } = params;\n' +
      '  return eventName;\n' +
      '};',
  ],
  ['a wire type', 'export interface Reply {\n  bname: string;\n}'],
];

const FILES = {
  spa: 'src/features/events/ratchetFixture.ts',
  server: 'server/src/modules/events/http/ratchetFixture.ts',
  jsx: 'src/features/events/RatchetFixture.tsx',
};

const JSX_REFUSED =
  "const Link = (props: { bname: string }) => <a>{props.bname}</a>;\nexport const x = <Link bname='a' />;";
const JSX_ALLOWED =
  'const Link = ({ eventName }: { eventName: string }) => <a>{eventName}</a>;\n' +
  "export const x = <Link eventName='a' />;";

const CASES: Array<{ name: string; code: string; file: string; lines: number[] }> = [
  ...(['spa', 'server'] as const).flatMap((where) => [
    ...REFUSED.map(([what, code]) => ({ name: `${where}: refuses ${what}`, code, file: FILES[where], lines: [1] })),
    ...ALLOWED.map(([what, code]) => ({ name: `${where}: allows ${what}`, code, file: FILES[where], lines: [] })),
  ]),
  { name: 'jsx: refuses a prop named bname', code: JSX_REFUSED, file: FILES.jsx, lines: [2] },
  { name: 'jsx: allows the prop eventName', code: JSX_ALLOWED, file: FILES.jsx, lines: [] },
];

let results: Message[][] = [];

beforeAll(() => {
  results = lint(CASES);
}, 60_000);

describe('the event-name ratchet (eslint.config.mjs)', () => {
  it.each(CASES.map((c, i) => [c.name, i] as const))('%s', (_name, i) => {
    expect(results[i].filter((m) => m.fatal)).toEqual([]);
    expect(results[i].filter((m) => RATCHET.test(m.message)).map((m) => m.line)).toEqual(CASES[i].lines);
  });

  it("leaves the server's rule on SQL outside the domain in force beside it", () => {
    const sql = lint([
      { code: "export const f = (db: { query(s: string): void }) => db.query('SELECT 1');", file: FILES.server },
    ]);
    expect(sql[0].map((m) => m.message)).toEqual([expect.stringContaining("SQL belongs in a module's domain")]);
  });
});
