/**
 * `npm test`'s last step: the static checks (`npm run check`) and jest at the same time.
 *
 * Jest leaves part of the two cores idle (a journey mostly waits for its page, its stack and its
 * browser), and the checks need no more than that idle part: they run at a low priority
 * (`nice`), so the tests lose almost nothing to them and the run is about as long as jest alone
 * (docs/testing.md#what-a-run-starts). The checks' output is held and printed in one piece when
 * they end, between jest's lines; a failed check is printed at once, and jest still finishes (a
 * killed jest would leave its databases and browsers behind). The exit code is non-zero when
 * either failed. Arguments go to jest.
 */
import { spawn, type ChildProcess } from 'node:child_process';

/** Low enough that jest's workers keep the cores when they want them. */
const CHECKS_NICENESS = 15;

function exited(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

async function runChecks(): Promise<number> {
  const checks = spawn('nice', ['-n', String(CHECKS_NICENESS), 'npm', 'run', '--silent', 'check'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: Buffer[] = [];
  checks.stdout.on('data', (chunk: Buffer) => output.push(chunk));
  checks.stderr.on('data', (chunk: Buffer) => output.push(chunk));
  const code = await exited(checks);
  const verdict = code === 0 ? 'passed' : `FAILED (exit ${code}): npm test will fail when jest ends`;
  process.stdout.write(
    `\n== npm run check ${verdict}\n${Buffer.concat(output).toString('utf8')}\n== end of npm run check\n\n`,
  );
  return code;
}

async function main(): Promise<void> {
  const checks = runChecks();
  const jest = spawn('jest', process.argv.slice(2), { stdio: 'inherit' });
  const [checksCode, jestCode] = await Promise.all([checks, exited(jest)]);
  if (checksCode !== 0) console.error('npm test: the static checks failed (their output is above).');
  process.exit(checksCode !== 0 ? checksCode : jestCode);
}

void main();
