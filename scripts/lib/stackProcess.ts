import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../tools/localStack/freePort';
import { groupRunning } from '../../tools/localStack/processAlive';

const ROOT = path.resolve(__dirname, '../..');

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
export async function startStackProcess(
  env: Record<string, string>,
  { timeoutMs = 300_000 } = {},
): Promise<StackProcess> {
  // A free port chosen here, not 0: the server writes its links (a message's photos, a print's QR
  // code, the stop link) with the port it is given, and port 0 is nobody's.
  const port = String(await freePort());
  const child = spawn(process.execPath, [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'tools/cli/start.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: port, SKIP_BUILD: '1', LOG_LEVEL: 'warn', ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // Its output is read to the end only once the pipes close, which can be after the exit: a stop's last words.
  const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
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
      reject(new Error(`the server did not start in ${timeoutMs / 1000} s:\n${output}`));
    }, timeoutMs).unref();
  });
  // The group holds tsx, the server under it and the database under that: wait for all of them,
  // not just the first to exit, so that nothing still writes to the data folder afterwards.
  const signalGroup = async (signal: NodeJS.Signals) => {
    const pgid = child.pid;
    if (!pgid) return;
    try {
      process.kill(-pgid, signal);
    } catch {
      return;
    }
    await exited;
    const deadline = Date.now() + 30_000;
    while (groupRunning(pgid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    await Promise.race([closed, new Promise((r) => setTimeout(r, 5_000).unref())]);
  };
  return {
    child,
    url,
    output: () => output,
    kill: () => signalGroup('SIGKILL'),
    interrupt: () => signalGroup('SIGINT'),
  };
}

/**
 * A fresh temporary folder for a stack's data, which the embedded PostgreSQL's own user can reach
 * (its cluster lives in there, removed with it).
 */
export function stackFolder(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.chmodSync(dir, 0o755);
  return dir;
}
