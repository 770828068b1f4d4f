/**
 * The production server: `npm run build` compiles it to dist/server/main.js, `npm run start:prod`
 * runs it with the runtime dependencies alone (`npm ci --omit=dev`). It reads the configuration,
 * migrates the PostgreSQL of DATABASE_URL and serves, nothing else: the emulator, the embedded
 * database, the demo seed and the SPA build are the local stack's (tools/, `npm start`).
 * SIGTERM or SIGINT makes /readyz answer 503 for SHUTDOWN_DRAIN_SECONDS (the balancer stops sending),
 * then closes the server (requests under way are answered) and then the pool.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { firebaseVerifier } from './modules/identity';
import { ConfigError, loadConfig } from './platform/config';
import { connectDatabase, type Database } from './platform/db/database';
import { migrate } from './platform/db/migrate';

/**
 * A stop that hangs (a request that never ends, a database gone quiet) is abandoned after this:
 * within the 30 s orchestrators usually grant between SIGTERM and SIGKILL.
 */
const STOP_TIMEOUT_MS = 25_000;

async function main(): Promise<void> {
  const config = loadConfig();
  // There is no embedded database here to fall back on (that is the local stack's).
  if (!config.databaseUrl)
    throw new ConfigError('DATABASE_URL é obrigatória: o servidor de produção usa um PostgreSQL externo.');

  let db: Database | null = null;
  let app: FastifyInstance | null = null;
  let stopping = false;
  const drainMs = config.shutdownDrainMs;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.info(`${signal}: stopping`);
    setTimeout(() => {
      console.error(`o encerramento levou mais de ${STOP_TIMEOUT_MS / 1000} s; o processo sai assim mesmo`);
      process.exit(1);
    }, STOP_TIMEOUT_MS).unref();
    // The balancer is told first (/readyz answers 503) and given time to notice, while requests
    // that still arrive are served; then the server stops accepting and finishes what it began.
    if (app) {
      app.markStopping();
      await new Promise((resolve) => setTimeout(resolve, drainMs));
    }
    // The server first: the requests it is answering still need the pool.
    await app?.close();
    await db?.close();
    process.exit(0);
  };
  // Registered before anything starts, so that a signal during the migration stops cleanly too.
  // Once each: a second Ctrl-C finds Node's default handler and ends the process at once.
  process.once('SIGTERM', (signal) => void stop(signal));
  process.once('SIGINT', (signal) => void stop(signal));

  db = connectDatabase(config.databaseUrl);
  const applied = await migrate(db);
  if (applied.length > 0) console.info(`migrations applied: ${applied.join(', ')}`);
  app = await buildApp({ config, db, verifier: firebaseVerifier(config.firebaseProjectId, config.authEmulatorHost) });
  const url = await app.listen({ host: config.host, port: config.port });
  console.info(`listening on ${url} (Node.js ${process.version})`);
}

main().catch((error: unknown) => {
  // A configuration error is the operator's to fix: its message names the variable, no stack needed.
  // Anything else (a database out of reach, a failed migration) keeps its stack, under a line saying the server did not
  // start.
  if (error instanceof ConfigError) console.error(error.message);
  else console.error('O servidor não iniciou:', error);
  process.exit(1);
});
