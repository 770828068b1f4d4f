import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';

/**
 * A child process we start and stop. In its own process group (`ownGroup`), stopping it stops
 * everything it started; in ours, a Ctrl-C at the terminal reaches it as it reaches us.
 */
export interface ManagedProcess {
  child: ChildProcess;
  /** Everything it printed so far (bounded), for error messages. */
  output(): string;
  stop(signal?: NodeJS.Signals, graceMs?: number): Promise<void>;
}

export function startProcess(
  command: string,
  args: string[],
  options: SpawnOptions & { ownGroup?: boolean } = {},
): ManagedProcess {
  const { ownGroup = true, ...spawnOptions } = options;
  const child = spawn(command, args, { ...spawnOptions, detached: ownGroup, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null) resolve();
    child.once('exit', () => resolve());
  });
  return {
    child,
    output: () => output,
    async stop(signal = 'SIGTERM', graceMs = 8_000) {
      if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
      const target = ownGroup ? -child.pid : child.pid;
      try {
        process.kill(target, signal);
      } catch {
        return;
      }
      const timer = setTimeout(() => {
        try {
          process.kill(target, 'SIGKILL');
        } catch {
          // already gone
        }
      }, graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}

export async function waitFor(
  check: () => Promise<boolean>,
  timeoutMs: number,
  what: string,
  onFail?: () => string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what} did not start within ${timeoutMs} ms${onFail ? `\n${onFail()}` : ''}`);
}
