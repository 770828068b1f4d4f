import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { enginesRefusing } from '../../scripts/check-node';

/** `npm test`'s first step (scripts/check-node.ts): the Node.js the scripts run on, and what it refuses. */

const ROOT = path.resolve(__dirname, '../..');
const LINE = fs.readFileSync(path.join(ROOT, '.nvmrc'), 'utf8').trim();

function checkNode(env: NodeJS.ProcessEnv = process.env) {
  return spawnSync(process.execPath, [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'scripts/check-node.ts'], {
    cwd: ROOT,
    env,
    encoding: 'utf8',
    timeout: 60_000,
  });
}

it("passes on the project's Node.js, the line of .nvmrc, and prints it", () => {
  const run = checkNode();
  expect({ status: run.status, stderr: run.stderr }).toEqual({ status: 0, stderr: '' });
  expect(run.stdout).toContain(`Node.js ${process.version} (`);
  expect(process.version.startsWith(`v${LINE}.`)).toBe(true);
});

it('fails when the node a script would start by name is another Node.js', () => {
  const bin = fs.mkdtempSync(path.join(os.tmpdir(), 'other-node-'));
  try {
    fs.writeFileSync(path.join(bin, 'node'), '#!/bin/sh\necho "v20.20.2 /usr/local/bin/node"\n', { mode: 0o755 });
    const run = checkNode({ ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}` });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('o node do PATH é o v20.20.2 (/usr/local/bin/node)');
  } finally {
    fs.rmSync(bin, { recursive: true, force: true });
  }
});

it('names the installed packages whose engines refuse the Node.js, and only installed ones', () => {
  const lock = {
    packages: {
      '': { engines: { node: '^99' } },
      'node_modules/fits': { version: '1.0.0', engines: { node: '>=22' } },
      'node_modules/too-new': { version: '2.0.0', engines: { node: '>=99' } },
      'node_modules/a/node_modules/@scope/too-old': { version: '3.0.0', engines: { node: '^20.9.0' } },
      'node_modules/not-installed': { version: '4.0.0', engines: { node: '>=99' } },
      'node_modules/listed-engines': { version: '5.0.0', engines: ['node >= 99'] },
      'node_modules/no-engines': { version: '6.0.0' },
    },
  };
  const installed = (key: string) => key !== 'node_modules/not-installed';
  expect(enginesRefusing(lock, 'v24.21.0', installed)).toEqual([
    'too-new@2.0.0 (node >=99)',
    '@scope/too-old@3.0.0 (node ^20.9.0)',
  ]);
  expect(enginesRefusing(lock, 'v99.0.0', installed)).toEqual(['@scope/too-old@3.0.0 (node ^20.9.0)']);
});
