import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';

/**
 * A child process in its own process group, so that stopping it stops everything it started
 * (the Firebase CLI starts helpers of its own).
 */
export interface ManagedProcess {
  child: ChildProcess;
  /** Everything it printed so far (bounded), for error messages. */
  output(): string;
  stop(signal?: NodeJS.Signals, graceMs?: number): Promise<void>;
}

export function startProcess(command: string, args: string[], options: SpawnOptions = {}): ManagedProcess {
  const child = spawn(command, args, { ...options, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
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
      const group = -child.pid;
      try {
        process.kill(group, signal);
      } catch {
        return;
      }
      const timer = setTimeout(() => {
        try {
          process.kill(group, 'SIGKILL');
        } catch {
          // already gone
        }
      }, graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}

export async function waitFor(check: () => Promise<boolean>, timeoutMs: number, what: string, onFail?: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what} did not start within ${timeoutMs} ms${onFail ? `\n${onFail()}` : ''}`);
}
