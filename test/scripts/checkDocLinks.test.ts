import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { anchorsOf, findProblems, slugOf } from '../../scripts/check-doc-links';

/**
 * `npm test`'s link check (scripts/check-doc-links.ts) on small trees made here: it passes on one
 * whose links, anchors and pointers are right, and names each broken one. The pointers and
 * citations below are built from parts, so that this file is not itself what the check refuses.
 */

const ROOT = path.resolve(__dirname, '../..');
const docsRef = (page: string) => ['docs', page].join('/');
const SPEC_SECTION = ['SPEC', 'section 2'].join(' ');
const TICKET = ['issue', '43'].join(' ');

let tree: string;

function write(file: string, text: string) {
  fs.mkdirSync(path.dirname(path.join(tree, file)), { recursive: true });
  fs.writeFileSync(path.join(tree, file), text);
}

const GOOD_PAGE = [
  '# The product',
  '',
  "## The contract's calls",
  '',
  '### `PAYMENT_SANDBOX` and Pix',
  '',
  '## Notes',
  '',
  '## Notes',
  '',
  '```sh',
  '# Not a heading: inside a fence',
  '```',
  '',
  'See [the calls](#the-contracts-calls), [the sandbox](#payment_sandbox-and-pix), the second',
  '[notes](#notes-1), [the readme](../README.md), [the site](https://example.com/x#y), and `[code](nowhere.md)`.',
].join('\n');

beforeEach(() => {
  tree = fs.mkdtempSync(path.join(os.tmpdir(), 'doc-links-'));
  write('README.md', '# Readme\n\n[the product](docs/product.md#the-product)\n');
  write('docs/product.md', GOOD_PAGE);
  write('src/feature.ts', `/** Why it is so (${docsRef('product.md#notes')}). */\nexport const x = 1;\n`);
});

afterEach(() => fs.rmSync(tree, { recursive: true, force: true }));

it("makes GitHub's anchors: punctuation dropped, underscores kept, repeated headings numbered", () => {
  expect(slugOf("The contract's calls")).toBe('the-contracts-calls');
  expect(slugOf('The sandbox: the whole path on one machine')).toBe('the-sandbox-the-whole-path-on-one-machine');
  expect(slugOf('`PAYMENT_SANDBOX` and Pix')).toBe('payment_sandbox-and-pix');
  expect(slugOf('360 platform')).toBe('360-platform');
  expect([...anchorsOf(GOOD_PAGE)]).toEqual([
    'the-product',
    'the-contracts-calls',
    'payment_sandbox-and-pix',
    'notes',
    'notes-1',
  ]);
});

it('passes on a tree whose links, anchors and pointers are all right', () => {
  expect(findProblems(tree)).toEqual([]);
});

it('fails on a link to a file that does not exist, and on an anchor the page does not have', () => {
  write('docs/api.md', '# API\n\n[gone](payments.md) and [no such part](product.md#checkout)\n');
  expect(findProblems(tree)).toEqual([
    { file: 'docs/api.md', line: 3, message: 'o link payments.md leva a um arquivo que não existe' },
    { file: 'docs/api.md', line: 3, message: 'o link product.md#checkout leva a uma âncora que a página não tem' },
  ]);
});

it("fails on a code comment's pointer to a missing page or a missing anchor", () => {
  write('server/src/rule.ts', `// As ${docsRef('product.md#checkout')} says.\n// And ${docsRef('gone.md#x')}.\n`);
  const file = 'server/src/rule.ts';
  expect(findProblems(tree)).toEqual([
    { file, line: 1, message: `${docsRef('product.md#checkout')}: a página não tem essa âncora` },
    { file, line: 2, message: `${docsRef('gone.md#x')}: a página não existe` },
  ]);
});

it("fails on a citation of a spec's section or of a ticket, in code and in the docs", () => {
  write('test/web/x.test.ts', `// The rule of ${SPEC_SECTION}.\nit('works (${TICKET})', () => {});\n`);
  write('docs/notes.md', `# Notes\n\nSince ${TICKET}.\n`);
  expect(findProblems(tree).map(({ file, line }) => `${file}:${line}`)).toEqual([
    'docs/notes.md:3',
    'test/web/x.test.ts:1',
    'test/web/x.test.ts:2',
  ]);
});

it('exits non-zero and says where, as `npm test` runs it', () => {
  write('docs/api.md', '# API\n\n[no such part](product.md#checkout)\n');
  const run = spawnSync(
    process.execPath,
    [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), path.join(ROOT, 'scripts/check-doc-links.ts'), tree],
    { encoding: 'utf8', timeout: 60_000 },
  );
  expect(run.status).toBe(1);
  expect(run.stderr).toContain('check-doc-links: docs/api.md:3: o link product.md#checkout leva a uma âncora');
});
