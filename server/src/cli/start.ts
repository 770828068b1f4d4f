/**
 * `npm start`: builds the SPA if needed, starts the database (embedded unless DATABASE_URL), the
 * Firebase Auth emulator (outside production), loads the demo seed into an empty database, and
 * serves everything on one origin. Ctrl-C stops all of it.
 */
import path from 'node:path';
import { runStack, type RunningStack } from '../stack';

const root = path.resolve(__dirname, '../../..');

let stack: RunningStack | null = null;
let stopping = false;

async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.info(`\n${signal}: parando...`);
  await stack?.stop();
  process.exit(0);
}

process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

runStack({ root, env: process.env, log: (line) => console.info(line) })
  .then((running) => {
    stack = running;
    console.info(running.banner);
  })
  .catch(async (error: unknown) => {
    console.error(`\nNão foi possível iniciar: ${error instanceof Error ? error.message : String(error)}`);
    await stack?.stop();
    process.exit(1);
  });
