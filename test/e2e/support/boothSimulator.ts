import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { baseUrl } from './browser';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../../..');

/**
 * The booth simulator run once, as a newcomer runs it (`npm run booth -- --once ...`), against
 * the stack under test; answers what it printed (its log names what it uploaded or printed).
 */
export async function boothOnce(args: string[]): Promise<string> {
  const { stdout, stderr } = await run(
    process.execPath,
    [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'tools/cli/booth.ts', '--once', ...args, '--url', baseUrl()],
    { cwd: ROOT, env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR }, timeout: 60_000 },
  );
  return stdout + stderr;
}

/** The printer takes what is queued and prints it. */
export const printerOnce = () => boothOnce(['--only', 'printer']);
