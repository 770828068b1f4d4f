/**
 * The first step of `npm test`: prints the Node.js the project's scripts run on and fails when it
 * is not the line `.nvmrc` names (24). npm puts node_modules/.bin first on every script's PATH,
 * and the `node` devDependency put Node.js 24 there, whatever Node.js runs npm itself (20 on this
 * machine and CI's): tsx, jest, webpack and every child started with `process.execPath` or by
 * the name `node` run on it. It fails too when the `node` a script would start by name is another
 * one, and when an installed package's `engines` refuses this Node.js: npm makes that check
 * against its own Node.js, which runs none of them, and prints only errors (.npmrc).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';

const ROOT = path.resolve(__dirname, '..');

interface LockEntry {
  version?: string;
  engines?: { node?: string } | string[];
}

/** The packages installed here whose `engines.node` does not accept `version`, as `name@version (node range)`. */
export function enginesRefusing(
  lock: { packages: Record<string, LockEntry> },
  version: string,
  installed: (key: string) => boolean,
): string[] {
  const refusing: string[] = [];
  for (const [key, entry] of Object.entries(lock.packages)) {
    // Old packages wrote engines as a list of strings, which npm ignores.
    const range = key === '' || Array.isArray(entry.engines) ? undefined : entry.engines?.node;
    if (!range || !installed(key)) continue;
    if (!semver.satisfies(version, range, { includePrerelease: true })) {
      refusing.push(
        `${key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length)}@${entry.version ?? '?'} (node ` +
          `${range})`,
      );
    }
  }
  return refusing;
}

function main(): number {
  const line = Number(fs.readFileSync(path.join(ROOT, '.nvmrc'), 'utf8').trim());
  const running = process.version;
  const onPath = spawnSync('node', ['-p', 'process.version + " " + process.execPath'], {
    encoding: 'utf8',
  }).stdout.trim();
  const where = process.execPath.startsWith(ROOT + path.sep) ? path.relative(ROOT, process.execPath) : process.execPath;
  console.log(`Node.js ${running} (${where})`);
  const problems: string[] = [];
  if (semver.major(running) !== line) {
    problems.push(
      `os scripts rodam no Node.js ${running} (${process.execPath}), não na linha ${line} do .nvmrc: rode npm ` +
        `install, que traz o Node.js ${line} (o pacote node das devDependencies), e rode os scripts pelo npm ` +
        `(npm test, npm run, npx)`,
    );
  }
  const [pathVersion = '?', pathExec = '?'] = onPath.split(' ');
  if (pathVersion !== running) {
    problems.push(
      `o node do PATH é o ${pathVersion} (${pathExec}), não o ${running} que roda este script: um processo ` +
        `iniciado pelo nome node rodaria em outro Node.js`,
    );
  }
  const lock = JSON.parse(fs.readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, LockEntry>;
  };
  const refusing = enginesRefusing(lock, running, (key) => fs.existsSync(path.join(ROOT, key)));
  if (refusing.length > 0)
    problems.push(`pacotes instalados que não aceitam o Node.js ${running}: ${refusing.join(', ')}`);
  for (const problem of problems) console.error(`check-node: ${problem}`);
  return problems.length > 0 ? 1 : 0;
}

if (require.main === module) process.exitCode = main();
