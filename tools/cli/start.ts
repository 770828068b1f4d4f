/**
 * `npm start`: builds the SPA if needed, starts the database (embedded unless DATABASE_URL), the
 * Firebase Auth emulator (outside production), loads the demo seed into an empty database, and
 * serves everything on one origin. Ctrl-C stops all of it.
 */
import path from 'node:path';
import { createStack, StackStopped } from '../localStack/stack';

const root = path.resolve(__dirname, '../..');
const stack = createStack({ root, env: process.env, log: (line) => console.info(line) });
let stopping = false;

// A Ctrl-C at any moment, during start too, stops what has started and nothing is left behind.
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.info(`\n${signal}: parando...`);
  // Whatever happens, a stop ends: a step that hangs is abandoned after 30 seconds.
  setTimeout(() => {
    console.error('a parada demorou demais; saindo assim mesmo');
    process.exit(1);
  }, 30_000).unref();
  await stack.stop();
  process.exit(0);
}

process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

stack
  .start()
  .then((running) => console.info(running.banner))
  .catch((error: unknown) => {
    if (error instanceof StackStopped) return;
    console.error(`\nNão foi possível iniciar: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
