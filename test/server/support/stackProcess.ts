import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../..');

export interface StackProcess {
  child: ChildProcess;
  url: string;
  output(): string;
  /** Kills the server and everything it started (its database too), as a power cut would. */
  kill(): Promise<void>;
  /** Ctrl-C. */
  interrupt(): Promise<void>;
}

/** Runs `npm start`'s entry point as its own process group, and resolves once it serves. */
export async function startStackProcess(env: Record<string, string>): Promise<StackProcess> {
  const child = spawn(process.execPath, [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'server/src/cli/start.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', SKIP_BUILD: '1', LOG_LEVEL: 'warn', ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const match = /Pronto: (http:\/\/\S+)/.exec(output);
      if (match) {
        clearInterval(timer);
        resolve(match[1]);
      }
    }, 50);
    void exited.then(() => {
      clearInterval(timer);
      reject(new Error(`the server exited before it was ready:\n${output}`));
    });
    setTimeout(() => {
      clearInterval(timer);
      reject(new Error(`the server did not start in 60 s:\n${output}`));
    }, 60_000).unref();
  });
  const signalGroup = async (signal: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
    try {
      process.kill(-child.pid, signal);
    } catch {
      return;
    }
    await exited;
  };
  return {
    child,
    url,
    output: () => output,
    kill: () => signalGroup('SIGKILL'),
    interrupt: () => signalGroup('SIGINT'),
  };
}
